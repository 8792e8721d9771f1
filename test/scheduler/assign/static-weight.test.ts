import { describe, expect, it } from 'vitest';
import type { ClusterPreferences } from '../../../src/model/index.ts';
import { assignByStaticWeight, staticWeights } from '../../../src/scheduler/assign/static-weight.ts';
import { byName, candidate } from '../helpers.ts';

const three = [candidate('member1'), candidate('member2'), candidate('member3')];
const two = [candidate('member1'), candidate('member2')];
const named = (name: string, weight: number) => ({ targetCluster: { clusterNames: [name] }, weight });
const w321: ClusterPreferences = { staticWeightList: [named('member1', 3), named('member2', 2), named('member3', 1)] };

describe('assignByStaticWeight (assignment_test.go, docs/karmada-compatibility.md#assigning-replicas)', () => {
  it.each<[string, typeof three, ClusterPreferences | undefined, number, Record<string, number>]>([
    ['divides 12 over 3:2:1 as 6, 4, 2', three, w321, 12, { member1: 6, member2: 4, member3: 2 }],
    ['divides 12 without a weight preference as 4, 4, 4', three, undefined, 12, { member1: 4, member2: 4, member3: 4 }],
    ['divides 13 over 3:2:1 as 7, 4, 2', three, w321, 13, { member1: 7, member2: 4, member3: 2 }],
    ['divides 14 over 3:2:1 as 7, 5, 2', three, w321, 14, { member1: 7, member2: 5, member3: 2 }],
    ['gives 0 replicas nothing', two, { staticWeightList: [named('member1', 1), named('member2', 1)] }, 0, { member1: 0, member2: 0 }],
    ['drops a cluster no entry weighs', two, { staticWeightList: [named('member1', 1)] }, 2, { member1: 2 }],
    [
      'takes the largest matching weight',
      two,
      { staticWeightList: [named('member1', 1), named('member2', 1), named('member1', 2)] },
      3,
      { member1: 2, member2: 1 },
    ],
    ['weighs every cluster 1 when no entry matches', two, { staticWeightList: [named('other', 5)] }, 4, { member1: 2, member2: 2 }],
  ])('%s', (_name, selected, preference, replicas, want) => {
    expect(byName(assignByStaticWeight(selected, preference, replicas, false))).toEqual(want);
  });

  it('matches entries by label selector as well as by name', () => {
    const labelled = { staticWeightList: [{ targetCluster: { labelSelector: {} }, weight: 2 }] };
    expect(staticWeights(two, labelled)).toEqual([
      { name: 'member1', weight: 2 },
      { name: 'member2', weight: 2 },
    ]);
  });
});
