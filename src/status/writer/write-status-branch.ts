import { splitSignature } from '../../source/index.ts';
import type { CommitFile, CommitFilesInput, GitStore, TreeEntry } from '../../source/index.ts';
import { ForeignStatusBranchError } from '../errors/index.ts';
import { comparableContent, SUMMARY_FILE } from '../files/status-files.ts';
import { gitBlobId } from './blob-id.ts';

/** How the status writer commits. */
export interface StatusWriteOptions {
  /** The status branch (FleetConfig.statusBranch). @default 'status' */
  branch: string;
  /** The full commit message: a summary line, a blank line, trailers. */
  message: string;
  /**
   * The commit to build on: omitted, the branch's tip in `store`; `null`, none (a root commit).
   * A remote writer passes the tip it fetched.
   */
  parent?: string | null;
  /** Author and committer; the timestamp comes from the caller's clock. @default DEFAULT_COMMIT_AUTHOR, now */
  author?: CommitFilesInput['author'];
  /**
   * The file every tip Flotilla wrote on this branch holds: summary.json on the status branch,
   * works.json on the works branch, report.json on an agent's. @default SUMMARY_FILE
   */
  marker?: string;
  /** Signs each commit (`--works-signing-key`); absent, commits are unsigned. */
  sign?: CommitFilesInput['sign'];
}

export const DEFAULT_STATUS_WRITE_OPTIONS: Readonly<Pick<StatusWriteOptions, 'branch'>> = Object.freeze({
  branch: 'status',
});

/** What a write did: the branch's commit afterwards, and whether this write made it. */
export interface StatusWriteResult {
  commit: string;
  changed: boolean;
}

/**
 * Whether the tree at `commit` already holds exactly `files` (summary.json compared without its
 * timestamp). Blob ids are computed locally and compared with one tree listing, so an unchanged
 * status of 10,000 templates costs one `ls-tree` and one small blob read.
 */
export async function sameTree(store: GitStore, commit: string, files: readonly CommitFile[]): Promise<boolean> {
  return sameFiles(store, await store.listTree(commit, ''), files);
}

async function sameFiles(
  store: GitStore,
  entries: readonly TreeEntry[] | undefined,
  files: readonly CommitFile[],
): Promise<boolean> {
  if (entries === undefined || entries.length !== files.length) return false;
  const oids = new Map(entries.map((e) => [e.path, e.oid]));
  let summary: CommitFile | undefined;
  for (const file of files) {
    const oid = oids.get(file.path);
    if (oid === undefined) return false;
    if (file.path === SUMMARY_FILE) summary = file;
    else if (oid !== gitBlobId(file.content)) return false;
  }
  if (summary === undefined) return true;
  const oid = oids.get(SUMMARY_FILE) ?? '';
  const stored = (await store.readBlobs([oid])).get(oid);
  return (
    stored !== undefined && comparableContent(SUMMARY_FILE, stored) === comparableContent(SUMMARY_FILE, summary.content)
  );
}

async function isSigned(store: GitStore, commit: string): Promise<boolean> {
  const object = await store.readCommitObject(commit);
  return object !== undefined && splitSignature(object) !== undefined;
}

/**
 * Commits `files` as the whole tree of the status branch, without touching any working tree or
 * the checked-out branch, unless the branch already holds them: then nothing
 * is written and the tip is returned. A branch that does not exist starts as an orphan; one whose
 * tip Flotilla did not write (no `marker` file) is refused (ForeignStatusBranchError), never built on.
 */
export async function writeStatusBranch(
  store: GitStore,
  files: readonly CommitFile[],
  options: Partial<StatusWriteOptions> & Pick<StatusWriteOptions, 'message'>,
): Promise<StatusWriteResult> {
  const branch = options.branch ?? DEFAULT_STATUS_WRITE_OPTIONS.branch;
  const parent =
    options.parent === undefined ? await store.readRef(`refs/heads/${branch}`) : (options.parent ?? undefined);
  if (parent !== undefined) {
    const entries = await store.listTree(parent, '');
    const marker = options.marker ?? SUMMARY_FILE;
    if (!entries?.some((e) => e.path === marker)) throw new ForeignStatusBranchError(branch, parent, marker);
    // A signing writer re-commits an unsigned tip once, so agents verifying it need not wait for a change.
    const resign = options.sign !== undefined && !(await isSigned(store, parent));
    if (!resign && (await sameFiles(store, entries, files))) return { commit: parent, changed: false };
  }
  const commit = await store.commitFiles({
    branch,
    files,
    message: options.message,
    parent: parent ?? null,
    ...(options.author ? { author: options.author } : {}),
    ...(options.sign ? { sign: options.sign } : {}),
  });
  return { commit, changed: true };
}
