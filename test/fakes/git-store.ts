import { createHash } from 'node:crypto';
import { BranchMovedError } from '../../src/source/index.ts';
import type { CommitFilesInput, GitStore, TreeEntry } from '../../src/source/index.ts';

/** A file of a fake commit: text or bytes, or a symlink or submodule entry. */
export type FakeFile = string | Buffer | { symlink: string } | { submodule: string };

interface FakeCommit {
  entries: TreeEntry[];
  parents: string[];
  message: string;
}

/**
 * An in-memory {@link GitStore}: commits are built from a path → file record, refs are a map.
 * It resolves names, ids and `~n`; the revision grammar itself is tested on the real adapters.
 */
export class FakeGitStore implements GitStore {
  readonly kind = 'fake';
  readonly refs = new Map<string, string>();
  readonly commits = new Map<string, FakeCommit>();
  readonly blobs = new Map<string, Buffer>();

  /** Commits `files` onto `branch` (default `main`) and returns the commit id. */
  commit(files: Record<string, FakeFile>, branch = 'main', message = 'commit'): string {
    const entries = Object.entries(files).map(([path, file]) => this.#entry(path, file));
    const parent = this.refs.get(`refs/heads/${branch}`);
    const oid = hash(`commit ${JSON.stringify({ entries, parent, message, n: this.commits.size })}`);
    this.commits.set(oid, { entries, parents: parent === undefined ? [] : [parent], message });
    this.refs.set(`refs/heads/${branch}`, oid);
    return oid;
  }

  /** Forgets a blob, as a corrupt or partial clone would. */
  lose(oid: string): void {
    this.blobs.delete(oid);
  }

  async resolveRef(ref: string): Promise<string | undefined> {
    const [name = '', generations] = ref.split('~');
    let oid = this.refs.get(name) ?? this.refs.get(`refs/heads/${name}`) ?? this.refs.get(`refs/tags/${name}`);
    if (oid === undefined && this.commits.has(name)) oid = name;
    for (let i = 0; i < Number(generations ?? 0) && oid !== undefined; i++) oid = this.commits.get(oid)?.parents[0];
    return oid;
  }

  async readRef(ref: string): Promise<string | undefined> {
    return this.refs.get(ref);
  }

  async listTree(commit: string, dir: string): Promise<TreeEntry[] | undefined> {
    const entries = this.commits.get(commit)?.entries;
    if (entries === undefined) return undefined;
    if (dir === '') return entries.map((entry) => ({ ...entry }));
    const prefix = `${dir}/`;
    const inside = entries.filter((entry) => entry.path.startsWith(prefix));
    return inside.length === 0 ? undefined : inside.map((entry) => ({ ...entry, path: entry.path.slice(prefix.length) }));
  }

  async readBlobs(oids: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    for (const oid of oids) {
      const blob = this.blobs.get(oid);
      if (blob !== undefined) found.set(oid, blob);
    }
    return found;
  }

  /** Compare-and-swap as the real adapters do: the branch must still be at `parent` (absent for `null`). */
  async commitFiles(input: CommitFilesInput): Promise<string> {
    const actual = this.refs.get(`refs/heads/${input.branch}`);
    if (input.parent !== undefined && (input.parent ?? undefined) !== actual) throw new BranchMovedError(input.branch, input.parent, actual ?? null);
    return this.commit(Object.fromEntries(input.files.map((file) => [file.path, Buffer.from(file.content)])), input.branch, input.message);
  }

  /** The fake keeps no commit objects (signatures are tested on real repositories). */
  async readCommitObject(): Promise<Buffer | undefined> {
    return undefined;
  }

  #entry(path: string, file: FakeFile): TreeEntry {
    if (typeof file === 'object' && 'submodule' in file) return { path, mode: '160000', type: 'commit', oid: file.submodule };
    const symlink = typeof file === 'object' && 'symlink' in file;
    const content = symlink ? Buffer.from(file.symlink) : Buffer.from(file);
    const oid = hash(Buffer.concat([Buffer.from(`blob ${content.length}\0`), content]));
    this.blobs.set(oid, content);
    return { path, mode: symlink ? '120000' : '100644', type: 'blob', oid };
  }
}

function hash(data: string | Buffer): string {
  return createHash('sha1').update(data).digest('hex');
}
