import { EngineError } from '../../model/index.ts';

/** Fetching a remote repository failed: network, authentication, or protocol. */
export class FetchFailedError extends EngineError<'FetchFailed', { repo: string; ref: string; reason: string }> {
  constructor(repo: string, ref: string, reason: string, options?: { cause?: unknown }) {
    super('FetchFailed', `fetching ${ref} from ${repo} failed: ${reason}`, { repo, ref, reason }, options);
  }
}
