/** The reconcile floor's typed errors, one class per failure kind. */
export { CommitStatusConfigError } from './commit-status-config-error.ts';
export { CommitStatusFailedError } from './commit-status-failed-error.ts';
export { PlanFileInvalidError } from './plan-file-invalid-error.ts';
export { SearchCacheError } from './search-cache-error.ts';
export { StalePlanError } from './stale-plan-error.ts';
export { UnknownTypeError, type TypeSource } from './unknown-type-error.ts';
