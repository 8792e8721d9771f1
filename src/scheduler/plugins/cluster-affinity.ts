import { clusterMatches } from '../cluster-affinity.ts';
import type { SchedulerPlugin } from './plugin.ts';

/**
 * ClusterAffinity (docs/karmada-compatibility.md#filter-and-score-plugins): the cluster must match the affinity in
 * force, or (for replica workloads) one of the term's overflow tiers. Its score is always 0.
 */
export const clusterAffinity: SchedulerPlugin = {
  name: 'ClusterAffinity',
  filter(ctx, cluster) {
    if (!ctx.affinity) return null;
    if (clusterMatches(cluster.cluster, ctx.affinity)) return null;
    if (ctx.overflow.some((tier) => clusterMatches(cluster.cluster, tier))) return null;
    return 'cluster(s) did not match the placement cluster affinity constraint';
  },
  score() {
    return 0;
  },
};
