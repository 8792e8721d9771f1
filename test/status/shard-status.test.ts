import { describe, expect, it } from 'vitest';
import type { AggregatedStatusItem, ObjectRef } from '../../src/model/index.ts';
import { mergeShardClusters, mergeShardMembers, shardTipPaths, type ClusterReport } from '../../src/status/index.ts';

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
