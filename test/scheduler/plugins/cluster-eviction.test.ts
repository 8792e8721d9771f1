import { describe, expect, it } from 'vitest';
import { viewCluster } from '../../../src/scheduler/cluster-view.ts';
import { clusterEviction } from '../../../src/scheduler/plugins/cluster-eviction.ts';
import { cluster } from '../helpers.ts';
import { context } from './context.ts';

describe('ClusterEviction filter (docs/karmada-compatibility.md#filter-and-score-plugins)', () => {
  it.each<[string, string[], string | null]>([
    ['rejects a cluster being evicted from', ['c'], 'cluster(s) is in the process of eviction'],
    ['passes other clusters', ['other'], null],
    ['passes without eviction tasks', [], null],
  ])('%s', (_name, evicted, want) => {
    expect(clusterEviction.filter?.(context({ evicted: new Set(evicted) }), viewCluster(cluster('c')))).toBe(want);
  });
});
