import { EngineError } from '../../model/index.ts';

/** `--ref` does not resolve to a commit in the repository. */
export class RefNotFoundError extends EngineError<'RefNotFound', { repo: string; ref: string }> {
  constructor(repo: string, ref: string, options?: { cause?: unknown }) {
    super('RefNotFound', `ref ${ref} not found in repository ${repo}`, { repo, ref }, options);
  }
}
