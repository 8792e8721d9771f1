import { describe, expect, it } from 'vitest';
import type { Placement } from '../../../src/model/index.ts';
import { SchedulerError } from '../../../src/scheduler/errors/index.ts';
import { selectClusters } from '../../../src/scheduler/select/select-clusters.ts';
import { candidate } from '../helpers.ts';

// select_clusters_test.go: already in the global order (score desc).
const ordered = [
  candidate('member4', { score: 60, allocatable: 50 }),
  candidate('member2', { score: 40, allocatable: 60 }),
  candidate('member3', { score: 30, allocatable: 80 }),
  candidate('member1', { score: 20, allocatable: 40 }),
];
const cluster12 = [{ spreadByField: 'cluster' as const, minGroups: 1, maxGroups: 2 }];
const divided = { replicaSchedulingType: 'Divided' as const, replicaDivisionPreference: 'Weighted' as const };

describe('selectClusters by cluster (select_clusters_test.go, docs/karmada-compatibility.md#spread-constraints)', () => {
  it.each<[string, Placement, number, string[] | string]>([
    ['takes the first maxGroups for Duplicated without checking capacity', { spreadConstraints: cluster12 }, 100, ['member4', 'member2']],
    [
      'takes the first maxGroups for explicit Duplicated',
      { spreadConstraints: cluster12, replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
      120,
      ['member4', 'member2'],
    ],
    [
      'ignores constraints for static weights',
      { spreadConstraints: cluster12, replicaScheduling: { ...divided, weightPreference: { staticWeightList: [{ targetCluster: {}, weight: 1 }] } } },
      120,
      ['member4', 'member2', 'member3', 'member1'],
    ],
    [
      'swaps in a bigger cluster until the replicas fit',
      { spreadConstraints: cluster12, replicaScheduling: { replicaSchedulingType: 'Divided' } },
      120,
      ['member4', 'member3'],
    ],
    [
      'fails when no swap makes the replicas fit',
      { spreadConstraints: cluster12, replicaScheduling: { replicaSchedulingType: 'Divided' } },
      200,
      'no enough resource when selecting 2 clusters',
    ],
    [
      'fails below minGroups',
      { spreadConstraints: [{ spreadByField: 'cluster', minGroups: 7, maxGroups: 7 }] },
      10,
      'the number of feasible clusters is less than spreadConstraint.MinGroups',
    ],
    ['selects nothing with maxGroups unset', { spreadConstraints: [{ spreadByField: 'cluster', minGroups: 1 }] }, 10, []],
    ['keeps every cluster without constraints', {}, 10, ['member4', 'member2', 'member3', 'member1']],
    [
      'fails on spreadByLabel alone, as Karmada does',
      { spreadConstraints: [{ spreadByLabel: 'team', minGroups: 1, maxGroups: 2 }] },
      10,
      'just support cluster and region spread constraint',
    ],
    [
      'ignores spreadByLabel beside a cluster constraint',
      { spreadConstraints: [...cluster12, { spreadByLabel: 'team', minGroups: 1, maxGroups: 1 }] },
      10,
      ['member4', 'member2'],
    ],
    [
      'lets zone and provider constraints only filter',
      { spreadConstraints: [{ spreadByField: 'zone', minGroups: 1, maxGroups: 1 }, ...cluster12] },
      10,
      ['member4', 'member2'],
    ],
  ])('%s', (_name, placement, replicas, want) => {
    const out = selectClusters(ordered, placement, replicas);
    if (typeof want === 'string') {
      expect(out).toBeInstanceOf(SchedulerError);
      expect((out as SchedulerError).message).toBe(want);
    } else {
      expect((out as { name: string }[]).map((c) => c.name)).toEqual(want);
    }
  });
});

describe('selectClusters by region (select_clusters_by_region.go, docs/karmada-compatibility.md#spread-constraints)', () => {
  const regional = [
    candidate('a1', { score: 100, allocatable: 10, spec: { region: 'east' } }),
    candidate('b1', { score: 0, allocatable: 30, spec: { region: 'west' } }),
    candidate('a2', { score: 0, allocatable: 20, spec: { region: 'east' } }),
    candidate('c1', { score: 0, allocatable: 5, spec: { region: 'north' } }),
  ];
  const constraints = (rMin: number, rMax: number, cMin: number, cMax: number) => [
    { spreadByField: 'region' as const, minGroups: rMin, maxGroups: rMax },
    { spreadByField: 'cluster' as const, minGroups: cMin, maxGroups: cMax },
  ];
  it.each<[string, Placement, string[] | string]>([
    ['takes the best cluster of each chosen region, then fills up in order', { spreadConstraints: constraints(2, 2, 2, 3) }, ['a1', 'b1', 'a2']],
    ['stops at the cluster maxGroups', { spreadConstraints: constraints(2, 2, 2, 2) }, ['a1', 'b1']],
    [
      'fails when too few regions are feasible',
      { spreadConstraints: constraints(4, 4, 1, 4) },
      'the number of feasible region is less than spreadConstraint.MinGroups',
    ],
    [
      'fails when the chosen regions cannot reach the cluster minGroups',
      { spreadConstraints: constraints(1, 1, 3, 3) },
      'the number of clusters is less than the cluster spreadConstraint.MinGroups',
    ],
  ])('%s', (_name, placement, want) => {
    const out = selectClusters(regional, placement, 10);
    if (typeof want === 'string') expect((out as SchedulerError).message).toBe(want);
    else expect((out as { name: string }[]).map((c) => c.name)).toEqual(want);
  });
});
