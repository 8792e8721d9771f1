import { findUntoleratedTaint, formatTaint } from '../toleration.ts';
import type { SchedulerPlugin } from './plugin.ts';

/**
 * TaintToleration (docs/karmada-compatibility.md#filter-and-score-plugins): every NoSchedule/NoExecute taint, the
 * readiness taints included, must be tolerated by placement.clusterTolerations. A cluster that already hosts the
 * binding passes: evicting it is the taint manager's job (docs/karmada-compatibility.md#failover-and-eviction).
 */
export const taintToleration: SchedulerPlugin = {
  name: 'TaintToleration',
  filter(ctx, cluster) {
    if (cluster.taints.length === 0 || ctx.previous.has(cluster.name)) return null;
    const taint = findUntoleratedTaint(cluster.taints, ctx.placement.clusterTolerations ?? []);
    return taint ? `cluster(s) had untolerated taint {${formatTaint(taint)}}` : null;
  },
};
