import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultCacheDir,
  NotAGitRepositoryError,
  PathNotFoundError,
  readSnapshot,
  RefNotFoundError,
  RepoNotFoundError,
  type OpenSourceOptions,
  type Snapshot,
} from '../../src/source/index.ts';
import { createGitRepo, removeFixtures, runGitIn, tempDir, type GitFixture } from './helpers/git-fixture.ts';

const ADAPTERS = [
  ['native git', true],
  ['isomorphic-git', false],
] as const;

/** The fleet every test reads; commit ids are filled in by beforeAll. */
let repo: GitFixture;
const commits: Record<'first' | 'main' | 'feature', string> = { first: '', main: '', feature: '' };
const MAIN_FILES = ['apps/café app.yaml', 'apps/web-svc.yml', 'apps/web.yaml', 'clusters/a.json', 'fleet/sub/a.yaml', 'fleet/sub/ignored.yaml'];

/** Building fixtures runs dozens of git processes; a busy CI machine needs more than the 10 s default. */
const FIXTURE_TIMEOUT_MS = 60_000;

beforeAll(() => {
  repo = createGitRepo();
  repo.write('apps/web.yaml', 'kind: Deployment # v1\n');
  repo.write('apps/web-svc.yml', 'kind: Service\n');
  repo.write('clusters/a.json', '{"kind":"Cluster"}\n');
  repo.write('README.md', '# fleet\n');
  commits.first = repo.commit('first');
  repo.git('tag', 'v1');
  repo.git('tag', '-a', '-m', 'annotated', 'v1-annotated');
  repo.write('apps/web.yaml', 'kind: Deployment # v2\n');
  repo.write('apps/café app.yaml', 'kind: ConfigMap\n');
  repo.write('.github/workflow.yaml', 'on: push\n');
  repo.write('apps/.hidden.yaml', 'kind: Hidden\n');
  repo.write('flotilla.yaml', 'exclude: ["drafts/**", "apps/*.draft.yaml", fleet/flotilla.yaml]\nstatusBranch: fleet-status\n');
  repo.write('drafts/x.yaml', 'kind: Draft\n');
  repo.write('apps/new.draft.yaml', 'kind: Draft\n');
  repo.write('fleet/flotilla.yaml', 'exclude: [sub/ignored.yaml]\n');
  repo.write('fleet/sub/a.yaml', 'kind: A\n');
  repo.write('fleet/sub/ignored.yaml', 'kind: Ignored\n');
  repo.write('binary.yaml', Buffer.from([0x6b, 0x00, 0x01, 0x02]));
  repo.symlink('link.yaml', 'apps/web.yaml');
  repo.git('add', '-A');
  // A gitlink without a checkout, so `git add -A` must not run again until the next branch.
  repo.git('update-index', '--add', '--cacheinfo', `160000,${commits.first},vendor/sub`);
  repo.git('commit', '-q', '-m', 'second');
  commits.main = repo.git('rev-parse', 'HEAD');
  repo.git('update-ref', 'refs/remotes/origin/main', commits.first);
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('apps/feature.yaml', 'kind: Feature\n');
  repo.git('add', 'apps/feature.yaml');
  repo.git('commit', '-q', '-m', 'feature');
  commits.feature = repo.git('rev-parse', 'HEAD');
  repo.git('checkout', '-q', 'main');
  repo.write('apps/web.yaml', 'kind: Deployment # dirty\n');
  repo.write('apps/staged.yaml', 'kind: Staged\n');
  repo.git('add', 'apps/staged.yaml');
  repo.write('apps/untracked.yaml', 'kind: Untracked\n');
  repo.write('scratch/new.yaml', 'kind: Untracked\n');
}, FIXTURE_TIMEOUT_MS);

afterAll(removeFixtures);

const paths = (snapshot: Snapshot) => snapshot.files.map((file) => file.path);
const text = (snapshot: Snapshot, file: string) => snapshot.files.find((f) => f.path === file)?.content.toString('utf8');

describe.each(ADAPTERS)('readSnapshot through %s', (_name, preferNative) => {
  const read = (options: Omit<OpenSourceOptions, 'preferNative'>) => readSnapshot({ ...options, preferNative });

  it.each([
    ['reads the checked-out HEAD when no ref is given', undefined, 'main'],
    ['reads a branch', 'feature', 'feature'],
    ['reads a lightweight tag', 'v1', 'first'],
    ['reads an annotated tag at the commit it names', 'v1-annotated', 'first'],
    ['reads a full commit id', () => commits.first, 'first'],
    ['reads an abbreviated commit id', () => commits.first.slice(0, 10), 'first'],
    ['reads HEAD~1', 'HEAD~1', 'first'],
    ['reads a parent with ^', 'feature^', 'main'],
    ['reads a remote-tracking ref', 'origin/main', 'first'],
    ['reads a full ref name', 'refs/heads/feature', 'feature'],
  ] as const)('%s', async (_case, ref, expected) => {
    const snapshot = await read({ repo: repo.dir, ref: typeof ref === 'function' ? ref() : ref });
    expect(snapshot.commit).toBe(commits[expected]);
    expect(snapshot.ref).toBe((typeof ref === 'function' ? ref() : ref) ?? 'HEAD');
  });

  it('reads the committed manifests, sorted, and reports what it skipped', async () => {
    const snapshot = await read({ repo: repo.dir });
    expect(paths(snapshot)).toEqual(MAIN_FILES);
    expect(snapshot.config).toMatchObject({ statusBranch: 'fleet-status', prune: { enabled: false, maxFraction: 0.25 } });
    expect(snapshot.diagnostics.map((d) => [d.file, d.severity, d.message.split(':')[0]])).toEqual([
      ['binary.yaml', 'error', 'binary file not read'],
      ['link.yaml', 'warning', 'symlink not followed'],
      ['vendor/sub', 'warning', 'submodule not read'],
    ]);
    expect(snapshot.root).toBe(repo.dir);
    expect(snapshot.files.every((file) => /^[0-9a-f]{40}$/.test(file.blobId))).toBe(true);
  });

  it('never reads the working tree or the index', async () => {
    const snapshot = await read({ repo: repo.dir });
    expect(text(snapshot, 'apps/web.yaml')).toBe('kind: Deployment # v2\n');
    expect(paths(snapshot)).not.toContain('apps/staged.yaml');
    expect(paths(snapshot)).not.toContain('apps/untracked.yaml');
  });

  it('reads older contents at an older ref', async () => {
    const snapshot = await read({ repo: repo.dir, ref: 'v1' });
    expect(paths(snapshot)).toEqual(['apps/web-svc.yml', 'apps/web.yaml', 'clusters/a.json']);
    expect(text(snapshot, 'apps/web.yaml')).toBe('kind: Deployment # v1\n');
  });

  it.each([
    ['a --path names the fleet folder', () => ({ repo: repo.dir, path: 'fleet' }), 'fleet', ['sub/a.yaml']],
    ['a --repo inside the tree becomes the path', () => ({ repo: path.join(repo.dir, 'fleet') }), 'fleet', ['sub/a.yaml']],
    ['a --repo inside the tree joins an explicit --path', () => ({ repo: path.join(repo.dir, 'fleet'), path: 'sub' }), 'fleet/sub', ['a.yaml', 'ignored.yaml']],
    ['a --path is normalised', () => ({ repo: repo.dir, path: './fleet/sub/' }), 'fleet/sub', ['a.yaml', 'ignored.yaml']],
    ['a file URL is a local repository', () => ({ repo: pathToFileURL(path.join(repo.dir, 'fleet')).href }), 'fleet', ['sub/a.yaml']],
  ])('%s', async (_case, options, expectedPath, expectedFiles) => {
    const snapshot = await read(options());
    expect(snapshot.path).toBe(expectedPath);
    expect(snapshot.root).toBe(repo.dir);
    expect(paths(snapshot)).toEqual(expectedFiles);
  });

  it('uses the flotilla.yaml at the fleet root, not the repository root', async () => {
    const snapshot = await read({ repo: repo.dir, path: 'fleet' });
    expect(snapshot.config).toMatchObject({ exclude: ['sub/ignored.yaml'], statusBranch: 'status' });
  });

  it.each([
    ['a missing folder', () => ({ repo: path.join(repo.dir, 'nope') }), RepoNotFoundError],
    ['a folder outside any repository', () => ({ repo: tempDir() }), NotAGitRepositoryError],
    ['an unknown ref', () => ({ repo: repo.dir, ref: 'no-such-branch' }), RefNotFoundError],
    ['a ref walking past the first commit', () => ({ repo: repo.dir, ref: 'HEAD~5' }), RefNotFoundError],
    ['a ref naming a tree', () => ({ repo: repo.dir, ref: 'HEAD^{tree}' }), RefNotFoundError],
    ['a path missing at the commit', () => ({ repo: repo.dir, path: 'missing' }), PathNotFoundError],
    ['a path naming a file', () => ({ repo: repo.dir, path: 'apps/web.yaml' }), PathNotFoundError],
    ['a path climbing out of the repository', () => ({ repo: repo.dir, path: '../elsewhere' }), PathNotFoundError],
    ['a --repo inside the tree that is not committed', () => ({ repo: path.join(repo.dir, 'scratch') }), PathNotFoundError],
  ])('rejects %s with a typed error', async (_case, options, errorClass) => {
    await expect(read(options())).rejects.toBeInstanceOf(errorClass);
  });

  it('names the repository and the ref in a ref error', async () => {
    await expect(read({ repo: repo.dir, ref: 'nope' })).rejects.toThrow(`ref nope not found in repository ${repo.dir}`);
  });

  it('reads a linked worktree at its own HEAD', async () => {
    const worktree = path.join(tempDir(), 'wt');
    repo.git('worktree', 'add', '-q', worktree, 'feature');
    try {
      const snapshot = await read({ repo: path.join(worktree, 'apps') });
      expect(snapshot.commit).toBe(commits.feature);
      expect(snapshot.path).toBe('apps');
      expect(paths(snapshot)).toEqual(['café app.yaml', 'feature.yaml', 'new.draft.yaml', 'web-svc.yml', 'web.yaml']);
    } finally {
      repo.git('worktree', 'remove', '--force', worktree);
    }
  });

  it('reads a packed bare repository', async () => {
    const bare = path.join(tempDir(), 'fleet.git');
    runGitIn(repo.dir, ['clone', '-q', '--bare', repo.dir, bare]);
    const snapshot = await read({ repo: bare, ref: 'main' });
    expect(snapshot.commit).toBe(commits.main);
    expect(paths(snapshot)).toEqual(MAIN_FILES);
  });

  it('reports a blob missing from the object store and reads the rest', async () => {
    const broken = createGitRepo();
    broken.write('a.yaml', 'kind: A\n');
    broken.write('b.yaml', 'kind: B\n');
    broken.commit('two files');
    const oid = broken.git('rev-parse', 'HEAD:b.yaml');
    rmSync(path.join(broken.dir, '.git', 'objects', oid.slice(0, 2), oid.slice(2)));
    const snapshot = await read({ repo: broken.dir });
    expect(paths(snapshot)).toEqual(['a.yaml']);
    expect(snapshot.diagnostics).toEqual([
      { file: 'b.yaml', line: 1, column: 1, severity: 'error', message: `cannot read blob ${oid}: the object is missing from the repository` },
    ]);
  });
});

describe('both adapters', () => {
  it.each(['HEAD', 'feature', 'v1-annotated', 'HEAD~1', 'origin/main'])('read identical snapshots at %s', async (ref) => {
    const [native, isomorphic] = await Promise.all(ADAPTERS.map(([, preferNative]) => readSnapshot({ repo: repo.dir, ref, preferNative })));
    expect(isomorphic).toEqual(native);
  });
});

describe('defaultCacheDir', () => {
  it.each([
    ['XDG_CACHE_HOME when set', { XDG_CACHE_HOME: '/var/cache/me' }, '/var/cache/me/flotilla/repos'],
    ['~/.cache when XDG_CACHE_HOME is empty', { XDG_CACHE_HOME: '' }, path.join(os.homedir(), '.cache', 'flotilla', 'repos')],
    ['~/.cache when XDG_CACHE_HOME is unset', {}, path.join(os.homedir(), '.cache', 'flotilla', 'repos')],
  ])('uses %s', (_case, env, expected) => {
    expect(defaultCacheDir(env)).toBe(expected);
  });
});
