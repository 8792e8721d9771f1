import type { Emit, TriggerSignal } from './trigger.ts';

/** How signals are merged. */
export interface MergeSignalsOptions {
  /** Quiet time after a signal before the batch is delivered. @default 100 */
  debounceMs: number;
  /** A stream of signals never waits longer than this. @default 1_000 */
  maxWaitMs: number;
}

/** The defaults of {@link MergeSignalsOptions}. */
export const DEFAULT_MERGE_SIGNALS_OPTIONS: Readonly<MergeSignalsOptions> = Object.freeze({
  debounceMs: 100,
  maxWaitMs: 1_000,
});

/** The merged stream: every trigger emits into {@link SignalMerger.emit}. */
export interface SignalMerger {
  emit: Emit;
  /** Drops what is pending and stops. */
  close(): void;
}

/**
 * Merges every trigger's signals into debounced batches: a burst (a push that moves a ref and
 * rewrites packed-refs, a webhook racing the poll) becomes one delivery, at most `maxWaitMs`
 * after its first signal.
 */
export function mergeSignals(
  options: Partial<MergeSignalsOptions>,
  deliver: (batch: TriggerSignal[]) => void,
): SignalMerger {
  const { debounceMs, maxWaitMs } = { ...DEFAULT_MERGE_SIGNALS_OPTIONS, ...options };
  let pending: TriggerSignal[] = [];
  let timer: NodeJS.Timeout | undefined;
  let firstAt = 0;
  let closed = false;
  const flush = (): void => {
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length > 0) deliver(batch);
  };
  return {
    emit(signal) {
      if (closed) return;
      const now = Date.now();
      if (pending.length === 0) firstAt = now;
      pending.push(signal);
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(flush, Math.max(0, Math.min(debounceMs, firstAt + maxWaitMs - now)));
    },
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      pending = [];
    },
  };
}
