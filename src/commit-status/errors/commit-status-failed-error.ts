import { EngineError } from '../../model/index.ts';

/** The git host refused or never answered a commit status (after retries). */
export class CommitStatusFailedError extends EngineError<
  'CommitStatusFailed',
  { host: string; context: string; reason: string }
> {
  constructor(host: string, context: string, reason: string) {
    super('CommitStatusFailed', `commit status ${context} on ${host}: ${reason}`, { host, context, reason });
  }
}
