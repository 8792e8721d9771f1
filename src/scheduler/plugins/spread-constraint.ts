import type { SchedulerPlugin } from './plugin.ts';

/**
 * SpreadConstraint (docs/karmada-compatibility.md#filter-and-score-plugins): spreading by provider, region or zone
 * needs the cluster to declare that property (`spec.zones` for zone).
 */
export const spreadConstraint: SchedulerPlugin = {
  name: 'SpreadConstraint',
  filter(ctx, cluster) {
    const spec = cluster.cluster.spec;
    for (const constraint of ctx.placement.spreadConstraints ?? []) {
      switch (constraint.spreadByField) {
        case 'provider':
          if (!spec.provider) return 'cluster(s) did not have provider property';
          break;
        case 'region':
          if (!spec.region) return 'cluster(s) did not have region property';
          break;
        case 'zone':
          if ((spec.zones ?? []).length === 0) return 'cluster(s) did not have zones property';
          break;
        default:
          break;
      }
    }
    return null;
  },
};
