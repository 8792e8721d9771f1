import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeSignals } from '../../../src/source/triggers/merge-signals.ts';
import type { TriggerSignal } from '../../../src/source/triggers/trigger.ts';

const signal = (kind: TriggerSignal['kind']): TriggerSignal => ({ kind, detail: kind });

describe('mergeSignals', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers a burst of signals as one batch after the quiet time', () => {
    const batches: TriggerSignal[][] = [];
    const merger = mergeSignals({ debounceMs: 100, maxWaitMs: 1_000 }, (b) => batches.push(b));
    merger.emit(signal('watch'));
    vi.advanceTimersByTime(50);
    merger.emit(signal('webhook'));
    vi.advanceTimersByTime(99);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches.map((b) => b.map((s) => s.kind))).toEqual([['watch', 'webhook']]);
  });

  it('never holds a steady stream longer than the maximum wait', () => {
    const batches: TriggerSignal[][] = [];
    const merger = mergeSignals({ debounceMs: 100, maxWaitMs: 300 }, (b) => batches.push(b));
    for (let i = 0; i < 10; i++) {
      merger.emit(signal('watch'));
      vi.advanceTimersByTime(50);
    }
    expect(batches.length).toBeGreaterThanOrEqual(1);
    expect(batches[0]?.length).toBe(6); // signals at 0, 50, …, 250 ms; delivered at 300 ms
  });

  it('drops what is pending once closed', () => {
    const batches: TriggerSignal[][] = [];
    const merger = mergeSignals({}, (b) => batches.push(b));
    merger.emit(signal('resync'));
    merger.close();
    merger.emit(signal('resync'));
    vi.advanceTimersByTime(5_000);
    expect(batches).toEqual([]);
  });
});
