/** Commit statuses' typed errors, one class per failure kind. */
export { CommitStatusConfigError } from './commit-status-config-error.ts';
export { CommitStatusFailedError } from './commit-status-failed-error.ts';
