import { describe, expect, it } from 'vitest';
import type { ClusterQuotaStatus, FederatedResourceQuota, KubeObject } from '../../src/model/index.ts';
import {
  emitYaml,
  federatedQuotaStatus,
  overallUsed,
  parseQuotaDocument,
  quotaDocument,
  quotaSection,
  withShardQuotaMembers,
  type MemberObservation,
} from '../../src/status/index.ts';
import { load } from 'js-yaml';

const quota: FederatedResourceQuota = {
  apiVersion: 'policy.karmada.io/v1alpha1',
  kind: 'FederatedResourceQuota',
  metadata: { name: 'team', namespace: 'shop' },
  spec: { overall: { memory: '2048Mi', cpu: '10' } },
};
const rq = (status?: Record<string, unknown>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ResourceQuota',
  metadata: { name: 'team', namespace: 'shop' },
  ...(status ? { status } : {}),
});
const member = (clusterName: string, applied: boolean, observed?: KubeObject): MemberObservation => ({
  clusterName,
  applied,
  ...(observed ? { observed } : {}),
});

describe("overallUsed: the members' use summed with Quantity.Add", () => {
  it.each<[string, ClusterQuotaStatus[], Record<string, string> | undefined]>([
    ['nobody uses anything', [{ clusterName: 'a' }], undefined],
    [
      'millicores and cores',
      [
        { clusterName: 'a', used: { cpu: '500m' } },
        { clusterName: 'b', used: { cpu: '1500m' } },
      ],
      { cpu: '2' },
    ],
    [
      'binary suffixes',
      [
        { clusterName: 'a', used: { memory: '1Gi' } },
        { clusterName: 'b', used: { memory: '512Mi' } },
      ],
      { memory: '1536Mi' },
    ],
    [
      'a resource one member uses only',
      [
        { clusterName: 'a', used: { pods: '3' } },
        { clusterName: 'b', used: { cpu: '100m', pods: '2' } },
      ],
      { cpu: '100m', pods: '5' },
    ],
    [
      "the first non-zero term's format wins",
      [
        { clusterName: 'a', used: { memory: '1k' } },
        { clusterName: 'b', used: { memory: '1Ki' } },
      ],
      { memory: '2024' },
    ],
  ])('%s', (_name, members, want) => {
    expect(overallUsed(members)).toEqual(want);
  });
});

describe("federatedQuotaStatus: Karmada's status controller", () => {
  it.each<[string, MemberObservation[], unknown]>([
    ['no member reports: only overall', [], { overall: { cpu: '10', memory: '2Gi' } }],
    [
      'members in name order, overall use summed',
      [
        member('member2', true, rq({ hard: { cpu: '4' }, used: { cpu: '1' } })),
        member('member1', true, rq({ hard: { cpu: '6', memory: '1Gi' }, used: { cpu: '500m', memory: '0' } })),
      ],
      {
        overall: { cpu: '10', memory: '2Gi' },
        overallUsed: { cpu: '1500m', memory: '0' },
        aggregatedStatus: [
          { clusterName: 'member1', hard: { cpu: '6', memory: '1Gi' }, used: { cpu: '500m', memory: '0' } },
          { clusterName: 'member2', hard: { cpu: '4' }, used: { cpu: '1' } },
        ],
      },
    ],
    [
      'a member whose apply failed, or that has no status yet, is left out',
      [member('member1', false, rq({ hard: { cpu: '6' }, used: { cpu: '6' } })), member('member2', true, rq()), member('member3', true)],
      { overall: { cpu: '10', memory: '2Gi' } },
    ],
  ])('%s', (_name, members, want) => {
    expect(federatedQuotaStatus(quota, members)).toEqual({
      resource: { apiVersion: 'policy.karmada.io/v1alpha1', kind: 'FederatedResourceQuota', namespace: 'shop', name: 'team' },
      status: want,
    });
  });

  it("with shards: the other replicas' members from the tip, the overall use summed over both", () => {
    const own = federatedQuotaStatus(quota, [member('member1', true, rq({ hard: { cpu: '6' }, used: { cpu: '1' } }))]);
    const theirs = federatedQuotaStatus(quota, [
      member('member1', true, rq({ hard: { cpu: '6' }, used: { cpu: '5' } })),
      member('member2', true, rq({ hard: { cpu: '4' }, used: { cpu: '2' } })),
    ]);
    const merged = withShardQuotaMembers(own, (c) => c === 'member1', theirs);
    expect(merged.status.overallUsed).toEqual({ cpu: '3' });
    expect(merged.status.aggregatedStatus?.map((s) => `${s.clusterName} ${s.used?.['cpu']}`)).toEqual(['member1 1', 'member2 2']);
  });
});

describe('the quota document on the status branch', () => {
  const report = federatedQuotaStatus(quota, [member('member1', true, rq({ hard: { cpu: '6' }, used: { cpu: '1' } }))]);

  it("is Karmada's kind and status shape, and reads back as written", () => {
    const text = emitYaml(quotaDocument(report));
    expect(load(text)).toEqual({
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'FederatedResourceQuota',
      metadata: { name: 'team', namespace: 'shop' },
      status: {
        overall: { cpu: '10', memory: '2Gi' },
        overallUsed: { cpu: '1' },
        aggregatedStatus: [{ clusterName: 'member1', hard: { cpu: '6' }, used: { cpu: '1' } }],
      },
    });
    expect(parseQuotaDocument(load(text))).toEqual(report);
  });

  it.each<[string, unknown]>([
    ['another kind', { kind: 'Cluster', metadata: { name: 'x', namespace: 'y' } }],
    ['no namespace', { kind: 'FederatedResourceQuota', metadata: { name: 'x' } }],
    ['not a mapping', 'text'],
  ])('is not read back from %s', (_name, doc) => {
    expect(parseQuotaDocument(doc)).toBeUndefined();
  });

  it('drops an entry without a cluster name, with a warning', () => {
    const warnings: string[] = [];
    const parsed = parseQuotaDocument(
      { kind: 'FederatedResourceQuota', metadata: { name: 'x', namespace: 'y' }, status: { aggregatedStatus: [{ used: {} }] } },
      (m) => warnings.push(m),
    );
    expect(parsed?.status).toEqual({});
    expect(warnings).toEqual(['status.aggregatedStatus: an entry without a clusterName; ignored']);
  });

  it('has a STATUS.md section: overall, then each member, used against hard', () => {
    expect(quotaSection(undefined)).toEqual([]);
    expect(quotaSection([report])).toEqual([
      '## Federated resource quotas',
      '',
      '| quota | cluster | used / hard |',
      '| --- | --- | --- |',
      '| [FederatedResourceQuota/shop/team](quotas/shop/team.yaml) | overall | cpu 1/10, memory 0/2Gi |',
      '|  | member1 | cpu 1/6 |',
      '',
    ]);
  });
});
