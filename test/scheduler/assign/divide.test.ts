import { describe, expect, it } from 'vitest';
import type { TargetCluster } from '../../../src/model/index.ts';
import { divideByCapacity, mergeTargetClusters } from '../../../src/scheduler/assign/divide.ts';
import { UnschedulableError } from '../../../src/scheduler/errors/index.ts';
import { byName } from '../helpers.ts';

const list = (caps: Record<string, number>) => Object.entries(caps).map(([name, weight]) => ({ name, weight }));

describe('divideByCapacity (division_algorithm_test.go, docs/karmada-compatibility.md#assigning-replicas)', () => {
  it.each<[string, boolean, Record<string, number>, Record<string, number>]>([
    ['DynamicWeight over 18:12:6', false, { member1: 18, member2: 12, member3: 6 }, { member1: 6, member2: 4, member3: 2 }],
    ['DynamicWeight over 20:12:6', false, { member1: 20, member2: 12, member3: 6 }, { member1: 6, member2: 4, member3: 2 }],
    ['DynamicWeight over 6:12:6', false, { member1: 6, member2: 12, member3: 6 }, { member1: 3, member2: 6, member3: 3 }],
    ['Aggregated keeps the first cluster that fits all', true, { member2: 12, member1: 6, member3: 6 }, { member2: 12 }],
    ['Aggregated takes the shortest prefix that fits', true, { member1: 6, member2: 6, member3: 6 }, { member1: 6, member2: 6 }],
  ])('%s, 12 replicas', (_name, aggregated, caps, want) => {
    const out = divideByCapacity(12, list(caps), [], aggregated, false);
    expect(Array.isArray(out) && byName(out.filter((t) => t.replicas > 0))).toEqual(want);
  });

  it('fails with Karmada message when the capacities are short', () => {
    const out = divideByCapacity(12, list({ a: 3, b: 3 }), [], false, false);
    expect(out).toBeInstanceOf(UnschedulableError);
    expect((out as UnschedulableError).message).toBe('Clusters available replicas 6 are not enough to schedule.');
  });

  it('puts clusters already hosting replicas first for Aggregated', () => {
    const prior: TargetCluster[] = [{ name: 'small', replicas: 1 }];
    const out = divideByCapacity(2, list({ big: 10, small: 2 }), prior, true, false);
    expect(Array.isArray(out) && byName(out)).toEqual({ small: 3 });
  });
});

describe('mergeTargetClusters', () => {
  it.each<[string, TargetCluster[], TargetCluster[], TargetCluster[]]>([
    ['returns the new list without prior', [], [{ name: 'a', replicas: 1 }], [{ name: 'a', replicas: 1 }]],
    ['returns the prior list without new entries', [{ name: 'a', replicas: 1 }], [], [{ name: 'a', replicas: 1 }]],
    [
      'adds prior replicas and appends prior-only clusters',
      [
        { name: 'z', replicas: 2 },
        { name: 'a', replicas: 1 },
      ],
      [
        { name: 'a', replicas: 3 },
        { name: 'b', replicas: 1 },
      ],
      [
        { name: 'a', replicas: 4 },
        { name: 'b', replicas: 1 },
        { name: 'z', replicas: 2 },
      ],
    ],
  ])('%s', (_name, prior, added, want) => {
    expect(mergeTargetClusters(prior, added)).toEqual(want);
  });
});
