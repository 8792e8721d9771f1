import fs from 'node:fs';
import { locateRepository } from './locate-repository.ts';
import { isRemoteUrl, localPath } from './remote-url.ts';
import { nativeGitAvailable, runGit } from './run-git.ts';

/** `git status --porcelain -z` entries: `XY path`, and a rename's or copy's original path after it. */
function porcelainPaths(output: string): string[] {
  const fields = output.split('\0');
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry.length < 4) continue;
    paths.push(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') i++;
  }
  return paths;
}

/**
 * The files under `fleetPath` of a local work tree that differ from HEAD (changed, staged or
 * untracked, ignored files left out): what a person has edited but Flotilla will not read, since
 * it reads commits. `undefined` for a remote or a bare repository, which have no work tree.
 */
export async function uncommittedFiles(repo: string, fleetPath: string): Promise<string[] | undefined> {
  if (isRemoteUrl(repo)) return undefined;
  const location = await locateRepository(localPath(repo));
  if (location.root === location.gitdir) return undefined;
  const pathspec = fleetPath === '' ? '.' : fleetPath;
  // git is asked first; only when it cannot answer is its version asked (see open-git-store.ts).
  const run = await runGit(undefined, [
    '-C',
    location.root,
    'status',
    '--porcelain=v1',
    '-z',
    '--untracked-files=all',
    '--',
    pathspec,
  ]).catch(async (error: unknown) => {
    if (await nativeGitAvailable()) throw error;
    return undefined;
  });
  if (run?.code === 0) return porcelainPaths(run.stdout.toString('utf8'));
  if (await nativeGitAvailable()) return undefined;
  // Imported only without a git binary (see open-git-store.ts).
  const { default: git } = await import('isomorphic-git');
  const matrix = await git.statusMatrix({ fs, dir: location.root, gitdir: location.gitdir, filepaths: [pathspec] });
  return matrix
    .filter(([, head, workdir, stage]) => !(head === 1 && workdir === 1 && stage === 1))
    .map(([file]) => file);
}
