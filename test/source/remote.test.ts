import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FetchFailedError, readSnapshot, RefNotFoundError, RepoNotFoundError } from '../../src/source/index.ts';
import { createGitRepo, removeFixtures, runGitIn, tempDir, type GitFixture } from './helpers/git-fixture.ts';
import { startGitHttpServer, type GitHttpServer } from './helpers/git-http-server.ts';

const TOKEN_HEADER = `Basic ${Buffer.from('x-access-token:s3cret').toString('base64')}`;
let source: GitFixture;
let served: string;
let open: GitHttpServer;
let locked: GitHttpServer;
const commits: string[] = [];

/** Building fixtures runs dozens of git processes; a busy CI machine needs more than the 10 s default. */
const FIXTURE_TIMEOUT_MS = 60_000;

beforeAll(async () => {
  source = createGitRepo();
  source.write('apps/web.yaml', 'kind: Deployment # 1\n');
  commits.push(source.commit('one'));
  source.git('tag', '-a', '-m', 'release', 'v1');
  source.write('apps/web.yaml', 'kind: Deployment # 2\n');
  commits.push(source.commit('two'));
  source.write('apps/web.yaml', 'kind: Deployment # 3\n');
  source.write('fleet/a.yaml', 'kind: A\n');
  commits.push(source.commit('three'));
  source.git('branch', 'old', commits[0]!);
  const root = tempDir();
  served = path.join(root, 'fleet.git');
  runGitIn(root, ['clone', '-q', '--bare', source.dir, served]);
  open = await startGitHttpServer(root);
  locked = await startGitHttpServer(root, TOKEN_HEADER);
}, FIXTURE_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([open.close(), locked.close()]);
  removeFixtures();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe.each([
  ['native git', true],
  ['isomorphic-git', false],
] as const)('readSnapshot of an http remote through %s', (_name, preferNative) => {
  const read = (ref?: string, extra: { path?: string; cacheDir?: string } = {}) =>
    readSnapshot({ repo: `${open.url}/fleet.git`, ref, preferNative, cacheDir: extra.cacheDir ?? tempDir(), path: extra.path });

  it.each([
    ['reads main by default', undefined, 2, 'main'],
    ['reads another branch', 'old', 0, 'old'],
    ['reads an annotated tag', 'v1', 0, 'v1'],
    ['reads history behind a branch', 'main~1', 1, 'main~1'],
    ['reads a commit id', () => commits[1]!, 1, undefined],
  ] as const)('%s', async (_case, ref, index, shownRef) => {
    const wanted = typeof ref === 'function' ? ref() : ref;
    const snapshot = await read(wanted);
    expect(snapshot.commit).toBe(commits[index]);
    expect(snapshot.ref).toBe(shownRef ?? wanted);
    expect(snapshot.files.find((file) => file.path === 'apps/web.yaml')?.content.toString()).toBe(`kind: Deployment # ${index + 1}\n`);
  });

  it('reads a sub-folder of the remote', async () => {
    const snapshot = await read('main', { path: 'fleet' });
    expect(snapshot.files.map((file) => file.path)).toEqual(['a.yaml']);
  });

  it('keeps a cache outside the repository and deepens it when asked for history', async () => {
    const cacheDir = tempDir();
    const shallow = await read('main', { cacheDir });
    expect(path.dirname(shallow.root)).toBe(cacheDir);
    const deeper = await read('main~2', { cacheDir });
    expect(deeper.root).toBe(shallow.root);
    expect(deeper.commit).toBe(commits[0]);
  });

  it('reads two refs of one remote at once into one cache', async () => {
    const cacheDir = tempDir();
    const [main, old] = await Promise.all([read('main', { cacheDir }), read('old', { cacheDir })]);
    expect([main.commit, old.commit]).toEqual([commits[2], commits[0]]);
    expect(main.root).toBe(old.root);
  });

  it.each([
    ['an unknown branch', () => read('no-such-branch'), RefNotFoundError],
    ['an unknown repository', () => readSnapshot({ repo: `${open.url}/missing.git`, preferNative, cacheDir: tempDir() }), RepoNotFoundError],
    ['a server that is not there', () => readSnapshot({ repo: 'http://127.0.0.1:9/fleet.git', preferNative, cacheDir: tempDir() }), FetchFailedError],
  ])('rejects %s with a typed error', async (_case, attempt, errorClass) => {
    await expect(attempt()).rejects.toBeInstanceOf(errorClass);
  });
});

describe('readSnapshot of a remote that needs a token', () => {
  it('sends the token from FLOTILLA_GIT_TOKEN as Basic credentials', async () => {
    vi.stubEnv('FLOTILLA_GIT_TOKEN', 's3cret');
    locked.authorizations.length = 0;
    const snapshot = await readSnapshot({ repo: `${locked.url}/fleet.git`, cacheDir: tempDir() });
    expect(snapshot.commit).toBe(commits[2]);
    expect(locked.authorizations.length).toBeGreaterThan(0);
    expect(new Set(locked.authorizations)).toEqual(new Set([TOKEN_HEADER]));
  });

  it('prefers explicit credentials over the environment', async () => {
    vi.stubEnv('FLOTILLA_GIT_TOKEN', 'wrong');
    const snapshot = await readSnapshot({ repo: `${locked.url}/fleet.git`, cacheDir: tempDir(), auth: { token: 's3cret' } });
    expect(snapshot.commit).toBe(commits[2]);
  });

  it('fails with a message naming the repository and the ref, and no credentials', async () => {
    vi.stubEnv('FLOTILLA_GIT_TOKEN', '');
    const attempt = readSnapshot({ repo: `http://user:leaked@127.0.0.1:${new URL(locked.url).port}/fleet.git`, cacheDir: tempDir(), auth: {} });
    await expect(attempt).rejects.toBeInstanceOf(FetchFailedError);
    await expect(attempt).rejects.toThrow(`fetching main from ${locked.url}/fleet.git failed: HTTP 401`);
  });

  it('sends no Authorization header without a token', async () => {
    vi.stubEnv('FLOTILLA_GIT_TOKEN', '');
    open.authorizations.length = 0;
    await readSnapshot({ repo: `${open.url}/fleet.git`, cacheDir: tempDir() });
    expect(new Set(open.authorizations)).toEqual(new Set([undefined]));
  });
});
