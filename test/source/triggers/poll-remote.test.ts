import { describe, expect, it } from 'vitest';
import { pollRemote } from '../../../src/source/triggers/poll-remote.ts';
import type { TriggerSignal } from '../../../src/source/triggers/trigger.ts';

describe('pollRemote', () => {
  it('emits once per new commit, not for fetches that bring nothing, and reports fetch errors', async () => {
    const heads: (string | Error)[] = ['c1', 'c1', new Error('fetch failed'), 'c2', 'c2'];
    const signals: TriggerSignal[] = [];
    const errors: unknown[] = [];
    const readHead = async (): Promise<string> => {
      const next = heads.shift() ?? 'c2';
      if (next instanceof Error) throw next;
      return next;
    };
    const poller = await pollRemote({ readHead, intervalMs: 3_600_000, onError: (e) => errors.push(e) }, (s) => signals.push(s));
    for (let i = 0; i < 4; i++) await poller.check('webhook', 'push');
    await poller.close();
    expect(signals.map((s) => [s.kind, s.commit])).toEqual([['webhook', 'c2']]);
    expect(errors).toHaveLength(1);
  });
});
