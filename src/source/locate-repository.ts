import { promises as fs } from 'node:fs';
import path from 'node:path';
import { NotAGitRepositoryError, RepoNotFoundError } from './errors/index.ts';

/** Where a local repository lives, and where inside it `--repo` pointed. */
export interface RepositoryLocation {
  /** Absolute work-tree root (for a bare repository: the repository folder). */
  root: string;
  /** The checkout's git directory: `.git`, a linked worktree's `.git/worktrees/NAME`, or the bare folder. */
  gitdir: string;
  /** Where objects and shared refs live: `gitdir`, or what a worktree's `commondir` file names. */
  commonDir: string;
  /** The folder `--repo` named, relative to `root`, posix ('' at the root). */
  pathInRepo: string;
}

/**
 * Finds the repository holding the folder `repo`, walking up to the first `.git` folder or file
 * (a linked worktree or submodule writes `gitdir: PATH` into a `.git` file), as git does.
 */
export async function locateRepository(repo: string): Promise<RepositoryLocation> {
  const start = await realFolder(repo);
  if (await isBareRepository(start)) return { root: start, gitdir: start, commonDir: start, pathInRepo: '' };
  for (let dir = start; ; dir = path.dirname(dir)) {
    const gitdir = await gitdirOf(dir);
    if (gitdir !== undefined) {
      const pathInRepo = path.relative(dir, start).split(path.sep).join('/');
      return { root: dir, gitdir, commonDir: await commonDirOf(gitdir), pathInRepo };
    }
    if (path.dirname(dir) === dir) throw new NotAGitRepositoryError(repo);
  }
}

async function realFolder(repo: string): Promise<string> {
  let real: string;
  try {
    real = await fs.realpath(path.resolve(repo));
  } catch (error) {
    throw new RepoNotFoundError(repo, { cause: error });
  }
  if (!(await fs.stat(real)).isDirectory()) throw new NotAGitRepositoryError(repo);
  return real;
}

/** The git directory `dir/.git` names, if any. */
async function gitdirOf(dir: string): Promise<string | undefined> {
  const dotgit = path.join(dir, '.git');
  const stat = await fs.stat(dotgit).catch(() => undefined);
  if (stat?.isDirectory()) return dotgit;
  if (!stat?.isFile()) return undefined;
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(await fs.readFile(dotgit, 'utf8'));
  return match?.[1] === undefined ? undefined : path.resolve(dir, match[1]);
}

async function commonDirOf(gitdir: string): Promise<string> {
  const commondir = await fs.readFile(path.join(gitdir, 'commondir'), 'utf8').catch(() => undefined);
  return commondir === undefined ? gitdir : path.resolve(gitdir, commondir.trim());
}

async function isBareRepository(dir: string): Promise<boolean> {
  const [head, objects, refs] = await Promise.all(
    ['HEAD', 'objects', 'refs'].map((name) => fs.stat(path.join(dir, name)).catch(() => undefined)),
  );
  return Boolean(head?.isFile() && objects?.isDirectory() && refs?.isDirectory());
}
