/** The source stage's typed errors, one class per failure kind. */
export * from './branch-moved-error.ts';
export * from './directory-not-empty-error.ts';
export * from './fetch-failed-error.ts';
export * from './git-command-failed-error.ts';
export * from './not-a-git-repository-error.ts';
export * from './path-not-found-error.ts';
export * from './ref-locked-error.ts';
export * from './ref-not-found-error.ts';
export * from './repo-not-found-error.ts';
