import type { SchedulerPlugin } from './plugin.ts';

/** ClusterEviction (semantics §3.3): a cluster the binding is being evicted from is not a candidate. */
export const clusterEviction: SchedulerPlugin = {
  name: 'ClusterEviction',
  filter(ctx, cluster) {
    return ctx.evicted.has(cluster.name) ? 'cluster(s) is in the process of eviction' : null;
  },
};
