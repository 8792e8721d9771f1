import { describe, expect, it } from 'vitest';
import type { TargetCluster } from '../../../src/model/index.ts';
import { type AssignmentInput, assignReplicas } from '../../../src/scheduler/assign/assign-replicas.ts';
import type { Candidate } from '../../../src/scheduler/candidate.ts';
import { SchedulerError, UnschedulableError } from '../../../src/scheduler/errors/index.ts';
import { byName, candidate } from '../helpers.ts';

function input(fields: Partial<AssignmentInput>): AssignmentInput {
  return {
    strategy: 'DynamicWeight',
    unsupportedMessage: 'unsupported',
    replicas: 5,
    workload: true,
    weightPreference: undefined,
    previous: [],
    fresh: false,
    descending: false,
    overflow: false,
    ...fields,
  };
}

describe('assignReplicas (common.go, docs/karmada-compatibility.md#assigning-replicas)', () => {
  const two = [candidate('member2'), candidate('member1')];
  it.each<[string, Candidate[], Partial<AssignmentInput>, TargetCluster[] | string]>([
    ['fails without selected clusters', [], {}, 'no clusters available to schedule'],
    [
      'gives non-workloads every cluster with 0 replicas',
      two,
      { workload: false, replicas: 0 },
      [
        { name: 'member2', replicas: 0 },
        { name: 'member1', replicas: 0 },
      ],
    ],
    [
      'gives every cluster all replicas when Duplicated, in selection order',
      two,
      { strategy: 'Duplicated', replicas: 3 },
      [
        { name: 'member2', replicas: 3 },
        { name: 'member1', replicas: 3 },
      ],
    ],
    ['drops clusters a workload with 0 replicas would get', two, { strategy: 'Duplicated', replicas: 0 }, []],
    ['fails on an unsupported strategy', two, { strategy: undefined }, 'unsupported'],
  ])('%s', (_name, selected, fields, want) => {
    const out = assignReplicas(selected, input(fields));
    if (typeof want === 'string') {
      expect(out).toBeInstanceOf(SchedulerError);
      expect((out as SchedulerError).message).toBe(want);
    } else {
      expect(out).toEqual(want);
    }
  });
});

describe('overflow tiers (common_test.go, docs/karmada-compatibility.md#overflow-tiers)', () => {
  it.each<[string, Candidate[], number, TargetCluster[], Record<string, number> | 'error']>([
    [
      'fills tier 0 first, then tier 1',
      [candidate('member1', { allocatable: 2 }), candidate('member2', { allocatable: 10, tier: 1 })],
      5,
      [],
      { member1: 2, member2: 3 },
    ],
    ['fails when all tiers together are short', [candidate('member1', { allocatable: 2 }), candidate('member2', { allocatable: 2, tier: 1 })], 10, [], 'error'],
    [
      'scales up within tier 0 on top of its previous replicas',
      [candidate('member1', { allocatable: 2, previous: 3 }), candidate('member2', { allocatable: 10, tier: 1 })],
      8,
      [{ name: 'member1', replicas: 3 }],
      { member1: 5, member2: 3 },
    ],
  ])('%s', (_name, selected, replicas, previous, want) => {
    const out = assignReplicas(selected, input({ replicas, previous, overflow: true }));
    if (want === 'error') {
      expect(out).toBeInstanceOf(UnschedulableError);
      expect((out as UnschedulableError).message).toBe('Clusters available replicas are not enough to schedule.');
    } else {
      expect(Array.isArray(out) && byName(out)).toEqual(want);
    }
  });
});
