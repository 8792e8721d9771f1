/** The reconcile floor's typed errors, one class per failure kind. */
export { PlanFileInvalidError } from './plan-file-invalid-error.ts';
export { StalePlanError } from './stale-plan-error.ts';
