import { describe, expect, it } from 'vitest';
import type { ClusterAffinity } from '../../../src/model/index.ts';
import { viewCluster } from '../../../src/scheduler/cluster-view.ts';
import { clusterAffinity } from '../../../src/scheduler/plugins/cluster-affinity.ts';
import { cluster } from '../helpers.ts';
import { context } from './context.ts';

const view = viewCluster(cluster('member1', {}, { labels: { tier: 'gold' } }));
const miss = 'cluster(s) did not match the placement cluster affinity constraint';

describe('ClusterAffinity filter and score (docs/karmada-compatibility.md#filter-and-score-plugins)', () => {
  it.each<[string, ClusterAffinity | undefined, ClusterAffinity[], string | null]>([
    ['passes without an affinity', undefined, [], null],
    ['passes a matching cluster', { clusterNames: ['member1'] }, [], null],
    ['rejects a cluster outside the affinity', { clusterNames: ['member2'] }, [], miss],
    ['passes a cluster in an overflow tier', { clusterNames: ['member2'] }, [{ labelSelector: { matchLabels: { tier: 'gold' } } }], null],
    ['rejects a cluster in no overflow tier', { clusterNames: ['member2'] }, [{ clusterNames: ['member3'] }], miss],
    ['rejects an excluded cluster', { exclude: ['member1'] }, [], miss],
  ])('%s', (_name, affinity, overflow, want) => {
    expect(clusterAffinity.filter?.(context({ affinity, overflow }), view)).toBe(want);
  });

  it('scores every cluster 0', () => {
    expect(clusterAffinity.score?.(context({ previous: new Set(['member1']) }), view)).toBe(0);
  });
});
