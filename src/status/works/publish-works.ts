/**
 * Writes the works branch (docs/karmada-compatibility.md#pull-mode) with the status branch's
 * publisher: one whole-tree commit per change, none when the tip already holds the same files, a
 * compare-and-swap (local) or a push retried on the new tip (remote), a tip Flotilla did not write
 * refused. Two things are decided on the tip each round: a member whose Work is unchanged but for
 * the source commit keeps its work.json as it was (its `sourceCommit` names the commit that last
 * changed its Work, so its agent has nothing to do), and, with shards, the members this replica
 * does not own keep the tip's folders, written by their owners. A folder leaves the branch only
 * when a source without errors no longer names its member a Pull Cluster.
 */
import { compareBytes } from '../../model/index.ts';
import type { CommitFile, CommitSigner, GitStore, TreeEntry } from '../../source/index.ts';
import { DEFAULT_COMMIT_AUTHOR } from '../../source/index.ts';
import type { StatusStore } from '../status-store.ts';
import { gitBlobId } from '../writer/blob-id.ts';
import { publishStatus } from '../writer/publish-status.ts';
import type { PublishResult, StatusBase, StatusCommit } from '../writer/publish-status.ts';
import { serializeWork, WORK_FILE } from './work-document.ts';
import { clusterFolders, WORKS_MARKER_FILE, worksMarker } from './works-files.ts';
import type { ClusterFolder, WorksInput } from './works-files.ts';

/** What the works branch is written with. */
export interface WorksWriteOptions {
  branch: string;
  /** The members this replica writes; the others' folders are kept from the tip. @default every member */
  owns?: (cluster: string) => boolean;
  /** Every Pull member of the fleet (owned or not), for the marker and for what to keep. */
  members: readonly string[];
  /** Commit time, from the caller's clock. */
  now: () => Date;
  /** Rounds against racing writers. @default 5 */
  maxAttempts?: number;
  /** Signs every works commit (`--works-signing-key`, docs/deploy.md#signed-works). */
  sign?: CommitSigner;
}

/** What a write did, and the blob id of each written member's work.json (what its agent reports having applied). */
export interface WorksWriteResult extends PublishResult {
  workBlobs: Map<string, string>;
}

type WorksCommit = StatusCommit & { workBlobs: Map<string, string> };

/** The tip's entries grouped by top-level folder. */
function folders(entries: readonly TreeEntry[]): Map<string, TreeEntry[]> {
  const out = new Map<string, TreeEntry[]>();
  for (const entry of entries) {
    const slash = entry.path.indexOf('/');
    if (slash < 0) continue;
    const cluster = entry.path.slice(0, slash);
    const list = out.get(cluster) ?? [];
    list.push({ ...entry, path: entry.path.slice(slash + 1) });
    out.set(cluster, list);
  }
  return out;
}

/** Whether the tip's folder holds exactly `files` but for work.json. */
function sameButWork(files: readonly CommitFile[], tip: readonly TreeEntry[] | undefined): boolean {
  if (tip === undefined || tip.length !== files.length) return false;
  const oids = new Map(tip.map((e) => [e.path, e.oid]));
  return files.every((f) => f.path === WORK_FILE || oids.get(f.path) === gitBlobId(f.content));
}

/** The source commit a tip's work.json names, when it is readable. */
function tipSourceCommit(blob: Buffer | undefined): string | undefined {
  if (blob === undefined) return undefined;
  try {
    const commit: unknown = (JSON.parse(blob.toString('utf8')) as Record<string, unknown>)['sourceCommit'];
    return typeof commit === 'string' ? commit : undefined;
  } catch {
    return undefined;
  }
}

/** Each folder's files with its work.json as the tip has it when nothing else of the Work changed. */
async function keepUnchangedWork(
  store: GitStore,
  own: readonly ClusterFolder[],
  tip: ReadonlyMap<string, TreeEntry[]>,
): Promise<Map<string, CommitFile[]>> {
  const candidates = own.filter((f) => sameButWork(f.files, tip.get(f.cluster)));
  const oidOf = (cluster: string) => tip.get(cluster)?.find((e) => e.path === WORK_FILE)?.oid ?? '';
  const blobs = await store.readBlobs(candidates.map((f) => oidOf(f.cluster)));
  const out = new Map(own.map((f) => [f.cluster, f.files]));
  for (const folder of candidates) {
    const oid = oidOf(folder.cluster);
    const sourceCommit = tipSourceCommit(blobs.get(oid));
    if (sourceCommit === undefined) continue;
    const kept = serializeWork({ ...folder.work, sourceCommit });
    if (gitBlobId(kept) !== oid) continue;
    out.set(
      folder.cluster,
      folder.files.map((f) => (f.path === WORK_FILE ? { path: f.path, content: kept } : f)),
    );
  }
  return out;
}

/** The files of the members another replica owns, as the tip holds them. */
async function theirFolders(
  store: GitStore,
  tip: ReadonlyMap<string, TreeEntry[]>,
  theirs: readonly string[],
): Promise<Map<string, CommitFile[]>> {
  const entries = theirs.flatMap((c) => tip.get(c) ?? []);
  const blobs = await store.readBlobs(entries.map((e) => e.oid));
  return new Map(
    theirs.map((c) => [
      c,
      (tip.get(c) ?? []).flatMap((e) => {
        const content = blobs.get(e.oid);
        return content === undefined ? [] : [{ path: e.path, content }];
      }),
    ]),
  );
}

function message(input: WorksInput, written: number): string {
  const short = input.sourceCommit.slice(0, 12);
  return `Works of ${short}: ${written} Pull member${written === 1 ? '' : 's'}\n\nSource-Commit: ${input.sourceCommit}\n`;
}

/** The composer of one round, on the tip it is given. */
function composer(input: WorksInput, options: WorksWriteOptions): (base: StatusBase) => Promise<WorksCommit> {
  const owns = options.owns ?? (() => true);
  const own = clusterFolders(input).filter((f) => owns(f.cluster));
  const theirs = options.members.filter((c) => !owns(c));
  return async (base) => {
    const tip = base.commit === undefined ? new Map() : folders((await base.store.listTree(base.commit, '')) ?? []);
    // With errors in the source a member may be missing only because its Cluster file did not parse:
    // its folder stays, as a Push member the pass cannot see is left alone.
    const unseen = input.prune.sourceHasErrors ? [...tip.keys()].filter((c) => !options.members.includes(c)) : [];
    const byCluster = new Map([
      ...(await theirFolders(base.store, tip, [...theirs, ...unseen])),
      ...(await keepUnchangedWork(base.store, own, tip)),
    ]);
    const files: CommitFile[] = [worksMarker([...options.members, ...unseen])];
    const workBlobs = new Map<string, string>();
    for (const cluster of [...byCluster.keys()].sort(compareBytes)) {
      for (const file of byCluster.get(cluster) ?? []) {
        files.push({ path: `${cluster}/${file.path}`, content: file.content });
        if (file.path === WORK_FILE && owns(cluster)) workBlobs.set(cluster, gitBlobId(file.content));
      }
    }
    return { files, message: message(input, own.length), workBlobs };
  };
}

/** Writes (and for a remote, pushes) the works branch. */
export async function publishWorks(
  target: StatusStore,
  input: WorksInput,
  options: WorksWriteOptions,
): Promise<WorksWriteResult> {
  const { content, ...published } = await publishStatus(target, composer(input, options), {
    branch: options.branch,
    marker: WORKS_MARKER_FILE,
    maxAttempts: options.maxAttempts ?? 5,
    author: { ...DEFAULT_COMMIT_AUTHOR, timestamp: Math.floor(options.now().getTime() / 1000) },
    ...(options.sign ? { sign: options.sign } : {}),
  });
  return { ...published, workBlobs: content.workBlobs };
}

/**
 * Whether the branch's tip, as `target` holds it now (no fetch), still has a member's folder: with
 * no Pull member left, the branch is written once more to drop it, and after that not at all.
 */
export async function worksHoldFolders(target: StatusStore, branch: string): Promise<boolean> {
  const tip = await target.store.readRef(`refs/heads/${branch}`);
  if (tip === undefined) return false;
  return ((await target.store.listTree(tip, '')) ?? []).some((entry) => entry.path.includes('/'));
}
