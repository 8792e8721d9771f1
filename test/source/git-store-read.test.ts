import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitCommandFailedError, NativeGitStore, type GitStore } from '../../src/source/index.ts';
import { IsomorphicGitStore } from '../../src/source/isomorphic-git-store.ts';
import { createGitRepo, removeFixtures } from './helpers/git-fixture.ts';

afterAll(removeFixtures);

const STORES = [
  ['native git', (gitdir: string): GitStore => new NativeGitStore(gitdir)],
  ['isomorphic-git', (gitdir: string): GitStore => new IsomorphicGitStore({ gitdir, commonDir: gitdir })],
] as const;

function repoWith(files: Record<string, string | Buffer>) {
  const repo = createGitRepo();
  for (const [file, content] of Object.entries(files)) repo.write(file, content);
  const commit = repo.commit('files');
  return { repo, commit, gitdir: path.join(repo.dir, '.git') };
}

describe.each(STORES)('the %s store', (_name, open) => {
  it('reads each blob once, keeps bytes exact and leaves out ids it cannot read', async () => {
    const bytes = Buffer.from([0, 10, 13, 255, 10]);
    const { repo, gitdir } = repoWith({ 'a.yaml': 'a\n', 'b.bin': bytes, 'empty.yaml': '' });
    const [a, b, empty] = ['a.yaml', 'b.bin', 'empty.yaml'].map((file) => repo.git('rev-parse', `HEAD:${file}`));
    const missing = 'f'.repeat(40);
    const blobs = await open(gitdir).readBlobs([a!, b!, a!, empty!, missing]);
    expect([...blobs.keys()].sort()).toEqual([a, b, empty].sort());
    expect(blobs.get(b!)).toEqual(bytes);
    expect(blobs.get(empty!)).toEqual(Buffer.alloc(0));
  });

  it('lists a tree recursively with modes and relative paths', async () => {
    const { commit, gitdir } = repoWith({ 'x/y/z.yaml': 'z', 'x/a.json': '{}' });
    expect(await open(gitdir).listTree(commit, 'x')).toEqual([
      { path: 'a.json', mode: '100644', type: 'blob', oid: expect.stringMatching(/^[0-9a-f]{40}$/) },
      { path: 'y/z.yaml', mode: '100644', type: 'blob', oid: expect.stringMatching(/^[0-9a-f]{40}$/) },
    ]);
  });

  it('returns no blobs for an empty request', async () => {
    const { gitdir } = repoWith({ 'a.yaml': 'a' });
    expect((await open(gitdir).readBlobs([])).size).toBe(0);
  });
});

describe('the native git store', () => {
  it('reports a broken repository as a failed git command, not as a missing ref', async () => {
    const { gitdir } = repoWith({ 'a.yaml': 'a' });
    writeFileSync(path.join(gitdir, 'HEAD'), 'garbage\n');
    await expect(new NativeGitStore(gitdir).resolveRef('main')).rejects.toBeInstanceOf(GitCommandFailedError);
  });
});
