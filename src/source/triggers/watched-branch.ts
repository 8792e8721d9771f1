import { parseRevision } from '../parse-revision.ts';

/**
 * The branch a push must touch to matter for `ref`: `main` for `main` or `refs/heads/main~2`;
 * `undefined` when the ref is not a branch name (HEAD of a remote, a tag, a commit id), in which
 * case any branch but the status branch may matter.
 */
export function watchedBranch(ref: string): string | undefined {
  const base = (parseRevision(ref)?.base ?? ref).trim();
  if (base === 'HEAD' || /^[0-9a-f]{7,40}$/.test(base)) return undefined;
  if (base.startsWith('refs/heads/')) return base.slice('refs/heads/'.length);
  if (base.startsWith('refs/')) return undefined;
  return base;
}

/**
 * Whether a push to `pushedRef` (`refs/heads/x` as webhooks name it) can change what `ref` reads.
 * A push to the status branch never does (the engine writes it; it must not trigger itself).
 */
export function pushMatters(pushedRef: string, ref: string, statusBranch: string): boolean {
  if (!pushedRef.startsWith('refs/heads/')) return false;
  const branch = pushedRef.slice('refs/heads/'.length);
  if (branch === statusBranch) return false;
  const watched = watchedBranch(ref);
  return watched === undefined || watched === branch;
}
