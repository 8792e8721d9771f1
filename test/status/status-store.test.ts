import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readSnapshot } from '../../src/source/index.ts';
import { fetchStatusBranch, openStatusStore } from '../../src/status/index.ts';
import { createGitRepo, removeFixtures, runGitIn, tempDir } from '../source/helpers/git-fixture.ts';
import { startGitHttpServer } from '../source/helpers/git-http-server.ts';

afterAll(removeFixtures);

it('fetches into one cache one at a time, the source stage’s included: every fetched tip stays a shallow commit of the cache', async () => {
  const repo = createGitRepo();
  repo.write('a', 'base');
  repo.commit('base');
  const branches = ['status', 'works', 'flotilla/agents/edge-1', 'flotilla/agents/edge-2', 'flotilla/agents/edge-3'];
  for (const branch of branches) {
    repo.git('checkout', '-q', '-b', branch, 'main');
    for (const n of [1, 2]) {
      repo.write('a', `${branch} ${n}`);
      repo.commit(`${branch} ${n}`);
    }
  }
  const root = tempDir();
  runGitIn(root, ['clone', '-q', '--bare', repo.dir, 'fleet.git']);
  const server = await startGitHttpServer(root);
  try {
    const source = { repo: `${server.url}/fleet.git`, cacheDir: tempDir() };
    const { remote } = await openStatusStore(source, 'status', { fetch: false });
    const [snapshot, ...tips] = await Promise.all([readSnapshot({ ...source, ref: 'main' }), ...branches.map((branch) => fetchStatusBranch(remote!, branch))]);
    const shallow = fs.readFileSync(path.join(remote!.gitdir, 'shallow'), 'utf8').trim().split('\n').sort();
    expect(shallow).toEqual([snapshot.commit, ...tips].sort());
  } finally {
    await server.close();
  }
}, 60_000);
