import { describe, expect, it } from 'vitest';
import { nothingNew, RunLoop } from '../../../src/reconcile/run/run-loop.ts';
import type { PassOutcome, PassRequest, RunLoopEvent } from '../../../src/reconcile/run/run-loop.ts';
import type { TriggerSignal } from '../../../src/source/triggers/index.ts';

const watch = (commit: string): TriggerSignal => ({ kind: 'watch', commit, detail: commit });
const resync: TriggerSignal = { kind: 'resync', detail: 'resync' };

/** A pass that blocks until released, recording how many run at once. */
function gatedPass(commit = 'c1') {
  const calls: PassRequest[] = [];
  const gates: (() => void)[] = [];
  let active = 0;
  let maxActive = 0;
  const pass = async (request: PassRequest): Promise<PassOutcome> => {
    calls.push(request);
    active++;
    maxActive = Math.max(maxActive, active);
    await new Promise<void>((resolve) => gates.push(resolve));
    active--;
    return { commit, ok: true };
  };
  const release = async (): Promise<void> => {
    while (gates.length === 0) await new Promise((r) => setTimeout(r, 1));
    gates.shift()?.();
  };
  return { pass, calls, release, maxActive: () => maxActive };
}

describe('RunLoop', () => {
  it('never overlaps passes and coalesces every signal during a pass into one follow-up', async () => {
    const fake = gatedPass();
    const loop = new RunLoop(fake.pass);
    loop.request();
    loop.request([watch('c2')]);
    loop.request([resync]);
    loop.request([watch('c3')]);
    await fake.release();
    await fake.release();
    await loop.idle();
    expect(fake.calls.map((c) => c.signals.length)).toEqual([0, 3]);
    expect(fake.maxActive()).toBe(1);
  });

  it('skips a batch that only names the commit already reconciled, and runs a resync of it', async () => {
    const events: RunLoopEvent[] = [];
    const loop = new RunLoop(async () => ({ commit: 'c1', ok: true }), { onEvent: (e) => events.push(e) });
    loop.request();
    await loop.idle();
    loop.request([watch('c1')]);
    await loop.idle();
    loop.request([watch('c1'), resync]);
    await loop.idle();
    expect(events.map((e) => e.type)).toEqual(['pass-started', 'pass-finished', 'pass-skipped', 'pass-started', 'pass-finished']);
  });

  it('keeps going after a pass throws (a fetch failure) and does not count its commit as reconciled', async () => {
    const events: RunLoopEvent[] = [];
    let n = 0;
    const loop = new RunLoop(
      async () => {
        n++;
        if (n === 1) throw new Error('fetch failed');
        return { commit: 'c1', ok: true };
      },
      { onEvent: (e) => events.push(e) },
    );
    loop.request();
    await loop.idle();
    expect(loop.reconciledCommit).toBeUndefined();
    loop.request([watch('c1')]);
    await loop.idle();
    expect(events.map((e) => e.type)).toEqual(['pass-started', 'pass-failed', 'pass-started', 'pass-finished']);
    expect(loop.reconciledCommit).toBe('c1');
  });

  it('does not remember the commit of a pass that failed on a cluster, so the same commit is tried again', async () => {
    let n = 0;
    const loop = new RunLoop(async () => ({ commit: 'c1', ok: ++n > 1 }));
    loop.request();
    await loop.idle();
    loop.request([watch('c1')]);
    await loop.idle();
    expect(n).toBe(2);
  });

  it('on stop, lets the running pass finish with its abort signal raised and starts no other', async () => {
    const fake = gatedPass();
    const loop = new RunLoop(fake.pass);
    loop.request();
    loop.request([watch('c2')]);
    const stopped = loop.stop();
    expect(fake.calls[0]?.abort.aborted).toBe(true);
    await fake.release();
    await stopped;
    loop.request([watch('c3')]);
    await loop.idle();
    expect(fake.calls).toHaveLength(1);
  });

  it('measures pass duration with the injected clock', async () => {
    const events: RunLoopEvent[] = [];
    let t = 1_000;
    const loop = new RunLoop(
      async () => {
        t += 250;
        return { ok: true };
      },
      { now: () => t, onEvent: (e) => events.push(e) },
    );
    loop.request();
    await loop.idle();
    expect(events.at(-1)).toMatchObject({ type: 'pass-finished', durationMs: 250 });
  });
});

describe('nothingNew', () => {
  it.each([
    ['no signal at all asks for a pass', [], 'c1', false],
    ['signals naming the reconciled commit ask for nothing', [watch('c1'), watch('c1')], 'c1', true],
    ['a new commit asks for a pass', [watch('c1'), watch('c2')], 'c1', false],
    ['a resync asks for a pass', [resync], 'c1', false],
    ['nothing reconciled yet asks for a pass', [watch('c1')], undefined, false],
  ])('%s', (_name, signals, last, expected) => {
    expect(nothingNew(signals, last)).toBe(expected);
  });
});
