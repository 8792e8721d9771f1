import { afterEach, describe, expect, it, vi } from 'vitest';
import { dueTimer } from '../../../src/reconcile/run/due-timer.ts';

describe('dueTimer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[string, (number | undefined | 'stop')[], number]>([
    ['fires once at the due time', [1_000], 1],
    ['fires at the last time it was armed for', [60_000, 1_000], 1],
    ['is disarmed by undefined', [1_000, undefined], 0],
    ['does not fire once stopped', [1_000, 'stop'], 0],
    // The pass that finishes while run stops re-arms it from its result: that must not keep the process alive.
    ['is not re-armed after stop', ['stop', 1_000], 0],
  ])('%s', (_, steps, fired) => {
    vi.useFakeTimers({ now: 0 });
    const fire = vi.fn();
    const timer = dueTimer(() => Date.now(), fire);
    for (const step of steps) {
      if (step === 'stop') timer.stop();
      else timer.at(step);
    }
    vi.advanceTimersByTime(120_000);
    expect(fire).toHaveBeenCalledTimes(fired);
    expect(vi.getTimerCount()).toBe(0);
  });
});
