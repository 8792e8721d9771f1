/** The source stage's typed errors, one class per failure kind. */
export { BranchMovedError } from './branch-moved-error.ts';
export { DirectoryNotEmptyError } from './directory-not-empty-error.ts';
export { FetchFailedError } from './fetch-failed-error.ts';
export { GitCommandFailedError } from './git-command-failed-error.ts';
export { NotAGitRepositoryError } from './not-a-git-repository-error.ts';
export { PathNotFoundError } from './path-not-found-error.ts';
export { RefLockedError } from './ref-locked-error.ts';
export { RefNotFoundError } from './ref-not-found-error.ts';
export { RepoNotFoundError } from './repo-not-found-error.ts';
