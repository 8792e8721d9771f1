import type { SchedulerPlugin } from './plugin.ts';

/**
 * WorkloadAffinity (docs/karmada-compatibility.md#workload-affinity): a cluster fits only if every peer of the
 * binding's affinity group that is scheduled somewhere targets it, so the first of a group places it freely. A cluster
 * that already hosts the binding passes, so this filter never takes a binding off a cluster.
 */
export const workloadAffinity: SchedulerPlugin = {
  name: 'WorkloadAffinity',
  filter(ctx, cluster) {
    const peers = ctx.workloadAffinity?.affinity ?? [];
    if (peers.length === 0 || ctx.previous.has(cluster.name)) return null;
    const strays = peers.some((clusters) => clusters.length > 0 && !clusters.includes(cluster.name));
    return strays ? 'ResourceBinding with the same affinity group does not target this cluster' : null;
  },
};
