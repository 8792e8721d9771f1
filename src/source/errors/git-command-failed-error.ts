import { EngineError } from '../../model/index.ts';

/** The `git` binary failed for a reason other than "no such object" (a corrupt repository, ownership checks). */
export class GitCommandFailedError extends EngineError<
  'GitCommandFailed',
  { command: string; gitdir: string; exitCode: number; stderr: string }
> {
  constructor(data: { command: string; gitdir: string; exitCode: number; stderr: string }) {
    super(
      'GitCommandFailed',
      `git ${data.command} failed in ${data.gitdir} (exit ${data.exitCode}): ${data.stderr.trim()}`,
      data,
    );
  }
}
