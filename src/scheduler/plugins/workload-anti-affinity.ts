import type { SchedulerPlugin } from './plugin.ts';

/**
 * WorkloadAntiAffinity (docs/karmada-compatibility.md#workload-affinity): a cluster that a peer of the binding's
 * anti-affinity group targets does not fit. A cluster that already hosts the binding passes.
 */
export const workloadAntiAffinity: SchedulerPlugin = {
  name: 'WorkloadAntiAffinity',
  filter(ctx, cluster) {
    const peers = ctx.workloadAffinity?.antiAffinity ?? [];
    if (peers.length === 0 || ctx.previous.has(cluster.name)) return null;
    const taken = peers.some((clusters) => clusters.includes(cluster.name));
    return taken ? 'cluster already has workload with the same anti-affinity group' : null;
  },
};
