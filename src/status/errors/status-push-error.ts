import { EngineError } from '../../model/index.ts';

/**
 * The status branch could not be published: every attempt lost the race with another writer (a
 * push rejected, or a local branch moved under the commit), or the remote refused.
 */
export class StatusPushError extends EngineError<
  'StatusPushFailed',
  { remote: string; branch: string; attempts: number; reason: string }
> {
  constructor(remote: string, branch: string, attempts: number, reason: string, options?: { cause?: unknown }) {
    super(
      'StatusPushFailed',
      `status branch ${branch} could not be published to ${remote} after ${attempts} attempts: ${reason}`,
      { remote, branch, attempts, reason },
      options,
    );
  }
}
