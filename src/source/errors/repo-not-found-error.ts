import { EngineError } from '../../model/index.ts';

/** `--repo` names a path that does not exist, or a remote that answers "not found". */
export class RepoNotFoundError extends EngineError<'RepoNotFound', { repo: string }> {
  constructor(repo: string, options?: { cause?: unknown }) {
    super('RepoNotFound', `repository ${repo} not found`, { repo }, options);
  }
}
