// Polling with a bound: tests wait for controllers and processes, never forever.
import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
}

/** Polls until check returns a value other than undefined; the error names what never happened and the last value seen. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, options: WaitOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const detail = last instanceof Error ? `: last error ${last.message}` : '';
      throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${what}${detail}`);
    }
    await sleep(options.intervalMs ?? 500);
  }
}
