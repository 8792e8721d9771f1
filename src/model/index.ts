/**
 * The bottom floor: Kubernetes and Karmada object types, identities, diagnostics and typed
 * errors. Pure data and pure helpers; every other module may import it, it imports nothing.
 */
export * from './binding.ts';
export * from './config.ts';
export * from './controller-view.ts';
export * from './diagnostic.ts';
export * from './duration.ts';
export * from './errors.ts';
export * from './feature-gates.ts';
export * from './identity.ts';
export * from './karmada.ts';
export * from './karmada-extensions.ts';
export * from './multicluster-services.ts';
export * from './node-snapshot.ts';
export * from './rebalancer-status.ts';
export * from './kube.ts';
export * from './partial-object.ts';
export * from './source-object.ts';
export * from './source-file.ts';
export * from './label-selector.ts';
export * from './scopes.ts';
export * from './search.ts';
export type { TableColumn } from './table.ts';
export * from './quantity.ts';
export * from './exact-quantity.ts';
export * from './rfc3339.ts';
export * from './tenant.ts';
export * from './tracking.ts';
export * from './pull-mode.ts';
export * from './secret-scrub.ts';
export * from './autoscaling.ts';
export * from './autoscaling-status.ts';
export * from './cron-schedule.ts';
export * from './time-zone.ts';
export * from './controller-view.ts';
