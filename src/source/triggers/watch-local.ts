import path from 'node:path';
import { watch } from 'chokidar';
import { locateRepository } from '../locate-repository.ts';
import { localPath } from '../remote-url.ts';
import { HeadTracker } from './head-tracker.ts';
import type { Emit, Trigger } from './trigger.ts';

/** How the local repository is watched. */
export interface WatchLocalOptions {
  /** `--repo`: a folder inside a work tree, or a bare repository. */
  repo: string;
  /** Resolves the watched ref to its commit (see `readSourceHead`). */
  readHead: () => Promise<string | undefined>;
  /** Quiet time after the last file event before the ref is read: one commit writes several files. @default 50 */
  settleMs: number;
  /** Called when reading the ref fails (a ref being rewritten is retried on the next event). */
  onError: (error: unknown) => void;
}

/** The defaults of {@link WatchLocalOptions}. */
export const DEFAULT_WATCH_LOCAL_OPTIONS: Readonly<Pick<WatchLocalOptions, 'settleMs'>> = Object.freeze({
  settleMs: 50,
});

/** Folders under the git directory that never hold refs: not watched (objects alone can be huge). */
const NOT_REFS = new Set(['objects', 'logs', 'hooks', 'info', 'lfs', 'modules', 'worktrees']);

/**
 * Watches a local repository's refs (`HEAD`, `packed-refs`, `refs/**`) with chokidar, so a commit
 * or a `git push` into it is seen at once; emits a `watch` signal only when the watched ref's
 * commit moved (a commit on the status branch touches `refs/heads/status` and emits nothing).
 */
export async function watchLocal(
  options: Partial<WatchLocalOptions> & Pick<WatchLocalOptions, 'repo' | 'readHead' | 'onError'>,
  emit: Emit,
): Promise<Trigger> {
  const { settleMs } = { ...DEFAULT_WATCH_LOCAL_OPTIONS, ...options };
  const location = await locateRepository(localPath(options.repo));
  const roots = [...new Set([location.gitdir, location.commonDir])];
  const tracker = new HeadTracker(options.readHead);
  await tracker.prime();
  const ignored = (file: string): boolean =>
    roots.some((root) => {
      const rel = path.relative(root, file);
      return rel !== '' && !rel.startsWith('..') && NOT_REFS.has(rel.split(path.sep)[0] ?? '');
    });
  const watcher = watch(roots, { ignoreInitial: true, ignored, depth: 32 });
  let timer: NodeJS.Timeout | undefined;
  const check = (): void => {
    timer = undefined;
    tracker.changed().then((commit) => {
      if (commit !== undefined) emit({ kind: 'watch', commit, detail: `ref moved to ${commit.slice(0, 12)}` });
    }, options.onError);
  };
  watcher.on('all', () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(check, settleMs);
  });
  watcher.on('error', options.onError);
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    kind: 'watch',
    close: async () => {
      if (timer !== undefined) clearTimeout(timer);
      await watcher.close();
    },
  };
}
