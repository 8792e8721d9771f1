/** The reconcile floor's typed errors, one class per failure kind. */
export * from './plan-file-invalid-error.ts';
export * from './stale-plan-error.ts';
