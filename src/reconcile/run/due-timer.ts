/**
 * The one timer of `run` for the controllers' next due time. Stopping disarms it for good: the
 * pass that is finishing when `run` stops re-arms it from its result, and an armed timer would
 * keep the process alive until it fires (the descheduler's is two minutes away).
 */
export interface DueTimer {
  /** Re-arms for `time` (milliseconds on the `now` clock), or disarms with undefined. */
  at(time: number | undefined): void;
  stop(): void;
}

export function dueTimer(now: () => number, fire: () => void): DueTimer {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  return {
    at(time) {
      clearTimeout(timer);
      timer = stopped || time === undefined ? undefined : setTimeout(fire, Math.max(0, time - now()) + 10);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
