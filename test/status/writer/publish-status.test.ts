import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitMessage, openStatusStore, publishStatus, readStatusBranch, statusFiles, type StatusReport } from '../../../src/status/index.ts';
import { createGitRepo, removeFixtures, runGitIn, tempDir } from '../../source/helpers/git-fixture.ts';
import { startGitHttpServer, type GitHttpServer } from '../../source/helpers/git-http-server.ts';
import { barrier, writer } from './racing-writers.ts';

const FIXTURE_TIMEOUT_MS = 60_000;
let server: GitHttpServer;
let bare: string;

beforeAll(async () => {
  const source = createGitRepo();
  source.write('apps/web.yaml', 'kind: ConfigMap\n');
  source.commit('fleet');
  const root = tempDir();
  bare = path.join(root, 'fleet.git');
  runGitIn(root, ['clone', '-q', '--bare', source.dir, bare]);
  // git http-backend refuses anonymous pushes unless the repository allows them.
  runGitIn(bare, ['config', 'http.receivepack', 'true']);
  server = await startGitHttpServer(root);
}, FIXTURE_TIMEOUT_MS);

afterAll(async () => {
  await server.close();
  removeFixtures();
});

function report(writer: string, readyNum: number): StatusReport {
  return {
    sourceCommit: 'd'.repeat(40),
    reconciledAt: `2026-01-01T00:00:0${readyNum}Z`,
    clusters: [{ name: writer, status: { conditions: [{ type: 'Ready', status: 'True' }], nodeSummary: { totalNum: 9, readyNum } } }],
    templates: [],
  };
}

async function publish(writer: string, readyNum: number, preferNative: boolean) {
  const r = report(writer, readyNum);
  // Each writer has its own cache, as two machines would.
  const target = await openStatusStore({ repo: `${server.url}/fleet.git`, cacheDir: tempDir(), preferNative }, 'status');
  return publishStatus(target, { files: statusFiles(r, []), message: commitMessage(r).replace('Status of', `[${writer}] Status of`) }, { branch: 'status' });
}

function remoteLog(): string[] {
  return runGitIn(bare, ['log', '--format=%s', 'status']).split('\n');
}

describe.each([
  ['native git', true],
  ['isomorphic-git', false],
] as const)('publishStatus to an http remote through %s', (name, preferNative) => {
  it('pushes a new status branch, then makes no commit when nothing changed', async () => {
    const first = await publish(`solo-${name.replace(' ', '-')}`, 1, preferNative);
    expect(first.changed).toBe(true);
    expect(runGitIn(bare, ['rev-parse', 'status'])).toBe(first.commit);
    const again = await publish(`solo-${name.replace(' ', '-')}`, 1, preferNative);
    expect(again).toMatchObject({ changed: false, commit: first.commit });
    expect(runGitIn(bare, ['rev-parse', 'status'])).toBe(first.commit);
  });

  it('lands every one of several racing writers, none overwritten, in a linear history', async () => {
    const before = runGitIn(bare, ['rev-list', '--count', 'status']);
    const writers = ['a', 'b', 'c'].map((w) => `${w}-${name.replace(' ', '-')}`);
    const results = await Promise.all(writers.map((w, i) => publish(w, i + 2, preferNative)));
    expect(results.every((r) => r.changed)).toBe(true);
    const log = remoteLog();
    for (const w of writers) expect(log.some((line) => line.startsWith(`[${w}]`))).toBe(true);
    expect(Number(runGitIn(bare, ['rev-list', '--count', 'status']))).toBe(Number(before) + writers.length);
    expect(runGitIn(bare, ['rev-list', '--min-parents=2', 'status'])).toBe('');
    // The tip is the last writer's full tree: each commit replaces the tree, it does not merge.
    const tip = await readStatusBranch((await openStatusStore({ repo: `${server.url}/fleet.git`, cacheDir: tempDir(), preferNative }, 'status')).store, []);
    expect(tip?.clusters).toHaveLength(1);
  });

  it("has a writer that lost the push compose again on the tip that won, so a merging writer keeps the others' part", async () => {
    const branch = `merged-${name.replace(' ', '-')}`;
    const wait = barrier(2);
    const writers = ['a', 'b'].map((w) => writer(w, wait));
    const results = await Promise.all(
      writers.map(async (w) => {
        const target = await openStatusStore({ repo: `${server.url}/fleet.git`, cacheDir: tempDir(), preferNative }, branch, { fetch: false });
        return publishStatus(target, w.compose, { branch });
      }),
    );
    expect(results.map((r) => r.attempts).sort()).toEqual([1, 2]);
    expect(runGitIn(bare, ['ls-tree', '-r', '--name-only', branch]).split('\n')).toEqual(['clusters/a.yaml', 'clusters/b.yaml', 'summary.json']);
    expect(runGitIn(bare, ['log', '--format=%s', branch]).split('\n').sort()).toEqual(['[a] status', '[b] status']);
  });
});
