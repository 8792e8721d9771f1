import { describe, expect, it } from 'vitest';
import type { Cluster, Placement, TargetCluster } from '../../../src/model/index.ts';
import { placementChanged, rescheduleReason } from '../../../src/render/bind/reschedule-gate.ts';
import type { LastScheduling, RescheduleReason } from '../../../src/render/bind/reschedule-gate.ts';

function cluster(name: string, deleting = false): Cluster {
  return {
    apiVersion: 'cluster.karmada.io/v1alpha1',
    kind: 'Cluster',
    metadata: { name, ...(deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
    spec: {},
  };
}

const FLEET = [cluster('m1'), cluster('m2'), cluster('m3')];
const DIVIDED: Placement = {
  clusterAffinity: { clusterNames: ['m1', 'm2', 'm3'] },
  replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Weighted' },
};
const DUPLICATED: Placement = { clusterAffinity: { clusterNames: ['m1', 'm2', 'm3'] }, replicaScheduling: { replicaSchedulingType: 'Duplicated' } };
const TERMS: Placement = {
  clusterAffinities: [
    { affinityName: 'primary', clusterNames: ['m1'] },
    { affinityName: 'backup', clusterNames: ['m2'] },
  ],
  replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Weighted' },
};
const split = (...replicas: number[]): TargetCluster[] => replicas.map((r, i) => ({ name: `m${i + 1}`, replicas: r }));
const scheduled = (placement: Placement, clusters: TargetCluster[], affinityName?: string): LastScheduling => ({
  clusters,
  appliedPlacement: JSON.stringify(placement),
  ...(affinityName ? { affinityName } : {}),
});

describe('rescheduleReason (docs/karmada-compatibility.md#when-a-binding-is-scheduled)', () => {
  const cases: {
    name: string;
    placement: Placement;
    replicas: number;
    requirements?: boolean;
    last: LastScheduling | undefined;
    clusters?: Cluster[];
    expected: RescheduleReason | undefined;
  }[] = [
    { name: 'never scheduled', placement: DIVIDED, replicas: 6, last: undefined, expected: 'placement changed' },
    {
      name: 'no applied-placement annotation (an older status branch)',
      placement: DIVIDED,
      replicas: 6,
      last: { clusters: split(2, 2, 2) },
      expected: 'placement changed',
    },
    {
      name: 'an empty annotation counts as missing',
      placement: DIVIDED,
      replicas: 6,
      last: { clusters: split(2, 2, 2), appliedPlacement: '' },
      expected: 'placement changed',
    },
    {
      name: 'an unparsable annotation counts as no change',
      placement: DIVIDED,
      replicas: 6,
      last: { clusters: split(2, 2, 2), appliedPlacement: '{not json' },
      expected: undefined,
    },
    {
      name: 'a non-object annotation counts as no change',
      placement: DIVIDED,
      replicas: 6,
      last: { clusters: split(2, 2, 2), appliedPlacement: '[1]' },
      expected: undefined,
    },
    {
      name: 'clusterAffinity edited',
      placement: { ...DIVIDED, clusterAffinity: { clusterNames: ['m1', 'm2'] } },
      replicas: 6,
      last: scheduled(DIVIDED, split(2, 2, 2)),
      expected: 'placement changed',
    },
    {
      name: 'tolerations added',
      placement: { ...DIVIDED, clusterTolerations: [{ key: 'k', operator: 'Exists' }] },
      replicas: 6,
      last: scheduled(DIVIDED, split(2, 2, 2)),
      expected: 'placement changed',
    },
    {
      name: 'replicaScheduling edited',
      placement: { ...DIVIDED, replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Aggregated' } },
      replicas: 6,
      last: scheduled(DIVIDED, split(2, 2, 2)),
      expected: 'placement changed',
    },
    {
      name: 'the same placement, keys in another order',
      placement: { replicaScheduling: DIVIDED.replicaScheduling!, clusterAffinity: DIVIDED.clusterAffinity! },
      replicas: 6,
      last: scheduled(DIVIDED, split(2, 2, 2)),
      expected: undefined,
    },
    {
      name: 'clusterAffinities: the observed term edited',
      replicas: 2,
      expected: 'placement changed',
      placement: {
        ...TERMS,
        clusterAffinities: [
          { affinityName: 'primary', clusterNames: ['m1'] },
          { affinityName: 'backup', clusterNames: ['m2', 'm3'] },
        ],
      },
      last: scheduled(TERMS, [{ name: 'm2', replicas: 2 }], 'backup'),
    },
    {
      name: 'clusterAffinities: another term edited',
      replicas: 2,
      expected: undefined,
      placement: {
        ...TERMS,
        clusterAffinities: [
          { affinityName: 'primary', clusterNames: ['m1', 'm3'] },
          { affinityName: 'backup', clusterNames: ['m2'] },
        ],
      },
      last: scheduled(TERMS, [{ name: 'm2', replicas: 2 }], 'backup'),
    },
    {
      name: 'clusterAffinities: the observed term removed',
      replicas: 2,
      expected: 'placement changed',
      placement: { ...TERMS, clusterAffinities: [{ affinityName: 'primary', clusterNames: ['m1'] }] },
      last: scheduled(TERMS, [{ name: 'm2', replicas: 2 }], 'backup'),
    },
    {
      name: 'clusterAffinities edited, no term observed yet',
      replicas: 2,
      expected: 'placement changed',
      placement: {
        ...TERMS,
        clusterAffinities: [
          { affinityName: 'primary', clusterNames: ['m1', 'm3'] },
          { affinityName: 'backup', clusterNames: ['m2'] },
        ],
      },
      last: scheduled(TERMS, [{ name: 'm1', replicas: 2 }]),
    },
    { name: 'Divided, replicas scaled', placement: DIVIDED, replicas: 9, last: scheduled(DIVIDED, split(2, 2, 2)), expected: 'replicas changed' },
    {
      name: 'Divided, a member evicted (it left spec.clusters)',
      placement: DIVIDED,
      replicas: 6,
      last: scheduled(DIVIDED, split(2, 2)),
      expected: 'replicas changed',
    },
    { name: 'Duplicated, replicas scaled', placement: DUPLICATED, replicas: 3, last: scheduled(DUPLICATED, split(2, 2, 2)), expected: 'replicas changed' },
    {
      name: 'Duplicated, unchanged',
      placement: DUPLICATED,
      replicas: 2,
      last: scheduled(DUPLICATED, split(2, 2, 2)),
      expected: 'not a workload, or Duplicated',
    },
    {
      name: 'no replicaScheduling is Duplicated',
      placement: { clusterAffinity: { clusterNames: ['m1'] } },
      replicas: 1,
      last: scheduled({ clusterAffinity: { clusterNames: ['m1'] } }, split(1)),
      expected: 'not a workload, or Duplicated',
    },
    {
      name: 'a non-workload under a Divided policy',
      placement: DIVIDED,
      replicas: 0,
      last: scheduled(DIVIDED, split(0, 0, 0)),
      expected: 'not a workload, or Duplicated',
    },
    {
      name: 'Divided, 0 replicas with requirements is a workload',
      placement: DIVIDED,
      replicas: 0,
      requirements: true,
      last: scheduled(DIVIDED, split(0, 0, 0)),
      expected: undefined,
    },
    {
      name: 'a target cluster left the repository',
      placement: DIVIDED,
      replicas: 6,
      last: scheduled(DIVIDED, split(2, 2, 2)),
      clusters: [cluster('m1'), cluster('m2')],
      expected: 'a target cluster is being deleted',
    },
    {
      name: 'a target cluster has a deletion timestamp',
      placement: DIVIDED,
      replicas: 6,
      last: scheduled(DIVIDED, split(2, 2, 2)),
      clusters: [cluster('m1'), cluster('m2'), cluster('m3', true)],
      expected: 'a target cluster is being deleted',
    },
    { name: 'otherwise: Divided, a member came back', placement: DIVIDED, replicas: 6, last: scheduled(DIVIDED, split(3, 3)), expected: undefined },
    {
      name: 'otherwise: Divided, a new cluster appeared',
      placement: DIVIDED,
      replicas: 6,
      last: scheduled(DIVIDED, split(2, 2, 2)),
      clusters: [...FLEET, cluster('m4')],
      expected: undefined,
    },
    {
      name: 'placement is checked first',
      placement: { ...DIVIDED, clusterTolerations: [{ key: 'k', operator: 'Exists' }] },
      replicas: 9,
      last: scheduled(DIVIDED, split(2, 2, 2)),
      clusters: [],
      expected: 'placement changed',
    },
    {
      name: 'replicas before a deleted cluster',
      placement: DIVIDED,
      replicas: 9,
      last: scheduled(DIVIDED, split(2, 2, 2)),
      clusters: [],
      expected: 'replicas changed',
    },
  ];
  it.each(cases)('$name', ({ placement, replicas, requirements, last, clusters, expected }) => {
    const spec = { placement, replicas, ...(requirements ? { replicaRequirements: { resourceRequest: { cpu: '100m' } } } : {}) };
    expect(rescheduleReason(spec, last, clusters ?? FLEET)).toBe(expected);
  });
});

describe('placementChanged', () => {
  it('drops what JSON drops before comparing (undefined fields)', () => {
    expect(placementChanged({ ...DIVIDED, spreadConstraints: undefined }, JSON.stringify(DIVIDED), undefined)).toBe(false);
  });
});
