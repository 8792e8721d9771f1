import type { SchedulerPlugin } from './plugin.ts';

/**
 * ClusterEviction (docs/karmada-compatibility.md#filter-and-score-plugins): a cluster the binding is being evicted from
 * is not a candidate.
 */
export const clusterEviction: SchedulerPlugin = {
  name: 'ClusterEviction',
  filter(ctx, cluster) {
    return ctx.evicted.has(cluster.name) ? 'cluster(s) is in the process of eviction' : null;
  },
};
