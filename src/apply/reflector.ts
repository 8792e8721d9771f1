/**
 * Keeps a copy of one kind's objects in a member up to date, as client-go's reflector does: list
 * every page, then watch from the list's resourceVersion. A watch the server ends (its timeout) is
 * resumed from the last resourceVersion seen; a 410 ERROR (the version is too old) lists again, at
 * once if the watch had worked; any failure lists again after a backoff that doubles up to a bound
 * and starts over once a watch has worked (an event came, or the server ended it): a member that
 * lists but refuses the watch (a role without `watch`) is listed ever more rarely, not every
 * second. What the copy is lives in the handler (the search cache's store is one). Given a
 * function for its client, it asks for one before each list, so a failure can bring fresh
 * credentials.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { KubeObject } from '../model/index.ts';
import type { KubeClient, ListQuery } from './kube-client.ts';

/** Where a reflector's findings go. */
export interface ReflectorHandler {
  /** A fresh list: whatever the handler held of the query is replaced by `items`. */
  replace(items: KubeObject[], resourceVersion: string): void;
  /** One change, and the resourceVersion it brings the copy to. */
  change(type: 'ADDED' | 'MODIFIED' | 'DELETED', object: KubeObject, resourceVersion: string): void;
  /** The copy is current as of `resourceVersion` (a bookmark). */
  progress(resourceVersion: string): void;
  /** A list or a watch failed; the reflector lists again after a backoff. */
  failed(error: unknown): void;
}

export interface ReflectorOptions {
  /** The server ends each watch after this long (client-go picks 5-10 minutes). @default 300 */
  watchTimeoutSeconds: number;
  /** First delay after a failure; doubles on each failure in a row. @default 1000 */
  backoffMs: number;
  /** Longest delay. @default 30000 */
  maxBackoffMs: number;
}

export const DEFAULT_REFLECTOR_OPTIONS: Readonly<ReflectorOptions> = Object.freeze({
  watchTimeoutSeconds: 300,
  backoffMs: 1000,
  maxBackoffMs: 30_000,
});

/** A running reflector. */
export interface Reflector {
  /** Stops listing and watching; resolves once nothing more reaches the handler. */
  stop(): Promise<void>;
}

/** The server said the watch cannot go on (other than 410, which only means: list again). */
class WatchEnded extends Error {}

/**
 * Watches from `resourceVersion` until the server ends a watch with 410 (resolves: list again)
 * or fails (rejects); a watch ended by the server's timeout is resumed where it stopped. `worked`
 * hears each watch that delivered an event or was ended by the server.
 */
async function follow(
  client: KubeClient,
  query: ListQuery,
  from: string,
  handler: ReflectorHandler,
  options: ReflectorOptions,
  signal: AbortSignal,
  worked: () => void,
): Promise<void> {
  let resourceVersion = from;
  while (!signal.aborted) {
    let gone = false;
    let refused: WatchEnded | undefined;
    const started = performance.now();
    await client.watch(
      { ...query, resourceVersion, timeoutSeconds: options.watchTimeoutSeconds },
      (event) => {
        if (event.type === 'ERROR') {
          if (event.code === 410) gone = true;
          else refused = new WatchEnded(`watch ended by the server: ${event.code} ${event.reason}: ${event.message}`);
        } else if (event.type === 'BOOKMARK') {
          worked();
          resourceVersion = event.resourceVersion;
          handler.progress(resourceVersion);
        } else {
          worked();
          const version = event.object.metadata['resourceVersion'];
          if (typeof version === 'string') resourceVersion = version;
          handler.change(event.type, event.object, resourceVersion);
        }
      },
      signal,
    );
    if (gone) return;
    if (refused) throw refused;
    worked();
    // A server that ends watches at once must not make this a busy loop.
    if (performance.now() - started < 1000)
      await sleep(options.backoffMs, undefined, { signal }).catch(() => undefined);
  }
}

/** Starts reflecting `query` of `client`'s member into `handler`. */
export function startReflector(
  client: KubeClient | (() => Promise<KubeClient>),
  query: ListQuery,
  handler: ReflectorHandler,
  options: Partial<ReflectorOptions> = {},
): Reflector {
  const o = { ...DEFAULT_REFLECTOR_OPTIONS, ...options };
  const stopping = new AbortController();
  const { signal } = stopping;
  const connect = typeof client === 'function' ? client : async () => client;
  const run = async (): Promise<void> => {
    let delay = o.backoffMs;
    while (!signal.aborted) {
      let worked = false;
      try {
        const view = (await connect()).withSignal(signal);
        const list = await view.listWithVersion(query);
        if (signal.aborted) return;
        handler.replace(list.items, list.resourceVersion);
        await follow(view, query, list.resourceVersion, handler, o, signal, () => {
          worked = true;
          delay = o.backoffMs;
        });
        // A 410 ends a watch that worked: list again at once. One that never did waits as a failure does.
        if (worked) continue;
      } catch (error) {
        if (signal.aborted) return;
        handler.failed(error);
      }
      await sleep(delay, undefined, { signal }).catch(() => undefined);
      delay = Math.min(delay * 2, o.maxBackoffMs);
    }
  };
  const running = run();
  return {
    stop: async () => {
      stopping.abort(new Error('reflector stopped'));
      await running;
    },
  };
}
