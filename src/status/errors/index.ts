/** The status stage's typed errors, one class per failure kind. */
export * from './status-push-error.ts';
export * from './foreign-status-branch-error.ts';
export * from './work-document-error.ts';
