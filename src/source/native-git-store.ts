import path from 'node:path';
import { DEFAULT_COMMIT_AUTHOR, type CommitFilesInput, type GitStore, type TreeEntry } from './git-store.ts';
import { BranchMovedError, GitCommandFailedError } from './errors/index.ts';
import { runGit, type GitRun } from './run-git.ts';
import { breakStaleLock } from './stale-lock.ts';
import { withSignature, type CommitSigner } from './ssh-signature.ts';

/**
 * The fast read path: `git ls-tree -r -z` lists a tree in one process and one
 * `git cat-file --batch` streams every blob, as fast as git itself reads (issue 2: within 2x of
 * native git; isomorphic-git is 10–100x slower on a packed repository).
 */
export class NativeGitStore implements GitStore {
  readonly kind = 'native';
  readonly #gitdir: string;

  /** `gitdir` is the repository's git directory (a worktree's own one is fine). */
  constructor(gitdir: string) {
    this.#gitdir = gitdir;
  }

  async resolveRef(ref: string): Promise<string | undefined> {
    return this.#verify(`${ref}^{commit}`);
  }

  async readRef(ref: string): Promise<string | undefined> {
    return this.#verify(ref);
  }

  async listTree(commit: string, dir: string): Promise<TreeEntry[] | undefined> {
    const tree = `${commit}:${dir}`;
    const run = await runGit(this.#gitdir, ['ls-tree', '-r', '-z', '--full-tree', tree]);
    if (run.code === 0) return parseLsTree(run.stdout);
    // Only on failure ask why, so the common case stays one process.
    const type = await runGit(this.#gitdir, ['cat-file', '-t', tree]);
    if (type.code !== 0 || type.stdout.toString('utf8').trim() !== 'tree') return undefined;
    throw this.#failure('ls-tree', run);
  }

  async readBlobs(oids: readonly string[]): Promise<Map<string, Buffer>> {
    const unique = [...new Set(oids)];
    if (unique.length === 0) return new Map();
    const run = await this.#git(['cat-file', '--batch', '--buffer'], `${unique.join('\n')}\n`);
    return parseCatFileBatch(run.stdout);
  }

  /**
   * fast-import writes the commit without moving any ref; `update-ref <ref> <new> <old>` then
   * moves the branch only if it still points at the parent, under git's own ref lock.
   */
  async commitFiles(input: CommitFilesInput): Promise<string> {
    const ref = `refs/heads/${input.branch}`;
    const parent = input.parent === undefined ? await this.readRef(ref) : (input.parent ?? undefined);
    const run = await this.#git(['fast-import', '--quiet', '--date-format=raw'], fastImportStream(parent, input));
    const written = run.stdout.toString('utf8').trim();
    if (!/^[0-9a-f]{40,64}$/.test(written))
      throw this.#failure('fast-import', { ...run, stderr: `no commit id in its output: ${written}` });
    const commit = input.sign ? await this.#signed(written, input.sign) : written;
    // Git names the lock's path: a linked worktree keeps its branches in the common directory.
    await breakStaleLock(
      path.resolve((await this.#git(['rev-parse', '--git-path', `${ref}.lock`])).stdout.toString('utf8').trim()),
    );
    // An empty old value means "the ref must not exist yet".
    const moved = await runGit(this.#gitdir, ['update-ref', ref, commit, parent ?? '']);
    if (moved.code === 0) return commit;
    const actual = await this.readRef(ref);
    if (actual !== parent) throw new BranchMovedError(input.branch, parent ?? null, actual ?? null);
    throw this.#failure('update-ref', moved);
  }

  async readCommitObject(commit: string): Promise<Buffer | undefined> {
    const run = await runGit(this.#gitdir, ['cat-file', 'commit', commit]);
    return run.code === 0 ? run.stdout : undefined;
  }

  /** The commit `unsigned` again with its signature: fast-import cannot sign, so it is written anew. */
  async #signed(unsigned: string, sign: CommitSigner): Promise<string> {
    const payload = await this.readCommitObject(unsigned);
    if (payload === undefined) throw new Error(`the commit ${unsigned} fast-import wrote cannot be read`);
    const run = await this.#git(
      ['hash-object', '-t', 'commit', '-w', '--stdin'],
      withSignature(payload, await sign(payload)),
    );
    return run.stdout.toString('utf8').trim();
  }

  /** `rev-parse --verify --quiet` exits 1 for "no such revision"; anything else is a real failure. */
  async #verify(revision: string): Promise<string | undefined> {
    const run = await runGit(this.#gitdir, ['rev-parse', '--verify', '--quiet', '--end-of-options', revision]);
    if (run.code === 0) return run.stdout.toString('utf8').trim();
    if (run.code === 1) return undefined;
    throw this.#failure('rev-parse', run);
  }

  async #git(args: readonly string[], input?: Buffer | string): Promise<GitRun> {
    const run = await runGit(this.#gitdir, args, input);
    if (run.code !== 0) throw this.#failure(args[0] ?? '', run);
    return run;
  }

  #failure(command: string, run: GitRun): GitCommandFailedError {
    return new GitCommandFailedError({ command, gitdir: this.#gitdir, exitCode: run.code, stderr: run.stderr });
  }
}

/** Parses `git ls-tree -r -z`: `<mode> SP <type> SP <oid> TAB <path> NUL` per entry. */
function parseLsTree(out: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of out.toString('utf8').split('\0')) {
    if (record === '') continue;
    const tab = record.indexOf('\t');
    const [mode, type, oid] = record.slice(0, tab).split(' ');
    if (mode === undefined || oid === undefined || (type !== 'blob' && type !== 'commit')) continue;
    entries.push({ path: record.slice(tab + 1), mode, type, oid });
  }
  return entries;
}

/** Parses `git cat-file --batch`: `<oid> SP <type> SP <size> LF <bytes> LF`, or `<oid> SP missing LF`. */
function parseCatFileBatch(out: Buffer): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(10, at);
    if (eol < 0) break;
    const [oid, type, size] = out.toString('latin1', at, eol).split(' ');
    at = eol + 1;
    if (oid === undefined || size === undefined) continue;
    const length = Number(size);
    if (type === 'blob') blobs.set(oid, out.subarray(at, at + length));
    at += length + 1;
  }
  return blobs;
}

/**
 * fast-import only commits onto a named branch; this one is reset to nothing before the import
 * ends, so it is never written.
 */
const SCRATCH_REF = 'refs/flotilla/commit-files';

/**
 * One `git fast-import` commit holding exactly `input.files` on top of `parent`, printed by
 * `get-mark` to stdout; its scratch ref is reset to nothing, so no ref moves.
 */
function fastImportStream(parent: string | undefined, input: CommitFilesInput): Buffer {
  const author = input.author ?? DEFAULT_COMMIT_AUTHOR;
  const when = `${input.author?.timestamp ?? Math.floor(Date.now() / 1000)} +0000`;
  const message = Buffer.from(`${input.message.trimEnd()}\n`);
  const parts: Buffer[] = [
    Buffer.from(`commit ${SCRATCH_REF}\nmark :1\n`),
    Buffer.from(`author ${author.name} <${author.email}> ${when}\n`),
    Buffer.from(`committer ${author.name} <${author.email}> ${when}\n`),
    Buffer.from(`data ${message.length}\n`),
    message,
    Buffer.from(parent === undefined ? 'deleteall\n' : `from ${parent}\ndeleteall\n`),
  ];
  for (const file of input.files) {
    const content = Buffer.from(file.content);
    parts.push(
      Buffer.from(`M 100644 inline ${quotePath(file.path)}\ndata ${content.length}\n`),
      content,
      Buffer.from('\n'),
    );
  }
  // A `reset` without `from` leaves the branch empty, and fast-import writes no empty branch.
  parts.push(Buffer.from(`\nget-mark :1\nreset ${SCRATCH_REF}\n\n`));
  return Buffer.concat(parts);
}

/** fast-import's C-style path quoting, accepted for every path and needed for quotes and newlines. */
function quotePath(path: string): string {
  return `"${path.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\n')}"`;
}
