import { describe, expect, it } from 'vitest';
import type { GracefulEvictionTask } from '../../../src/model/index.ts';
import { adoptedTasks, adoptedUnhealthy } from '../../../src/controllers/failover/adopt.ts';
import { unhealthyKey } from '../../../src/controllers/failover/application-failover.ts';
import type { EvictionTask } from '../../../src/controllers/failover/eviction.ts';
import type { UnhealthySince } from '../../../src/status/index.ts';

const owns = (cluster: string): boolean => cluster === 'm1';
const second = (s: number): string => new Date(s * 1000).toISOString();
const mine = (fromCluster: string, s: number, more: Partial<EvictionTask> = {}): EvictionTask => ({
  fromCluster,
  purgeMode: 'Gracefully',
  reason: 'TaintUntolerated',
  producer: 'TaintManager',
  createdAt: s * 1000,
  ...more,
});
const written = (fromCluster: string, s: number, more: Partial<GracefulEvictionTask> = {}): GracefulEvictionTask => ({
  fromCluster,
  purgeMode: 'Gracefully',
  reason: 'TaintUntolerated',
  producer: 'TaintManager',
  creationTimestamp: second(s),
  ...more,
});
/** [member, seconds, adopted, purged] of each task. */
const shape = (tasks: readonly EvictionTask[]) => tasks.map((t) => [t.fromCluster, t.createdAt / 1000, t.adopted ?? false, t.purged ?? false]);

describe('adoptedTasks (this replica owns m1)', () => {
  it.each<[string, EvictionTask[], GracefulEvictionTask[], [string, number, boolean, boolean][]]>([
    ["its own member's task stays as it is", [mine('m1', 10)], [written('m1', 10)], [['m1', 10, false, false]]],
    ["its own member's task the branch does not hold yet stays", [mine('m1', 10)], [], [['m1', 10, false, false]]],
    [
      'a task adopted before this replica took the member over is its own to end now',
      [mine('m1', 10, { adopted: true })],
      [written('m1', 10)],
      [['m1', 10, false, false]],
    ],
    ["an other member's task takes the owner's creation time", [mine('m2', 17)], [written('m2', 10)], [['m2', 10, true, false]]],
    ["an other member's task the owner has not written yet is kept until it does", [mine('m2', 17)], [], [['m2', 17, false, false]]],
    ["an other member's task the owner has ended is dropped", [mine('m2', 10, { adopted: true })], [], []],
    [
      "an other member's task it did not have is added",
      [mine('m1', 3)],
      [written('m3', 5, { replicas: 2 })],
      [
        ['m1', 3, false, false],
        ['m3', 5, true, false],
      ],
    ],
    [
      "an other member's Directly task counts as purged: its old copy is not this replica's to see",
      [],
      [written('m2', 5, { purgeMode: 'Directly' })],
      [['m2', 5, true, true]],
    ],
    [
      'an own Directly task keeps what this replica saw',
      [mine('m1', 5, { purgeMode: 'Directly' })],
      [written('m1', 5, { purgeMode: 'Directly' })],
      [['m1', 5, false, false]],
    ],
  ])('%s', (_name, before, recorded, expected) => {
    expect(shape(adoptedTasks(before, recorded, owns))).toEqual(expected);
  });

  it("takes every field of an other member's task from the branch", () => {
    const task = written('m2', 5, {
      purgeMode: 'Gracefully',
      reason: 'ApplicationFailure',
      producer: 'resource-binding-application-failover-controller',
      replicas: 3,
      gracePeriodSeconds: 90,
    });
    expect(adoptedTasks([mine('m2', 9)], [task], owns)).toEqual([
      {
        fromCluster: 'm2',
        purgeMode: 'Gracefully',
        reason: 'ApplicationFailure',
        producer: 'resource-binding-application-failover-controller',
        replicas: 3,
        gracePeriodSeconds: 90,
        createdAt: 5000,
        adopted: true,
      },
    ]);
  });
});

describe('adoptedUnhealthy (this replica owns m1)', () => {
  const since = (clusterName: string, s: number): UnhealthySince => ({ clusterName, since: second(s) });
  it.each<[string, [string, string, number][], [string, UnhealthySince[]][], [string, string, number][]]>([
    [
      "its own member keeps its clock; an other member takes the owner's",
      [
        ['web', 'm1', 1],
        ['web', 'm2', 9],
      ],
      [['web', [since('m1', 4), since('m2', 2)]]],
      [
        ['web', 'm1', 1],
        ['web', 'm2', 2],
      ],
    ],
    ["an other member the owner has not recorded yet keeps this replica's time", [['web', 'm2', 9]], [['web', []]], [['web', 'm2', 9]]],
    ['an other member Unhealthy for its owner is added', [], [['web', [since('m3', 6)]]], [['web', 'm3', 6]]],
    ['a template the branch does not list keeps what it had', [['api', 'm2', 9]], [['web', []]], [['api', 'm2', 9]]],
  ])('%s', (_name, before, recorded, expected) => {
    const adopted = adoptedUnhealthy(new Map(before.map(([key, cluster, s]) => [unhealthyKey(key, cluster), s * 1000])), new Map(recorded), owns);
    expect([...adopted].sort()).toEqual(expected.map(([key, cluster, s]) => [unhealthyKey(key, cluster), s * 1000]).sort());
  });
});
