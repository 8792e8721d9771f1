/** The face of src/reconcile/: the pass and its steps, `plan` and saved plans, the run loop. */
export * from './errors/index.ts';
export * from './pass/apply-pass.ts';
export * from './pass/pass-status-step.ts';
export * from './pass/read-fleet.ts';
export * from './plan/live-plan.ts';
export * from './plan/plan-document.ts';
export * from './plan/plan-file.ts';
export * from './plan/plan.ts';
export * from './plan/pull-plan.ts';
export * from './run/leases/client-node-lease-store.ts';
export * from './run/leases/shard-coordinator.ts';
export * from './run/reconciler.ts';
export type { PassResult } from './pass/pass-types.ts';
