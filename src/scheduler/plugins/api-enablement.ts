import type { SchedulerPlugin } from './plugin.ts';

/**
 * APIEnablement (docs/karmada-compatibility.md#filter-and-score-plugins): the cluster must serve the template's
 * groupVersion and kind, unless it already hosts the binding. A status without apiEnablements means every API is
 * enabled (README.md#flotilla-plan); an empty list enables none, as in Karmada.
 */
export const apiEnablement: SchedulerPlugin = {
  name: 'APIEnablement',
  filter(ctx, cluster) {
    if (cluster.apis === null || ctx.previous.has(cluster.name)) return null;
    return cluster.apis.has(`${ctx.resource.apiVersion}/${ctx.resource.kind}`)
      ? null
      : 'cluster(s) did not have the API resource';
  },
};
