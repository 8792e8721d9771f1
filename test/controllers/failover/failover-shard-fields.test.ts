// Failover's fields of a binding under shards (moved from test/status/shard-status.test.ts with the code).
import { describe, expect, it } from 'vitest';
import type { GracefulEvictionTask } from '../../../src/model/index.ts';
import { withShardEvictionTasks, withShardUnhealthySince } from '../../../src/controllers/failover/failover-shards.ts';
import type { TemplateStatus, UnhealthySince } from '../../../src/status/index.ts';

const ownsOf = (owned: readonly string[]) => (cluster: string) => owned.includes(cluster);

describe('withShardUnhealthySince', () => {
  const web: TemplateStatus = {
    resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' },
    policy: null,
    replicas: 2,
    clusters: [],
    conditions: [],
    aggregatedStatus: [],
    health: 'Unhealthy',
    problems: [],
  };
  const since = (clusterName: string, minute: number): UnhealthySince => ({ clusterName, since: `2026-01-01T00:0${minute}:00Z` });
  it.each<[string, UnhealthySince[] | undefined, UnhealthySince[], UnhealthySince[] | undefined]>([
    [
      "its own clock for its members, the owners' for the others, by member name",
      [since('m1', 1), since('m2', 9)],
      [since('m3', 3), since('m2', 2)],
      [since('m1', 1), since('m2', 2), since('m3', 3)],
    ],
    ['an other member healthy again on the tip has no entry', [since('m2', 9)], [], undefined],
    ['a member the template has left loses its entry', undefined, [since('gone', 4)], undefined],
  ])('%s', (_name, mine, tip, expected) => {
    const merged = withShardUnhealthySince({ ...web, ...(mine ? { unhealthySince: mine } : {}) }, ['m1', 'm2', 'm3'], ownsOf(['m1']), tip);
    expect(merged.unhealthySince).toEqual(expected);
    expect({ ...merged, unhealthySince: undefined }).toEqual({ ...web, unhealthySince: undefined });
  });
});

describe('withShardEvictionTasks', () => {
  const web: TemplateStatus = {
    resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' },
    policy: null,
    replicas: 2,
    clusters: [],
    conditions: [],
    aggregatedStatus: [],
    health: 'Healthy',
    problems: [],
  };
  const task = (fromCluster: string, second: number): GracefulEvictionTask => ({
    fromCluster,
    purgeMode: 'Gracefully',
    reason: 'TaintUntolerated',
    producer: 'TaintManager',
    creationTimestamp: `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`,
  });
  const at = (tasks: readonly GracefulEvictionTask[] | undefined) => tasks?.map((t) => [t.fromCluster, Number(t.creationTimestamp.slice(17, 19))]);
  it.each<[string, string[], GracefulEvictionTask[] | undefined, GracefulEvictionTask[], [string, number][] | undefined]>([
    [
      "its own tasks for its members, the tip's for the others",
      ['m1'],
      [task('m1', 10), task('m2', 50)],
      [task('m2', 20), task('m1', 40)],
      [
        ['m1', 10],
        ['m2', 20],
      ],
    ],
    ["an other member's task it has not seen on the tip yet is not written", ['m1'], [task('m2', 5)], [], undefined],
    ["an other member's task its owner has ended is not written", ['m1'], [task('m1', 7), task('m2', 5)], [], [['m1', 7]]],
    ['a task of its own member the tip still has, but it has ended, is dropped', ['m1'], undefined, [task('m1', 3)], undefined],
    ["an other member's task is taken from the tip without one of its own", ['m1'], undefined, [task('m3', 3)], [['m3', 3]]],
    [
      'ordered by creation time, then member, whoever writes',
      ['m2'],
      [task('m2', 9)],
      [task('m3', 9), task('m1', 30), task('m0', 9)],
      [
        ['m0', 9],
        ['m2', 9],
        ['m3', 9],
        ['m1', 30],
      ],
    ],
  ])('%s', (_name, owned, mine, tip, expected) => {
    const merged = withShardEvictionTasks({ ...web, ...(mine ? { gracefulEvictionTasks: mine } : {}) }, ownsOf(owned), tip);
    expect(at(merged.gracefulEvictionTasks)).toEqual(expected);
    expect({ ...merged, gracefulEvictionTasks: undefined }).toEqual({ ...web, gracefulEvictionTasks: undefined });
  });

  it('writes the same list from either replica', () => {
    const tasks = [task('m1', 4), task('m2', 4), task('m3', 1)];
    const one = withShardEvictionTasks({ ...web, gracefulEvictionTasks: [tasks[0]!] }, ownsOf(['m1']), [tasks[2]!, tasks[1]!]);
    const two = withShardEvictionTasks({ ...web, gracefulEvictionTasks: [tasks[1]!, tasks[2]!] }, ownsOf(['m2', 'm3']), [tasks[0]!]);
    expect(one.gracefulEvictionTasks).toEqual(two.gracefulEvictionTasks);
    expect(at(one.gracefulEvictionTasks)).toEqual([
      ['m3', 1],
      ['m1', 4],
      ['m2', 4],
    ]);
  });
});
