/**
 * What the views read of a local repository's history with `git log`: the status-branch commits
 * that touched a template or reflect a source commit, and the recent source commits. The
 * GitStore port reads trees, not logs; a remote's status branch is fetched one commit deep, so
 * for a remote these lists hold what the cache has.
 */
import { runGit } from '../source/index.ts';
import type { HistoryEntry } from './template-view.ts';

const FORMAT = '--format=%H%x1f%cI%x1f%s%x1f%(trailers:key=Source-Commit,valueonly,separator=)%x1e';

function parseLog(stdout: Buffer): HistoryEntry[] {
  return stdout
    .toString('utf8')
    .split('\x1e')
    .map((record) => record.trim())
    .filter((record) => record !== '')
    .map((record) => {
      const [commit = '', at = '', subject = '', sourceCommit = ''] = record.split('\x1f');
      return { commit, at, subject, sourceCommit: sourceCommit.trim() };
    });
}

async function log(gitdir: string, args: readonly string[]): Promise<HistoryEntry[]> {
  const run = await runGit(gitdir, ['log', FORMAT, ...args]);
  return run.code === 0 ? parseLog(run.stdout) : [];
}

/** The status-branch commits that changed `path` (newest first, at most `limit`). */
export function pathHistory(gitdir: string, branch: string, path: string, limit = 20): Promise<HistoryEntry[]> {
  return log(gitdir, [`-n${limit}`, `refs/heads/${branch}`, '--', path]);
}

/** The status-branch commits whose `Source-Commit` trailer names `sourceCommit`. */
export async function applyHistory(gitdir: string, branch: string, sourceCommit: string): Promise<HistoryEntry[]> {
  const entries = await log(gitdir, ['-n200', `refs/heads/${branch}`]);
  return entries.filter((e) => e.sourceCommit === sourceCommit);
}

/** The newest source commits at `ref`, for the change view's list. */
export function sourceHistory(gitdir: string, ref: string, limit = 30): Promise<HistoryEntry[]> {
  return log(gitdir, [`-n${limit}`, ref, '--']);
}
