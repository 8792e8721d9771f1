import { EngineError } from '../../model/index.ts';

/** `--commit-status` without what the host needs (a token, the repository or project). */
export class CommitStatusConfigError extends EngineError<'CommitStatusConfig', { host: string; missing: string }> {
  constructor(host: string, missing: string) {
    super('CommitStatusConfig', `--commit-status ${host}: ${missing}`, { host, missing });
  }
}
