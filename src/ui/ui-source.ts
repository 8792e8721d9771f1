/**
 * Where the server gets its state: {@link watchRepository} for `flotilla ui` (the repository,
 * re-read when the source ref or the status branch moves), {@link passFeed} for `run --ui-addr`
 * (each pass's render, from the reconciler's memory). Listeners hear of every new version, which
 * the server pushes to open pages.
 */
import type { PassResult } from '../reconcile/index.ts';
import type { OpenSourceOptions } from '../source/index.ts';
import { isRemoteUrl } from '../source/index.ts';
import { watchLocal } from '../source/index.ts';
import type { ChangeView } from './change-view.ts';
import { RepoReader } from './repo-reader.ts';
import type { HistoryEntry } from './template-view.ts';
import { type UiState, uiState, viewSource } from './ui-state.ts';

export interface UiSource {
  /** The latest state; undefined until the first read finishes. */
  current(): UiState | undefined;
  /** Calls `listener` after each new version; returns the unsubscriber. */
  subscribe(listener: (state: UiState) => void): () => void;
  history(id: string): Promise<HistoryEntry[]>;
  change(commit: string | undefined, base?: string): Promise<ChangeView>;
  close(): Promise<void>;
}

/** The state and its listeners, shared by both kinds of source. */
class Feed {
  state: UiState | undefined;
  private readonly listeners = new Set<(state: UiState) => void>();

  readonly reader: RepoReader;

  constructor(reader: RepoReader) {
    this.reader = reader;
  }

  publish(state: UiState): void {
    if (state.version === this.state?.version) return;
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  source(close: () => Promise<void>): UiSource {
    const ready = (): UiState => {
      if (this.state === undefined) throw new Error('the fleet has not been read yet');
      return this.state;
    };
    return {
      current: () => this.state,
      subscribe: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
      history: async (id) => this.reader.history(ready(), id),
      change: async (commit, base) => this.reader.change(ready(), commit, base),
      close,
    };
  }
}

export interface WatchOptions {
  /** How often the refs are checked (a re-read happens only when the version changes). */
  intervalMs: number;
  onError: (error: unknown) => void;
}

/**
 * `flotilla ui`: reads the repository now, then whenever the source ref or the status branch
 * moves: a local repository's refs are watched (a commit shows at once, as `run` sees it), and
 * every `intervalMs` the heads are checked (for a remote, fetched and read). A failed re-read
 * keeps the last good state (and is reported), so the page never goes blank on a bad push.
 */
export async function watchRepository(source: OpenSourceOptions, options: WatchOptions): Promise<UiSource> {
  const reader = new RepoReader(source);
  const feed = new Feed(reader);
  feed.publish(await reader.state());
  const refresh = async (): Promise<void> => {
    const last = feed.state;
    if (last === undefined) return feed.publish(await reader.state());
    const heads = await reader.heads(last);
    if (heads === undefined || heads.source !== last.input.source.snapshot.commit)
      return feed.publish(await reader.state());
    if (heads.status !== (last.input.status?.commit ?? 'none')) feed.publish(await reader.withStatus(last));
  };
  // One refresh at a time; a signal during one runs another right after it.
  let running: Promise<void> | undefined;
  let again = false;
  const kick = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = refresh()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  const timer = setInterval(kick, options.intervalMs);
  timer.unref();
  const watcher = isRemoteUrl(source.repo)
    ? undefined
    : await watchLocal(
        {
          repo: source.repo,
          readHead: async () => {
            const heads = feed.state && (await reader.heads(feed.state));
            return heads && `${heads.source}:${heads.status}`;
          },
          onError: options.onError,
        },
        kick,
      );
  return feed.source(async () => {
    clearInterval(timer);
    await watcher?.close();
    await running;
  });
}

/** `run --ui-addr`: a source fed by the reconciler after each pass. */
export function passFeed(source: OpenSourceOptions): { source: UiSource; onPass(result: PassResult): Promise<void> } {
  const reader = new RepoReader(source);
  const feed = new Feed(reader);
  return {
    source: feed.source(async () => {}),
    async onPass(result) {
      const status = await reader.status(result.statusBranch);
      feed.publish(
        uiState({
          source: viewSource(result.source),
          rendered: result.rendered,
          diagnostics: result.diagnostics,
          previousSchedules: new Map(),
          status,
        }),
      );
    },
  };
}
