import type { SchedulerPlugin } from './plugin.ts';

/**
 * ClusterLocality (docs/karmada-compatibility.md#filter-and-score-plugins): 100 for a cluster that already hosts the
 * binding, else 0.
 */
export const clusterLocality: SchedulerPlugin = {
  name: 'ClusterLocality',
  score(ctx, cluster) {
    return ctx.previous.has(cluster.name) ? 100 : 0;
  },
};
