/**
 * The run loop (issue 9): passes on demand, never two at once. Signals that arrive during a pass
 * coalesce into one follow-up pass; a signal that only reports the commit already reconciled runs
 * nothing; stopping lets the current pass finish (its AbortSignal tells it to skip steps it has
 * not started) and starts no other. The pass itself is injected, so the loop is tested with fakes.
 */
import type { TriggerSignal } from '../../source/index.ts';

/** What a pass is asked to do. */
export interface PassRequest {
  /** Every signal since the last pass started; empty for the first pass. */
  signals: readonly TriggerSignal[];
  /** Aborted when the loop stops: finish the current step, start no other. */
  abort: AbortSignal;
}

/** What a pass reports back. */
export interface PassOutcome {
  /** The source commit the pass reconciled; unset when it did not get as far as reading it. */
  commit?: string;
  ok: boolean;
}

/** One pass over the fleet; throwing means the pass did nothing to the clusters (e.g. fetch failed). */
export type Pass = (request: PassRequest) => Promise<PassOutcome>;

/** What the loop reports, as it happens. */
export type RunLoopEvent =
  | { type: 'pass-started'; signals: readonly TriggerSignal[] }
  | { type: 'pass-finished'; outcome: PassOutcome; durationMs: number }
  | { type: 'pass-failed'; error: unknown; durationMs: number }
  | { type: 'pass-skipped'; reason: string };

/** The loop's settings. */
export interface RunLoopOptions {
  onEvent: (event: RunLoopEvent) => void;
  /** Milliseconds, monotonic. @default performance.now */
  now: () => number;
}

/** The defaults of {@link RunLoopOptions}. */
export const DEFAULT_RUN_LOOP_OPTIONS: Readonly<RunLoopOptions> = Object.freeze({
  onEvent: () => undefined,
  now: () => performance.now(),
});

/** Whether a batch of signals asks for nothing new: every one names the commit already reconciled. */
export function nothingNew(signals: readonly TriggerSignal[], lastCommit: string | undefined): boolean {
  return (
    signals.length > 0 &&
    lastCommit !== undefined &&
    signals.every((s) => s.commit !== undefined && s.commit === lastCommit)
  );
}

/** Runs passes one at a time; see the module comment. */
export class RunLoop {
  private readonly pass: Pass;
  private readonly options: RunLoopOptions;
  private readonly abort = new AbortController();
  private pending: TriggerSignal[] | undefined;
  private running: Promise<void> | undefined;
  private lastCommit: string | undefined;

  constructor(pass: Pass, options: Partial<RunLoopOptions> = {}) {
    this.pass = pass;
    this.options = { ...DEFAULT_RUN_LOOP_OPTIONS, ...options };
  }

  /** The commit the last successful pass reconciled. */
  get reconciledCommit(): string | undefined {
    return this.lastCommit;
  }

  /** Whether {@link stop} was called. */
  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /** Asks for a pass; while one runs, the signals wait for the single follow-up pass. */
  request(signals: readonly TriggerSignal[] = []): void {
    if (this.stopped) return;
    this.pending = [...(this.pending ?? []), ...signals];
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves when no pass runs and none is pending. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Lets the current pass finish its step, runs no other, and resolves when it is done. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.pending = undefined;
    await this.idle();
  }

  private async drain(): Promise<void> {
    while (this.pending !== undefined && !this.stopped) {
      const signals = this.pending;
      this.pending = undefined;
      if (nothingNew(signals, this.lastCommit)) {
        this.options.onEvent({ type: 'pass-skipped', reason: `already at ${this.lastCommit}` });
        continue;
      }
      await this.runOne(signals);
    }
  }

  private async runOne(signals: readonly TriggerSignal[]): Promise<void> {
    const { onEvent, now } = this.options;
    const started = now();
    onEvent({ type: 'pass-started', signals });
    try {
      const outcome = await this.pass({ signals, abort: this.abort.signal });
      if (outcome.ok && outcome.commit !== undefined) this.lastCommit = outcome.commit;
      onEvent({ type: 'pass-finished', outcome, durationMs: now() - started });
    } catch (error) {
      onEvent({ type: 'pass-failed', error, durationMs: now() - started });
    }
  }
}
