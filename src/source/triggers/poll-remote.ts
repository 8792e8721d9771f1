import { HeadTracker } from './head-tracker.ts';
import type { Emit, Trigger, TriggerKind } from './trigger.ts';

/** How a remote is polled. */
export interface PollRemoteOptions {
  /** Fetches the watched branch and resolves it (see `readSourceHead`). */
  readHead: () => Promise<string | undefined>;
  /** `--poll`: time between fetches. @default 60_000 */
  intervalMs: number;
  /** A fetch that fails (counted as a source fetch error by the caller); the next tick retries. */
  onError: (error: unknown) => void;
}

/** The defaults of {@link PollRemoteOptions}. */
export const DEFAULT_POLL_REMOTE_OPTIONS: Readonly<Pick<PollRemoteOptions, 'intervalMs'>> = Object.freeze({
  intervalMs: 60_000,
});

/** A started remote poller; {@link RemotePoller.check} fetches now (the webhook calls it). */
export interface RemotePoller extends Trigger {
  check(kind: TriggerKind, detail: string): Promise<void>;
}

/**
 * Fetches a remote's branch on an interval and emits a `poll` signal when its commit moved.
 * Fetches never overlap: a check while one runs waits for it and then fetches again.
 */
export async function pollRemote(
  options: Partial<PollRemoteOptions> & Pick<PollRemoteOptions, 'readHead' | 'onError'>,
  emit: Emit,
): Promise<RemotePoller> {
  const { intervalMs } = { ...DEFAULT_POLL_REMOTE_OPTIONS, ...options };
  const tracker = new HeadTracker(options.readHead);
  await tracker.prime().catch(options.onError);
  let running: Promise<void> = Promise.resolve();
  const check = (kind: TriggerKind, detail: string): Promise<void> => {
    running = running.then(async () => {
      try {
        const commit = await tracker.changed();
        if (commit !== undefined) emit({ kind, commit, detail: `${detail}: remote moved to ${commit.slice(0, 12)}` });
      } catch (error) {
        options.onError(error);
      }
    });
    return running;
  };
  const timer = setInterval(() => void check('poll', 'poll'), intervalMs);
  return {
    kind: 'poll',
    check,
    close: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
