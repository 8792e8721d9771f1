/** Commit statuses' typed errors, one class per failure kind. */
export * from './commit-status-config-error.ts';
export * from './commit-status-failed-error.ts';
