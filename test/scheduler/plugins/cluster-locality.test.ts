import { describe, expect, it } from 'vitest';
import { viewCluster } from '../../../src/scheduler/cluster-view.ts';
import { PLUGINS } from '../../../src/scheduler/plugins/index.ts';
import { clusterLocality } from '../../../src/scheduler/plugins/cluster-locality.ts';
import { cluster } from '../helpers.ts';
import { context } from './context.ts';

describe('ClusterLocality score (docs/karmada-compatibility.md#filter-and-score-plugins)', () => {
  it.each<[string, string[], number]>([
    ['scores a cluster already hosting the binding 100', ['c'], 100],
    ['scores another cluster 0', ['other'], 0],
    ['scores 0 on first scheduling', [], 0],
  ])('%s', (_name, previous, want) => {
    expect(clusterLocality.score?.(context({ previous: new Set(previous) }), viewCluster(cluster('c')))).toBe(want);
  });

  it('lists every plugin once, each with a filter or a score', () => {
    const names = PLUGINS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      'APIEnablement',
      'TaintToleration',
      'ClusterAffinity',
      'SpreadConstraint',
      'ClusterEviction',
      'WorkloadAffinity',
      'WorkloadAntiAffinity',
      'ClusterLocality',
    ]);
    for (const p of PLUGINS) expect(p.filter ?? p.score).toBeTypeOf('function');
  });
});
