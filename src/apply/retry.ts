/**
 * Retries with exponential backoff and jitter for what is worth retrying: throttling (429),
 * server errors (5xx) and transport failures. Whether an error qualifies is the caller's call.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface RetryOptions {
  /** Attempts after the first. @default 4 */
  retries: number;
  /** Delay before the first retry; doubles each time. @default 100 */
  baseDelayMs: number;
  /** Upper bound of one delay. @default 2000 */
  maxDelayMs: number;
  /** Ends the retries, a delay included, rejecting with its reason. */
  signal?: AbortSignal;
}

export const DEFAULT_RETRY_OPTIONS: Readonly<RetryOptions> = Object.freeze({
  retries: 4,
  baseDelayMs: 100,
  maxDelayMs: 2000,
});

/** What a failed attempt says about retrying: no, or yes after at least `afterMs`. */
export type RetryVerdict = { retry: false } | { retry: true; afterMs?: number };

/** Runs `attempt` until it succeeds, `classify` says stop, or the retries are spent. */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  classify: (error: unknown) => RetryVerdict,
  options: Partial<RetryOptions> = {},
): Promise<T> {
  const { retries, baseDelayMs, maxDelayMs, signal } = { ...DEFAULT_RETRY_OPTIONS, ...options };
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      signal?.throwIfAborted();
      const verdict = classify(error);
      if (!verdict.retry || n >= retries) throw error;
      const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** n) * (0.5 + Math.random() / 2);
      await sleep(
        Math.max(backoff, Math.min(maxDelayMs, verdict.afterMs ?? 0)),
        undefined,
        signal ? { signal } : {},
      ).catch(() => signal?.throwIfAborted());
    }
  }
}
