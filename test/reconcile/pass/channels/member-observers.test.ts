// Each member channel observes its own members for the status step: Push through the member's API
// server, Pull by its agent's report; neither touches a member of the other channel.
import { describe, expect, it } from 'vitest';
import type { Cluster, KubeObject } from '../../../../src/model/index.ts';
import { pullObserver } from '../../../../src/reconcile/pass/channels/pull-status.ts';
import { pushObserver } from '../../../../src/reconcile/pass/channels/push-status.ts';
import type { Works } from '../../../../src/render/index.ts';
import { FakeKubeClient } from '../../../fakes/kube-client.ts';

const template = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'app' };
const manifest: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app', namespace: 'shop' } };
const item = { template, manifest, suspended: false, preserveOnDeletion: false };
const works: Works = new Map([
  ['member1', [item]],
  ['edge', [item]],
]);
const edge: Cluster = {
  apiVersion: 'cluster.karmada.io/v1alpha1',
  kind: 'Cluster',
  metadata: { name: 'edge' },
  spec: { syncMode: 'Pull' },
};

describe('member observers', () => {
  it('Push observes its members through their clients, and no other member', async () => {
    const clients = new Map([
      ['member1', new FakeKubeClient('member1')],
      ['edge', new FakeKubeClient('edge')],
    ]);
    const observer = pushObserver(['member1'], { applied: [], clients, previousClusters: new Map() });
    const seen = await observer.observe(works);
    expect([...seen.observations.values()].flat().map((o) => o.clusterName)).toEqual(['member1']);
    expect(seen.reported.size).toBe(0);
    expect(clients.get('edge')?.calls).toEqual([]);
    expect(clients.get('member1')?.calls.length).toBeGreaterThan(0);
  });

  it('Pull observes its members by their agents’ reports: without a report, not applied and its agent not heard from', async () => {
    const observer = pullObserver([edge], undefined, new Map(), 0);
    expect(observer.members).toEqual(['edge']);
    const seen = await observer.observe(works);
    expect(seen.observations.size).toBe(0);
    expect([...seen.reported.values()].flat()).toEqual([
      { clusterName: 'edge', applied: false, appliedMessage: 'no report from the agent of edge', health: 'Unknown' },
    ]);
    const cluster = await observer.cluster('edge');
    expect(cluster.name).toBe('edge');
    expect(cluster.agent?.lastHeartbeat).toBeUndefined();
  });
});
