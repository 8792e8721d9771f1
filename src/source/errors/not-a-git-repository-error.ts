import { EngineError } from '../../model/index.ts';

/** `--repo` exists but neither it nor any parent folder holds a git repository. */
export class NotAGitRepositoryError extends EngineError<'NotAGitRepository', { repo: string }> {
  constructor(repo: string) {
    super('NotAGitRepository', `${repo} is not inside a git repository`, { repo });
  }
}
