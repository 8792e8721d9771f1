import { describe, expect, it } from 'vitest';
import type { AggregatedStatusItem, GracefulEvictionTask, ObjectRef } from '../../src/model/index.ts';
import {
  mergeShardClusters,
  mergeShardMembers,
  shardTipPaths,
  withShardEvictionTasks,
  withShardUnhealthySince,
  type ClusterReport,
  type TemplateStatus,
  type UnhealthySince,
} from '../../src/status/index.ts';

const ownsOf = (owned: readonly string[]) => (cluster: string) => owned.includes(cluster);

function cluster(name: string, by: string): ClusterReport {
  return { name, status: { kubernetesVersion: by } };
}

function item(clusterName: string, by: string): AggregatedStatusItem {
  return { clusterName, applied: true, health: 'Healthy', status: { by } };
}

describe('mergeShardClusters', () => {
  const tainted: ClusterReport = { name: 'm2', taints: [{ key: 'cluster.karmada.io/not-ready', effect: 'NoExecute' }], status: { kubernetesVersion: 'tip' } };
  it.each<[string, string[], string[], ClusterReport[], ClusterReport[], [string, string][]]>([
    [
      'owned members from this replica, the others from the tip, in fleet order',
      ['m1', 'm2', 'm3'],
      ['m1', 'm3'],
      [cluster('m3', 'own'), cluster('m1', 'own')],
      [cluster('m1', 'tip'), cluster('m2', 'tip')],
      [
        ['m1', 'own'],
        ['m2', 'tip'],
        ['m3', 'own'],
      ],
    ],
    ['a member nobody has written yet is left out', ['m1', 'm2'], ['m1'], [cluster('m1', 'own')], [], [['m1', 'own']]],
    ['a tip document of a member no longer in the fleet is dropped', ['m1'], ['m1'], [cluster('m1', 'own')], [cluster('gone', 'tip')], [['m1', 'own']]],
    ['an owned member never comes from the tip', ['m1'], ['m1'], [], [cluster('m1', 'tip')], []],
  ])('%s', (_name, names, owned, own, tip, expected) => {
    expect(mergeShardClusters(names, ownsOf(owned), own, tip).map((c) => [c.name, c.status.kubernetesVersion])).toEqual(expected);
  });

  it("takes an other replica's document whole, failover taints included", () => {
    expect(mergeShardClusters(['m1', 'm2'], ownsOf(['m1']), [cluster('m1', 'own')], [tainted])[1]).toBe(tainted);
  });
});

describe('mergeShardMembers', () => {
  it.each<[string, string[], string[], AggregatedStatusItem[], AggregatedStatusItem[], [string, string][]]>([
    [
      "own items for owned members, the tip's for the rest",
      ['m1', 'm2', 'm3'],
      ['m1'],
      [item('m1', 'own')],
      [item('m1', 'tip'), item('m2', 'tip'), item('m3', 'tip')],
      [
        ['m1', 'own'],
        ['m2', 'tip'],
        ['m3', 'tip'],
      ],
    ],
    ["the tip's item of a member the template has left is dropped", ['m1'], ['m1'], [item('m1', 'own')], [item('m2', 'tip')], [['m1', 'own']]],
    ['an owned member without an own item has none (its Work is gone)', ['m1', 'm2'], ['m1'], [], [item('m1', 'tip'), item('m2', 'tip')], [['m2', 'tip']]],
    ['a held member with no item on the tip yet has none', ['m1', 'm2'], ['m1'], [item('m1', 'own')], [], [['m1', 'own']]],
    [
      'owning every member ignores the tip',
      ['m1', 'm2'],
      ['m1', 'm2'],
      [item('m2', 'own'), item('m1', 'own')],
      [item('m1', 'tip')],
      [
        ['m2', 'own'],
        ['m1', 'own'],
      ],
    ],
  ])('%s', (_name, holders, owned, own, tip, expected) => {
    expect(mergeShardMembers(holders, ownsOf(owned), own, tip).map((i) => [i.clusterName, i.status?.['by']])).toEqual(expected);
  });
});

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

describe('shardTipPaths', () => {
  const web: ObjectRef = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' };
  const ns: ObjectRef = { apiVersion: 'v1', kind: 'Namespace', namespace: '', name: 'team' };
  it.each<[string, string[], { resource: ObjectRef; members: string[] }[], string[]]>([
    [
      "the others' clusters and the bindings they hold",
      ['m1'],
      [
        { resource: web, members: ['m1', 'm2'] },
        { resource: ns, members: ['m1'] },
      ],
      ['clusters/m2.yaml', 'resources/apps/Deployment/default/web.yaml'],
    ],
    ['nothing when this replica owns every member', ['m1', 'm2'], [{ resource: web, members: ['m1', 'm2'] }], []],
    [
      'a cluster-scoped binding held only by others',
      ['m2'],
      [{ resource: ns, members: ['m1'] }],
      ['clusters/m1.yaml', 'resources/core/Namespace/_cluster/team.yaml'],
    ],
  ])('%s', (_name, owned, templates, expected) => {
    expect([...shardTipPaths(['m1', 'm2'], templates, ownsOf(owned))].sort()).toEqual(expected);
  });
});
