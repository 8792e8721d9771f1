/** The one HTTP call both adapters make: a JSON POST, retried on 429, 5xx and transport failures. */
import { withRetry } from '../apply/index.ts';
import type { RetryOptions } from '../apply/index.ts';
import { CommitStatusFailedError } from './errors/index.ts';

export interface PostOptions {
  headers: Record<string, string>;
  /** Backoff between attempts (the apply stage's retry policy). */
  retry?: Partial<RetryOptions>;
  /** Per request. @default 10000 */
  timeoutMs?: number;
  /** A refusal that still means "done" (GitLab's "already in that state"). */
  accept?: (status: number, body: string) => boolean;
}

export interface PostTarget {
  host: string;
  context: string;
}

/** A description within a host's limit, on one line, cut with an ellipsis. */
export function cutDescription(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

function answer(status: number, text: string): string {
  return `HTTP ${status}: ${text.slice(0, 300)}`;
}

/** POSTs `body` as JSON; a refusal (after retries for what is worth retrying) is a {@link CommitStatusFailedError}. */
export async function postJson(url: string, body: unknown, target: PostTarget, options: PostOptions): Promise<void> {
  let outcome: { done: boolean; status: number; text: string };
  try {
    outcome = await withRetry(
      async () => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'User-Agent': 'flotilla', ...options.headers },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        const text = await response.text();
        // Throttled or a server error: thrown, so that it is tried again.
        if (response.status === 429 || response.status >= 500) throw new Error(answer(response.status, text));
        return {
          done: response.ok || (options.accept?.(response.status, text) ?? false),
          status: response.status,
          text,
        };
      },
      () => ({ retry: true }),
      { retries: 2, baseDelayMs: 500, ...options.retry },
    );
  } catch (error) {
    throw new CommitStatusFailedError(target.host, target.context, (error as Error).message);
  }
  if (!outcome.done)
    throw new CommitStatusFailedError(target.host, target.context, answer(outcome.status, outcome.text));
}
