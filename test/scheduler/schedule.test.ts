import { describe, expect, it } from 'vitest';
import type { Cluster, Placement } from '../../src/model/index.ts';
import { createScheduler, schedule, type SchedulingInput } from '../../src/scheduler/index.ts';
import { byName, cluster, clusterWithRoom, deployment } from './helpers.ts';

const plain = [cluster('member1'), cluster('member2'), cluster('member3')];
const divided = (extra: Placement['replicaScheduling'] = {}): Placement => ({
  replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Weighted', ...extra },
});
const dynamic = divided({ weightPreference: { dynamicWeight: 'AvailableReplicas' } });
const run = (fields: Partial<SchedulingInput>, clusters: readonly Cluster[] = plain) =>
  schedule({ resource: deployment, replicas: 3, placement: {}, ...fields }, clusters);

describe('schedule: one binding end to end', () => {
  it('gives every cluster the full count when Duplicated', () => {
    expect(run({}).clusters).toEqual([
      { name: 'member1', replicas: 3 },
      { name: 'member2', replicas: 3 },
      { name: 'member3', replicas: 3 },
    ]);
  });

  it('explains a no-fit in Karmada words, counting each reason', () => {
    const clusters = [
      cluster('member1', { taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] }),
      cluster('member2', { taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] }),
      cluster('member3'),
    ];
    const result = run({ placement: { clusterAffinity: { clusterNames: ['member1', 'member2'] } } }, clusters);
    expect(result.clusters).toEqual([]);
    expect(result.error?.code).toBe('NoClusterFit');
    expect(result.error?.message).toBe(
      '0/3 clusters are available: 1 cluster(s) did not match the placement cluster affinity constraint, ' +
        '2 cluster(s) had untolerated taint {k=v:NoSchedule}.',
    );
  });

  it('propagates a kind without replicas to every cluster with 0 replicas', () => {
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'cfg' };
    expect(run({ resource: configMap, replicas: 0, placement: divided() }).clusters.map((t) => t.replicas)).toEqual([0, 0, 0]);
  });

  it('schedules a workload scaled to 0 nowhere, without error', () => {
    const result = run({ replicas: 0, replicaRequirements: { resourceRequest: { cpu: '1' } }, placement: divided() });
    expect(result).toMatchObject({ clusters: [], error: null });
  });

  it('divides by static weights', () => {
    const placement = divided({
      weightPreference: {
        staticWeightList: [
          { targetCluster: { clusterNames: ['member1'] }, weight: 2 },
          { targetCluster: { clusterNames: ['member2'] }, weight: 1 },
        ],
      },
    });
    expect(byName(run({ replicas: 6, placement }).clusters)).toEqual({ member1: 4, member2: 2 });
  });

  it('leaves a cluster without resourceSummary out of dynamic division and says so', () => {
    const clusters = [clusterWithRoom('member1', 10), cluster('member2')];
    const result = run({ replicas: 4, placement: dynamic }, clusters);
    expect(result.clusters).toEqual([{ name: 'member1', replicas: 4 }]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('cluster member2 publishes no resourceSummary') }),
    ]);
  });

  it('reports a capacity shortage as Unschedulable', () => {
    const result = run({ replicas: 30, placement: dynamic }, [clusterWithRoom('member1', 10)]);
    expect(result.error?.code).toBe('Unschedulable');
    expect(result.error?.message).toBe('Clusters available replicas 10 are not enough to schedule.');
  });

  it('keeps a cluster that became tainted since it was chosen', () => {
    const clusters = [cluster('member1', { taints: [{ key: 'k', effect: 'NoSchedule' }] }), cluster('member2')];
    const previous = [{ name: 'member1', replicas: 3 }];
    expect(run({ previous }, clusters).clusters.map((t) => t.name)).toEqual(['member1', 'member2']);
  });

  it('fails on a Divided placement without a division preference', () => {
    const result = run({ placement: { replicaScheduling: { replicaSchedulingType: 'Divided' } } });
    expect(result.error?.code).toBe('SchedulerError');
    expect(result.error?.message).toMatch(/^unsupported replica scheduling strategy/);
  });

  it('skips clusters being deleted', () => {
    const deleting = { ...cluster('member9'), metadata: { name: 'member9', deletionTimestamp: '2026-01-01T00:00:00Z' } };
    expect(run({}, [cluster('member1'), deleting]).clusters.map((t) => t.name)).toEqual(['member1']);
  });

  it('lists previous clusters first, then by available replicas', () => {
    const clusters = [clusterWithRoom('a', 1), clusterWithRoom('b', 5), clusterWithRoom('c', 5)];
    const result = run({ replicas: 1, previous: [{ name: 'c', replicas: 1 }] }, clusters);
    expect(result.clusters.map((t) => t.name)).toEqual(['c', 'b', 'a']);
  });

  it('gives the same answer through createScheduler', () => {
    const input = { resource: deployment, replicas: 5, placement: divided() };
    expect(createScheduler(plain)(input)).toEqual(schedule(input, plain));
  });
});

describe('schedule: clusterAffinities (docs/karmada-compatibility.md#cluster-affinities)', () => {
  const terms: Placement['clusterAffinities'] = [
    { affinityName: 'primary', clusterNames: ['member1'] },
    { affinityName: 'backup', clusterNames: ['member2', 'member3'] },
  ];
  const down = cluster('member1', {}, { status: { conditions: [{ type: 'Ready', status: 'False' }] } });

  it.each<[string, Partial<SchedulingInput>, Cluster[], string[], string | undefined]>([
    ['uses the first term that schedules', {}, plain, ['member1'], 'primary'],
    ['falls back when the first term has no fit', {}, [down, cluster('member2'), cluster('member3')], ['member2', 'member3'], 'backup'],
    ['starts from the term in use and never goes back', { previousAffinityName: 'backup' }, plain, ['member2', 'member3'], 'backup'],
    ['restarts from the first term on a requested reschedule', { previousAffinityName: 'backup', rescheduleRequested: true }, plain, ['member1'], 'primary'],
    ['restarts from the first term when the term in use is gone', { previousAffinityName: 'gone' }, plain, ['member1'], 'primary'],
  ])('%s', (_name, fields, clusters, want, affinityName) => {
    const result = run({ placement: { clusterAffinities: terms }, ...fields }, clusters);
    expect(result.clusters.map((t) => t.name)).toEqual(want);
    expect(result.affinityName).toBe(affinityName);
  });

  it('skips a term whose selector Karmada cannot build: it matches no cluster, the next term schedules', () => {
    const unbuildable: Placement['clusterAffinities'] = [
      { affinityName: 'broken', labelSelector: { matchExpressions: [{ key: 'env', operator: 'In', values: [] }] } },
      { affinityName: 'broken-field', fieldSelector: { matchExpressions: [{ key: 'region', operator: 'NotIn', values: [] }] } },
      { affinityName: 'backup', clusterNames: ['member2'] },
    ];
    const result = run({ placement: { clusterAffinities: unbuildable } });
    expect(result.clusters.map((t) => t.name)).toEqual(['member2']);
    expect(result.affinityName).toBe('backup');
  });

  it.each<[string, Placement['clusterTolerations'], string[]]>([
    ['an effect alone tolerates the valueless not-ready taint', [{ effect: 'NoSchedule' }], ['member1', 'member2']],
    ['Exists with a value Karmada stored tolerates it', [{ key: 'cluster.karmada.io/not-ready', operator: 'Exists', value: 'x' }], ['member1', 'member2']],
    [
      'tolerationSeconds with NoSchedule tolerates it',
      [{ key: 'cluster.karmada.io/not-ready', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 }],
      ['member1', 'member2'],
    ],
    ['an empty operator with another value does not', [{ key: 'cluster.karmada.io/not-ready', operator: '', value: 'x' }], ['member2']],
  ])('clusterTolerations Karmada accepts: %s', (_name, clusterTolerations, want) => {
    const result = run({ placement: { clusterTolerations: clusterTolerations ?? [] } }, [down, cluster('member2')]);
    expect(result.clusters.map((t) => t.name)).toEqual(want);
  });

  it('moves on after a capacity shortage', () => {
    const clusters = [clusterWithRoom('member1', 1), clusterWithRoom('member2', 10), clusterWithRoom('member3', 10)];
    const result = run({ replicas: 4, placement: { ...dynamic, clusterAffinities: terms } }, clusters);
    expect(result.affinityName).toBe('backup');
    expect(byName(result.clusters)).toEqual({ member2: 2, member3: 2 });
  });

  it('reports the first error and keeps the term in use when every term fails', () => {
    const result = run({ placement: { clusterAffinities: terms }, previousAffinityName: 'primary' }, [down]);
    expect(result.clusters).toEqual([]);
    expect(result.affinityName).toBe('primary');
    expect(result.error?.message).toBe('0/1 clusters are available: 1 cluster(s) had untolerated taint {cluster.karmada.io/not-ready:NoSchedule}.');
  });

  it('fills overflow tiers after the term own clusters', () => {
    const clusters = [clusterWithRoom('member1', 2), clusterWithRoom('member2', 10), clusterWithRoom('member3', 10)];
    const overflow = [{ affinityName: 'primary', clusterNames: ['member1'], overflowAffinities: [{ affinityName: 'burst', clusterNames: ['member2'] }] }];
    const result = run({ replicas: 5, placement: { ...dynamic, clusterAffinities: overflow } }, clusters);
    expect(byName(result.clusters)).toEqual({ member1: 2, member2: 3 });
  });
});
