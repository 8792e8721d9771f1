/**
 * One deadline per member per pass (`--member-timeout`): a member that accepts connections and
 * never answers, or an API server frozen mid-request, is given up on when its time is over — its
 * requests, retries and waits aborted — and the pass goes on with the others and the status step.
 * The per-request timeout and retries fit inside it; the deadline is what bounds the member as a whole.
 */
import { MemberTimeoutError } from './errors/index.ts';
import type { KubeClient } from './kube-client.ts';

/** @default 5 minutes: twice a request's worst case with the default timeout and retries. */
export const DEFAULT_MEMBER_TIMEOUT_MS = 5 * 60_000;

/** A signal aborted with a {@link MemberTimeoutError} after `timeoutMs`; its timer never keeps the process alive. */
export function memberDeadline(cluster: string, timeoutMs: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new MemberTimeoutError(cluster, timeoutMs)), timeoutMs).unref();
  return controller.signal;
}

/** Each client as a view bounded by its member's deadline, starting now; errors stay as they are. */
export function withMemberDeadlines(
  clients: ReadonlyMap<string, KubeClient | Error>,
  timeoutMs: number,
): Map<string, KubeClient | Error> {
  return new Map(
    [...clients].map(([cluster, client]) => [
      cluster,
      client instanceof Error ? client : client.withSignal(memberDeadline(cluster, timeoutMs)),
    ]),
  );
}
