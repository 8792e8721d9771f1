import { DEFAULT_FLEET_CONFIG } from '../../model/index.ts';
import { isRemoteUrl } from '../remote-url.ts';
import { DEFAULT_REF } from '../read-snapshot.ts';
import type { OpenSourceOptions } from '../read-snapshot.ts';
import { pollRemote } from './poll-remote.ts';
import { resyncEvery } from './resync.ts';
import { readSourceHead } from './source-head.ts';
import type { TlsFiles } from './http-listener.ts';
import type { Emit, Trigger } from './trigger.ts';
import { watchLocal } from './watch-local.ts';
import { startWebhookServer } from './webhook-server.ts';

/** Which triggers run, from the `run` flags. */
export interface TriggerOptions {
  source: OpenSourceOptions;
  /** `--poll`: fetch interval of a remote. @default 60_000 */
  pollMs: number;
  /** `--resync`: 0 turns it off. @default 300_000 */
  resyncMs: number;
  /** `--webhook-addr` and its secret; absent: no webhook endpoint. */
  webhook?: { address: string; secret: string; tls?: TlsFiles | undefined };
  /**
   * The status branch, whose pushes never trigger: a function, because flotilla.yaml at each new
   * commit can rename it. @default flotilla.yaml's default, `status`
   */
  statusBranch: () => string;
  /** A source that cannot be read (fetch errors are counted by the caller). */
  onError: (error: unknown) => void;
  /** The webhook's URL once it listens (logs, tests). */
  onListening?: (url: string) => void;
}

/** The defaults of {@link TriggerOptions}. */
export const DEFAULT_TRIGGER_OPTIONS: Readonly<Pick<TriggerOptions, 'pollMs' | 'resyncMs' | 'statusBranch'>> =
  Object.freeze({
    pollMs: 60_000,
    resyncMs: 300_000,
    statusBranch: () => DEFAULT_FLEET_CONFIG.statusBranch,
  });

/**
 * Starts the triggers a source needs: a local repository is watched on its refs; a remote is
 * fetched every `pollMs` and on each accepted webhook push; resync runs for both.
 */
export async function startTriggers(
  options: Partial<TriggerOptions> & Pick<TriggerOptions, 'source' | 'onError'>,
  emit: Emit,
): Promise<Trigger[]> {
  const o: TriggerOptions = { ...DEFAULT_TRIGGER_OPTIONS, ...options };
  const readHead = () => readSourceHead(o.source);
  const triggers: Trigger[] = [];
  const remote = isRemoteUrl(o.source.repo);
  const poller = remote ? await pollRemote({ readHead, intervalMs: o.pollMs, onError: o.onError }, emit) : undefined;
  if (poller) triggers.push(poller);
  else triggers.push(await watchLocal({ repo: o.source.repo, readHead, onError: o.onError }, emit));
  if (o.webhook) {
    const server = await startWebhookServer({
      ...o.webhook,
      ref: o.source.ref ?? (remote ? DEFAULT_REF.remote : DEFAULT_REF.local),
      statusBranch: o.statusBranch,
      onPush: (push) => {
        if (poller) void poller.check('webhook', `${push.provider} push to ${push.ref}`);
        else emit({ kind: 'webhook', detail: `${push.provider} push to ${push.ref}` });
      },
    });
    o.onListening?.(server.url);
    triggers.push({ kind: 'webhook', close: () => server.close() });
  }
  if (o.resyncMs > 0) triggers.push(resyncEvery(o.resyncMs, emit));
  return triggers;
}
