import { afterAll, describe, expect, it } from 'vitest';
import { BranchMovedError, commitSignatureProblem, NativeGitStore, sshCommitSigner, type GitStore } from '../../src/source/index.ts';
import { IsomorphicGitStore } from '../../src/source/isomorphic-git-store.ts';
import { createGitRepo, removeFixtures } from './helpers/git-fixture.ts';
import { sshKeyPair } from './helpers/ssh-keys.ts';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { STALE_LOCK_MS } from '../../src/source/stale-lock.ts';

afterAll(removeFixtures);

const STORES = [
  ['native git', (gitdir: string): GitStore => new NativeGitStore(gitdir)],
  ['isomorphic-git', (gitdir: string): GitStore => new IsomorphicGitStore({ gitdir, commonDir: gitdir })],
] as const;

const author = { name: 'Flotilla', email: 'flotilla@localhost', timestamp: 1_767_225_600 };
const files = [
  { path: 'STATUS.md', content: '# status\n' },
  { path: 'resources/apps/Deployment/default/web.yaml', content: 'replicas: 3\n' },
  { path: 'resources/core/Service/default/web.yaml', content: Buffer.from('ports: []\n') },
];

function repoWithSource() {
  const repo = createGitRepo();
  repo.write('fleet.yaml', 'kind: Source\n');
  const source = repo.commit('source');
  return { repo, source, gitdir: path.join(repo.dir, '.git') };
}

describe.each(STORES)('commitFiles through %s', (_name, open) => {
  it('starts an orphan branch whose tree holds exactly the files', async () => {
    const { repo, source, gitdir } = repoWithSource();
    const store = open(gitdir);
    const commit = await store.commitFiles({ branch: 'status', files, message: 'Status for abc\n\nSource-Commit: abc', author });
    expect(await store.readRef('refs/heads/status')).toBe(commit);
    expect(repo.git('rev-list', '--parents', '-n1', 'status')).toBe(commit);
    expect(repo.git('ls-tree', '-r', '--name-only', 'status').split('\n')).toEqual(files.map((file) => file.path));
    expect(repo.git('show', 'status:resources/apps/Deployment/default/web.yaml')).toBe('replicas: 3');
    expect(repo.git('log', '-1', '--format=%B', 'status')).toBe('Status for abc\n\nSource-Commit: abc');
    expect(repo.git('rev-parse', 'HEAD')).toBe(source);
    expect(repo.git('fsck', '--strict', '--no-progress')).toBe('');
  });

  it("signs a commit as git's SSH signing does: git verify-commit accepts it, and the store reads it back signed", async () => {
    const { repo, gitdir } = repoWithSource();
    const { key, pub, allowedSigners: allowed } = sshKeyPair('hub');
    const store = open(gitdir);
    const parent = await store.commitFiles({ branch: 'works', files, message: 'one', author, sign: sshCommitSigner(key) });
    const commit = await store.commitFiles({ branch: 'works', files: files.slice(1), message: 'two', author, sign: sshCommitSigner(key) });
    expect(await store.readRef('refs/heads/works')).toBe(commit);
    expect(repo.git('rev-parse', `${commit}^`)).toBe(parent);
    expect(repo.git('-c', `gpg.ssh.allowedSignersFile=${allowed}`, 'verify-commit', commit)).toBe('');
    expect(await commitSignatureProblem((await store.readCommitObject(commit)) ?? Buffer.alloc(0), pub)).toBeUndefined();
    // The unsigned first draft of each commit is left dangling, for git's gc.
    expect(repo.git('fsck', '--strict', '--no-progress', '--no-dangling')).toBe('');
  });

  it('builds on the branch tip by default and replaces the whole tree', async () => {
    const { repo, gitdir } = repoWithSource();
    const store = open(gitdir);
    const first = await store.commitFiles({ branch: 'status', files, message: 'one', author });
    const second = await store.commitFiles({ branch: 'status', files: [{ path: 'STATUS.md', content: '# two\n' }], message: 'two', author });
    expect(repo.git('rev-parse', `${second}^`)).toBe(first);
    expect(repo.git('ls-tree', '-r', '--name-only', 'status')).toBe('STATUS.md');
  });

  it('refuses a root commit once the branch exists, and a commit on a tip that has moved on', async () => {
    const { repo, gitdir } = repoWithSource();
    const store = open(gitdir);
    const first = await store.commitFiles({ branch: 'status', files, message: 'one', author });
    const second = await store.commitFiles({ branch: 'status', files: [{ path: 'STATUS.md', content: '# two\n' }], message: 'two', author, parent: first });
    await expect(store.commitFiles({ branch: 'status', files, message: 'orphan', author, parent: null })).rejects.toMatchObject({
      code: 'BranchMoved',
      data: { branch: 'status', expected: null, actual: second },
    });
    await expect(store.commitFiles({ branch: 'status', files, message: 'stale', author, parent: first })).rejects.toBeInstanceOf(BranchMovedError);
    expect(repo.git('rev-parse', 'status')).toBe(second);
    expect(repo.git('log', '--format=%s', 'status').split('\n')).toEqual(['two', 'one']);
    expect(repo.git('for-each-ref', '--format=%(refname)')).toBe('refs/heads/main\nrefs/heads/status');
    expect(existsSync(path.join(gitdir, 'refs/heads/status.lock'))).toBe(false);
  });

  it('lets exactly one of two writers racing from the same tip move the branch', async () => {
    const { repo, gitdir } = repoWithSource();
    const base = await open(gitdir).commitFiles({ branch: 'status', files, message: 'base', author });
    const race = await Promise.allSettled(
      ['a', 'b'].map((w) =>
        open(gitdir).commitFiles({ branch: 'status', files: [{ path: 'STATUS.md', content: `# ${w}\n` }], message: w, author, parent: base }),
      ),
    );
    const won = race.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = race.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toEqual([expect.any(BranchMovedError)]);
    expect(repo.git('rev-parse', 'status')).toBe(won[0]);
    expect(repo.git('rev-parse', 'status^')).toBe(base);
  });

  it('reports an absent ref as undefined', async () => {
    const { gitdir } = repoWithSource();
    expect(await open(gitdir).readRef('refs/heads/status')).toBeUndefined();
  });
});

describe('both adapters', () => {
  it('write the same commit id for the same input', async () => {
    const ids = await Promise.all(STORES.map(([, open]) => open(repoWithSource().gitdir).commitFiles({ branch: 'status', files, message: 'same', author })));
    expect(ids[1]).toBe(ids[0]);
  });

  it('write the same commit for paths with quotes, spaces and non-ASCII letters', async () => {
    const odd = 'resources/a "quoted" café.yaml';
    const written = await Promise.all(
      STORES.map(async ([, open]) => {
        const { repo, gitdir } = repoWithSource();
        const id = await open(gitdir).commitFiles({ branch: 'status', files: [{ path: odd, content: 'x\n' }], message: 'odd', author });
        return { id, paths: repo.git('ls-tree', '-r', '-z', '--name-only', 'status').split('\0').filter(Boolean) };
      }),
    );
    expect(written.map((w) => w.paths)).toEqual([[odd], [odd]]);
    expect(written[1]?.id).toBe(written[0]?.id);
  });
});

describe.each(STORES)('a store that committed through %s', (_name, open) => {
  it('reads back what it wrote', async () => {
    const { gitdir } = repoWithSource();
    const store = open(gitdir);
    await store.listTree((await store.resolveRef('HEAD'))!, '');
    const commit = await store.commitFiles({ branch: 'status', files, message: 'one', author });
    expect(await store.resolveRef('status')).toBe(commit);
    const entries = (await store.listTree(commit, 'resources'))!;
    expect(entries.map((entry) => entry.path)).toEqual(['apps/Deployment/default/web.yaml', 'core/Service/default/web.yaml']);
    const blobs = await store.readBlobs(entries.map((entry) => entry.oid));
    expect(entries.map((entry) => String(blobs.get(entry.oid)))).toEqual(['replicas: 3\n', 'ports: []\n']);
  });

  it('commits on top of the writer that beat it, as the next publish round does', async () => {
    const { repo, gitdir } = repoWithSource();
    const store = open(gitdir);
    const base = await store.commitFiles({ branch: 'status', files, message: 'base', author });
    // Enough new objects that some land in object folders this store has not listed.
    const many = Array.from({ length: 64 }, (_, i) => ({ path: `clusters/m${i}.yaml`, content: `name: m${i}\n` }));
    const other = await new NativeGitStore(gitdir).commitFiles({ branch: 'status', files: many, message: 'other', author, parent: base });
    await expect(store.commitFiles({ branch: 'status', files, message: 'lost', author, parent: base })).rejects.toBeInstanceOf(BranchMovedError);
    expect(await store.readRef('refs/heads/status')).toBe(other);
    const entries = (await store.listTree(other, 'clusters'))!;
    expect((await store.readBlobs(entries.map((entry) => entry.oid))).size).toBe(64);
    const mine = await store.commitFiles({ branch: 'status', files, message: 'again', author, parent: other });
    expect(repo.git('rev-parse', `${mine}^`)).toBe(other);
    expect(existsSync(path.join(gitdir, 'refs/heads/status.lock'))).toBe(false);
  });
});

describe('a branch whose lock file another writer left behind', () => {
  it.each([
    ['native git', 'GitCommandFailed'],
    ['isomorphic-git', 'RefLocked'],
  ] as const)('is not moved through %s, and the error says why', async (name, code) => {
    const { repo, gitdir } = repoWithSource();
    const open = STORES.find(([n]) => n === name)![1];
    const first = await open(gitdir).commitFiles({ branch: 'status', files, message: 'one', author });
    writeFileSync(path.join(gitdir, 'refs/heads/status.lock'), '');
    await expect(open(gitdir).commitFiles({ branch: 'status', files, message: 'two', author, parent: first })).rejects.toMatchObject({ code });
    expect(repo.git('rev-parse', 'status')).toBe(first);
    expect(existsSync(path.join(gitdir, 'refs/heads/status.lock'))).toBe(true);
  });
});

describe('a branch whose lock file a killed writer left behind long ago', () => {
  it.each(['native git', 'isomorphic-git'] as const)('is moved through %s once the abandoned lock is removed', async (name) => {
    const { repo, gitdir } = repoWithSource();
    const open = STORES.find(([n]) => n === name)![1];
    const first = await open(gitdir).commitFiles({ branch: 'status', files, message: 'one', author });
    const lock = path.join(gitdir, 'refs/heads/status.lock');
    writeFileSync(lock, '');
    const longAgo = new Date(Date.now() - STALE_LOCK_MS - 1_000);
    utimesSync(lock, longAgo, longAgo);
    const second = await open(gitdir).commitFiles({ branch: 'status', files: [{ path: 'b.yaml', content: 'b\n' }], message: 'two', author, parent: first });
    expect(repo.git('rev-parse', 'status')).toBe(second);
    expect(existsSync(lock)).toBe(false);
  });
});

describe('an isomorphic-git store another writer commits beside', () => {
  it("reads the other writer's new commit, trees and blobs after its own first read", async () => {
    const { gitdir } = repoWithSource();
    const reader = new IsomorphicGitStore({ gitdir, commonDir: gitdir });
    await reader.listTree((await reader.resolveRef('HEAD'))!, '');
    // Enough new objects that some land in object folders the reader has not seen.
    const many = Array.from({ length: 64 }, (_, i) => ({ path: `clusters/m${i}.yaml`, content: `name: m${i}\n` }));
    const commit = await new NativeGitStore(gitdir).commitFiles({ branch: 'status', files: many, message: 'other writer', author });
    expect(await reader.readRef('refs/heads/status')).toBe(commit);
    const entries = (await reader.listTree(commit, 'clusters'))!;
    expect(entries).toHaveLength(64);
    const blobs = await reader.readBlobs(entries.map((e) => e.oid));
    expect(entries.map((e) => String(blobs.get(e.oid)))).toEqual(entries.map((e) => `name: ${e.path.replace('.yaml', '')}\n`));
  });
});
