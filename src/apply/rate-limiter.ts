/**
 * Client-side rate limit per cluster (`--qps`, `--burst`): a token bucket, as client-go's
 * flowcontrol limiter, so a large fleet does not trip the API server's priority and fairness.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface RateLimitOptions {
  /** Sustained requests per second. @default 100 */
  qps: number;
  /** Requests allowed at once before the rate applies. @default 200 */
  burst: number;
}

export const DEFAULT_RATE_LIMIT_OPTIONS: Readonly<RateLimitOptions> = Object.freeze({ qps: 100, burst: 200 });

/** Returns `acquire()`, which resolves when the caller may send one request. */
export function createRateLimiter(options: Partial<RateLimitOptions> = {}): () => Promise<void> {
  const { qps, burst } = { ...DEFAULT_RATE_LIMIT_OPTIONS, ...options };
  if (!(qps > 0)) return async () => undefined;
  let tokens = Math.max(1, burst);
  let last = performance.now();
  // Each caller reserves its slot synchronously, so waiting callers keep their order.
  return async () => {
    const now = performance.now();
    tokens = Math.min(Math.max(1, burst), tokens + ((now - last) / 1000) * qps);
    last = now;
    tokens -= 1;
    if (tokens < 0) await sleep((-tokens / qps) * 1000);
  };
}
