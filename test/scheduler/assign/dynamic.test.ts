import { describe, expect, it } from 'vitest';
import type { TargetCluster } from '../../../src/model/index.ts';
import { assignDynamic } from '../../../src/scheduler/assign/dynamic.ts';
import type { Candidate } from '../../../src/scheduler/candidate.ts';
import { UnschedulableError } from '../../../src/scheduler/errors/index.ts';
import { byName, candidate } from '../helpers.ts';

/** Candidates from allocatable capacities, with `previous` folded into available replicas. */
function candidates(caps: Record<string, number>, previous: TargetCluster[]): Candidate[] {
  const prev = new Map(previous.map((t) => [t.name, t.replicas]));
  return Object.entries(caps).map(([name, allocatable]) => candidate(name, { allocatable, previous: prev.get(name) ?? 0 }));
}

const prev = (r: Record<string, number>): TargetCluster[] => Object.entries(r).map(([name, replicas]) => ({ name, replicas }));

type Case = [string, 'Aggregated' | 'DynamicWeight', Record<string, number>, Record<string, number>, number, Record<string, number> | 'error'];

describe('assignDynamic (assignment_test.go, docs/karmada-compatibility.md#assigning-replicas)', () => {
  it.each<Case>([
    [
      'DynamicWeight scales 12 down to 6 in proportion',
      'DynamicWeight',
      { member1: 1, member2: 1, member3: 1 },
      { member1: 2, member2: 4, member3: 6 },
      6,
      { member1: 1, member2: 2, member3: 3 },
    ],
    [
      'DynamicWeight scales 12 up to 24 over free capacity',
      'DynamicWeight',
      { member1: 10, member2: 10, member3: 10 },
      { member1: 2, member2: 4, member3: 6 },
      24,
      { member1: 6, member2: 8, member3: 10 },
    ],
    [
      'DynamicWeight cannot scale up without room',
      'DynamicWeight',
      { member1: 1, member2: 1, member3: 1 },
      { member1: 2, member2: 4, member3: 6 },
      24,
      'error',
    ],
    ['Aggregated scales 12 down to 6 onto the biggest', 'Aggregated', { member1: 1, member2: 1, member3: 1 }, { member1: 4, member2: 8 }, 6, { member2: 6 }],
    ['Aggregated scales 12 down to 8 onto the biggest', 'Aggregated', { member1: 100, member2: 100 }, { member1: 4, member2: 8 }, 8, { member2: 8 }],
    [
      'Aggregated scales up over 4:6:8 hosting clusters first',
      'Aggregated',
      { member1: 4, member2: 6, member3: 8 },
      { member1: 4, member2: 8 },
      24,
      { member1: 7, member2: 12, member3: 5 },
    ],
    [
      'Aggregated scales up within the hosting clusters when they suffice',
      'Aggregated',
      { member1: 6, member2: 6, member3: 20 },
      { member1: 4, member2: 8 },
      24,
      { member1: 10, member2: 14 },
    ],
    ['Aggregated cannot scale up without room', 'Aggregated', { member1: 1, member2: 1, member3: 1 }, { member1: 4, member2: 8 }, 24, 'error'],
    [
      'Aggregated re-places replicas of a vanished cluster',
      'Aggregated',
      { member1: 4, member3: 8, member4: 12 },
      { member1: 4, member2: 8 },
      24,
      { member1: 7, member3: 7, member4: 10 },
    ],
    ['DynamicWeight first scheduling over 6:8:10', 'DynamicWeight', { member1: 6, member2: 8, member3: 10 }, {}, 12, { member1: 3, member2: 4, member3: 5 }],
    ['DynamicWeight first scheduling over 8:8:10', 'DynamicWeight', { member1: 8, member2: 8, member3: 10 }, {}, 12, { member1: 4, member2: 4, member3: 4 }],
    ['DynamicWeight first scheduling without room', 'DynamicWeight', { member1: 3, member2: 3, member3: 3 }, {}, 12, 'error'],
    ['Aggregated first scheduling over 6:8:10', 'Aggregated', { member1: 6, member2: 8, member3: 10 }, {}, 12, { member2: 5, member3: 7 }],
    ['Aggregated first scheduling over 12:8:10', 'Aggregated', { member1: 12, member2: 8, member3: 10 }, {}, 12, { member1: 12 }],
    ['Aggregated first scheduling without room', 'Aggregated', { member1: 3, member2: 3, member3: 3 }, {}, 12, 'error'],
    ['DynamicWeight replaces a vanished cluster', 'DynamicWeight', { member1: 3, member2: 3 }, { member1: 6, member3: 6 }, 12, { member1: 9, member2: 3 }],
    [
      'DynamicWeight keeps an unchanged count as it was',
      'DynamicWeight',
      { member1: 100, member2: 0 },
      { member1: 1, member2: 5 },
      6,
      { member1: 1, member2: 5 },
    ],
    ['the API doc example: 12 over available 6:12:18', 'DynamicWeight', { A: 6, B: 12, C: 18 }, {}, 12, { A: 2, B: 4, C: 6 }],
  ])('%s', (_name, strategy, caps, previous, replicas, want) => {
    const out = assignDynamic(candidates(caps, prev(previous)), {
      aggregated: strategy === 'Aggregated',
      replicas,
      previous: prev(previous),
      fresh: false,
      descending: false,
    });
    if (want === 'error') expect(out).toBeInstanceOf(UnschedulableError);
    else expect(Array.isArray(out) && byName(out.filter((t) => t.replicas > 0))).toEqual(want);
  });

  it('divides everything again in Fresh mode, over free capacity plus current replicas', () => {
    const previous = prev({ member1: 6, member2: 0 });
    const out = assignDynamic(candidates({ member1: 0, member2: 6 }, previous), {
      aggregated: false,
      replicas: 6,
      previous,
      fresh: true,
      descending: false,
    });
    expect(Array.isArray(out) && byName(out)).toEqual({ member1: 3, member2: 3 });
  });
});
