/**
 * The port every git read and write goes through. Two adapters implement it, one file each:
 * `native-git-store.ts` (the `git` binary, the fast read path) and `isomorphic-git-store.ts`
 * (pure JavaScript, the fallback). `test/fakes/git-store.ts` is the in-memory fake.
 */
import type { CommitSigner } from './ssh-signature.ts';

export interface GitStore {
  /** Which adapter this is (`native`, `isomorphic`), for diagnostics and benchmarks. */
  readonly kind: string;
  /**
   * The commit a revision names (a branch, tag, commit id, `HEAD~1`, `origin/main`, tags peeled),
   * or `undefined` when it names none.
   */
  resolveRef(ref: string): Promise<string | undefined>;
  /** The object id a full ref name (`refs/heads/status`) points to, unpeeled; `undefined` when absent. */
  readRef(ref: string): Promise<string | undefined>;
  /**
   * Every non-tree entry under `dir` (posix, '' for the root) at `commit`, recursively, with paths
   * relative to `dir`; `undefined` when `dir` is not a folder at that commit.
   */
  listTree(commit: string, dir: string): Promise<TreeEntry[] | undefined>;
  /** The contents of these blobs; an id that cannot be read is absent from the map. */
  readBlobs(oids: readonly string[]): Promise<Map<string, Buffer>>;
  /**
   * Commits `files` as the whole tree of `branch` and moves the branch to the new commit, but
   * only if the branch still points at the parent it was built on (compare-and-swap): otherwise
   * throws BranchMovedError and leaves the branch as the other writer left it. A branch lock file
   * that stays in place (a writer killed mid-update) fails the commit without touching the file:
   * RefLockedError from isomorphic-git, GitCommandFailedError (git's own message) from native git.
   * Returns the commit id.
   */
  commitFiles(input: CommitFilesInput): Promise<string>;
  /** The raw commit object (headers, signature and message), for checking its signature; `undefined` when absent. */
  readCommitObject(commit: string): Promise<Buffer | undefined>;
}

/** One entry of a tree listing. `type` is `commit` for a submodule. */
export interface TreeEntry {
  path: string;
  /** Octal git mode: `100644`, `100755`, `120000` (symlink), `160000` (submodule). */
  mode: string;
  type: 'blob' | 'commit';
  oid: string;
}

/** {@link TreeEntry.mode} of a symlink, which Flotilla never follows. */
export const SYMLINK_MODE = '120000';

/** A file to commit: a posix path relative to the tree root, and its bytes. */
export interface CommitFile {
  path: string;
  content: Buffer | string;
}

/** What {@link GitStore.commitFiles} writes. */
export interface CommitFilesInput {
  /** Short branch name, e.g. `status`. */
  branch: string;
  files: readonly CommitFile[];
  message: string;
  /**
   * The parent commit, which the branch must still point at when the commit lands: `null` for a
   * root commit on a branch that must not exist yet; omitted, the branch's tip as read now.
   */
  parent?: string | null;
  author?: { name: string; email: string; timestamp?: number };
  /** Signs the commit (its `gpgsig` header), as `git commit -S` does; absent, the commit is unsigned. */
  sign?: CommitSigner;
}

/** Committer identity of commits Flotilla writes when the caller names none. */
export const DEFAULT_COMMIT_AUTHOR = { name: 'Flotilla', email: 'flotilla@localhost' } as const;
