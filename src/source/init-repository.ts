import { mkdir, readdir, writeFile } from 'node:fs/promises';
import * as fs from 'node:fs';
import { dirname, join } from 'node:path';
import type { CommitFile } from './git-store.ts';
import { DEFAULT_COMMIT_AUTHOR } from './git-store.ts';
import { DirectoryNotEmptyError } from './errors/index.ts';

/**
 * Creates a git repository in an empty (or absent) folder with `files` committed on `main`, work
 * tree and index in step, so `flotilla plan` can read it at once. Never touches a non-empty
 * folder: nothing of the user's is overwritten.
 */
export async function initRepository(dir: string, files: readonly CommitFile[], message: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new DirectoryNotEmptyError(dir);
  // Imported here, not at the top: every command loads this folder, only `init` needs it.
  const { default: git } = await import('isomorphic-git');
  await git.init({ fs, dir, defaultBranch: 'main' });
  for (const file of files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.content);
    await git.add({ fs, dir, filepath: file.path });
  }
  return git.commit({ fs, dir, message, author: { ...DEFAULT_COMMIT_AUTHOR } });
}
