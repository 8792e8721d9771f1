import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../src/interpreter/index.ts';
import type { KubeObject, ResourceInterpreterCustomization } from '../../src/model/index.ts';
import { templateStatus, type MemberObservation } from '../../src/status/index.ts';
import { bindingFor, deployment, memberDeployment, nativeInterpreter } from './helpers.ts';

const web = deployment('web', 4);
const spread = bindingFor(web, [
  { name: 'member1', replicas: 2 },
  { name: 'member2', replicas: 2 },
]);
const policy = spread.policy;

function observed(cluster: string, available: number): MemberObservation {
  return { clusterName: cluster, applied: true, observed: memberDeployment('web', 2, { updated: 2, available }) };
}

const AVAILABLE_FALSE = { type: 'Available', status: 'False', reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.' };
const QUOTA_FAILURE = { type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'pods "web-1" is forbidden: exceeded quota: shop-quota' };

/** The observation with the member object's status conditions. */
function withConditions(o: MemberObservation, conditions: Record<string, string>[]): MemberObservation {
  const object = o.observed as KubeObject;
  return { ...o, observed: { ...object, status: { ...(object['status'] as object), conditions } } };
}

function statusOf(observations: MemberObservation[], binding = spread, expected = ['member1', 'member2']) {
  return templateStatus({ template: web, policy, binding, expectedClusters: expected, observations }, nativeInterpreter);
}

describe('templateStatus', () => {
  it('sorts the items by cluster name and sums the Deployment counters (Karmada aggregatestatus_test)', () => {
    const s = statusOf([observed('member2', 2), observed('member1', 2)]);
    expect(s.aggregatedStatus.map((i) => i.clusterName)).toEqual(['member1', 'member2']);
    expect(s.resourceStatus).toEqual({
      replicas: 4,
      readyReplicas: 4,
      updatedReplicas: 4,
      availableReplicas: 4,
      unavailableReplicas: 0,
      observedGeneration: 0,
    });
    expect(s.health).toBe('Healthy');
    expect(s.problems).toEqual([]);
    expect(s.conditions).toEqual([
      { type: 'Scheduled', status: 'True', reason: 'Success', message: 'Binding has been scheduled successfully.' },
      { type: 'FullyApplied', status: 'True', reason: 'FullyAppliedSuccess', message: 'All works have been successfully applied' },
    ]);
  });

  it.each([
    [
      'a member with 0 of 2 available makes the template Unhealthy',
      [observed('member1', 2), observed('member2', 0)],
      'Unhealthy',
      ['member2: Unhealthy (0/2 available)'],
    ],
    [
      "an unhealthy copy's problem says why in its conditions' words, a failure before an unmet condition",
      [
        observed('member1', 2),
        withConditions(observed('member2', 0), [AVAILABLE_FALSE, QUOTA_FAILURE, { type: 'Progressing', status: 'True', message: 'ok' }]),
      ],
      'Unhealthy',
      ['member2: Unhealthy (0/2 available): ReplicaFailure: pods "web-1" is forbidden: exceeded quota: shop-quota'],
    ],
    [
      'an unmet condition says why when no failure does',
      [observed('member1', 2), withConditions(observed('member2', 0), [AVAILABLE_FALSE, { type: 'ReplicaFailure', status: 'False', message: 'fine' }])],
      'Unhealthy',
      ['member2: Unhealthy (0/2 available): Available: Deployment does not have minimum availability.'],
    ],
    [
      'a healthy copy with a stale failure message has no problem',
      [observed('member1', 2), withConditions(observed('member2', 2), [QUOTA_FAILURE])],
      'Healthy',
      [],
    ],
    ['a member not reported makes it Unknown', [observed('member1', 2)], 'Unknown', ['member2: no result from this cluster (unreachable or not applied)']],
    [
      'a failed apply makes it Unknown with the message',
      [observed('member1', 2), { clusterName: 'member2', applied: false, appliedMessage: 'admission webhook denied' }],
      'Unknown',
      ['member2: not applied: admission webhook denied'],
    ],
  ] as const)('%s', (_name, observations, health, problems) => {
    const s = statusOf([...observations]);
    expect(s.health).toBe(health);
    expect(s.problems).toEqual(problems);
  });

  it("carries the placement the binding was scheduled with, for the next pass's reschedule gate", () => {
    const appliedPlacement = JSON.stringify({ clusterAffinity: { clusterNames: ['member1', 'member2'] } });
    expect(statusOf([], { ...spread, appliedPlacement }).appliedPlacement).toBe(appliedPlacement);
  });

  it('a failed apply means not FullyApplied', () => {
    const s = statusOf([observed('member1', 2), { clusterName: 'member2', applied: false }]);
    expect(s.conditions.find((c) => c.type === 'FullyApplied')?.status).toBe('False');
  });

  it('a template that cannot be scheduled is Unhealthy, Scheduled=False NoClusterFit, with the reason', () => {
    const failed = bindingFor(web, [], '0/3 clusters are available: 3 cluster(s) did not match the placement cluster affinity constraint.');
    const s = statusOf([], failed, []);
    expect(s.health).toBe('Unhealthy');
    expect(s.conditions[0]).toMatchObject({ type: 'Scheduled', status: 'False', reason: 'NoClusterFit' });
    expect(s.problems).toEqual(['cannot be scheduled: 0/3 clusters are available: 3 cluster(s) did not match the placement cluster affinity constraint.']);
  });

  it('a template scheduled to no cluster without error is Healthy (nothing to run)', () => {
    expect(statusOf([], bindingFor(web, []), []).health).toBe('Healthy');
  });

  it('a claim that cannot take effect is Unhealthy with the reason', () => {
    const s = templateStatus(
      { template: web, policy, binding: null, claimError: 'dependent override missing', expectedClusters: [], observations: [] },
      nativeInterpreter,
    );
    expect(s.health).toBe('Unhealthy');
    expect(s.problems).toEqual(['cannot be propagated: dependent override missing']);
  });

  it('a Lua AggregateStatus aggregates a custom resource', () => {
    const ric: ResourceInterpreterCustomization = {
      apiVersion: 'config.karmada.io/v1alpha1',
      kind: 'ResourceInterpreterCustomization',
      metadata: { name: 'widgets' },
      spec: {
        target: { apiVersion: 'example.com/v1', kind: 'Widget' },
        customizations: {
          statusAggregation: {
            luaScript: `function AggregateStatus(desired, items)
  local total = 0
  for i = 1, #items do total = total + items[i].status.count end
  desired.status = { count = total, clusters = #items }
  return desired
end`,
          },
        },
      },
    };
    const interpreter = createInterpreter([ric], { bundled: [] });
    const widget: KubeObject = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' } };
    const member = (count: number): KubeObject => ({ ...widget, status: { count } });
    const s = templateStatus(
      {
        template: widget,
        policy,
        binding: bindingFor(widget, [
          { name: 'a', replicas: 0 },
          { name: 'b', replicas: 0 },
        ]),
        expectedClusters: ['a', 'b'],
        observations: [
          { clusterName: 'b', applied: true, observed: member(3) },
          { clusterName: 'a', applied: true, observed: member(2) },
        ],
      },
      interpreter,
    );
    expect(s.resourceStatus).toEqual({ count: 5, clusters: 2 });
  });

  it('never keeps a Secret value: member status is dropped and values quoted in errors are masked', () => {
    const secret: KubeObject = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'default' },
      data: { password: Buffer.from('hunter22').toString('base64') },
      stringData: { token: 's3cr3t-token' },
    };
    const s = templateStatus(
      {
        template: secret,
        policy,
        binding: bindingFor(secret, [
          { name: 'm1', replicas: 0 },
          { name: 'm2', replicas: 0 },
        ]),
        expectedClusters: ['m1', 'm2'],
        observations: [
          { clusterName: 'm1', applied: false, appliedMessage: 'invalid value "hunter22" and s3cr3t-token' },
          { clusterName: 'm2', applied: true, observed: { ...secret, status: { echoed: 'hunter22' } } },
        ],
      },
      nativeInterpreter,
    );
    const text = JSON.stringify(s);
    for (const value of ['hunter22', 's3cr3t-token', Buffer.from('hunter22').toString('base64')]) expect(text).not.toContain(value);
    expect(s.aggregatedStatus[0]?.appliedMessage).toBe('invalid value "***" and ***');
  });
});
