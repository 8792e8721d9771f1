/** The status stage's typed errors, one class per failure kind. */
export { StatusPushError } from './status-push-error.ts';
export { ForeignStatusBranchError } from './foreign-status-branch-error.ts';
export { WorkDocumentError } from './work-document-error.ts';
