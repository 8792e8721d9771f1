import { EngineError } from '../../model/index.ts';

/** A member's share of a pass ran past its deadline (`--member-timeout`): its requests were aborted. */
export class MemberTimeoutError extends EngineError<'MemberTimeout', { cluster: string; timeoutMs: number }> {
  constructor(cluster: string, timeoutMs: number) {
    super(
      'MemberTimeout',
      `${cluster}: not done within the member deadline of ${formatMs(timeoutMs)} (--member-timeout): its requests were aborted`,
      { cluster, timeoutMs },
    );
  }
}

function formatMs(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000}m` : ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
