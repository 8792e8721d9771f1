import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Writes the given files of a commit into a fresh temporary folder, at their fleet paths, for
 * kustomize to read: renders read the commit, never the working tree. Returns the folder.
 */
export async function materialize(files: ReadonlyMap<string, Buffer>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'flotilla-render-'));
  const folders = new Set([...files.keys()].map((path) => dirname(join(root, path))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  await Promise.all([...files].map(([path, content]) => writeFile(join(root, path), content)));
  return root;
}
