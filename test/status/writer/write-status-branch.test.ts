import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NativeGitStore, type GitStore } from '../../../src/source/index.ts';
import { IsomorphicGitStore } from '../../../src/source/isomorphic-git-store.ts';
import { commitMessage, ForeignStatusBranchError, readStatusBranch, statusFiles, writeStatusBranch, type StatusReport } from '../../../src/status/index.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const STORES = [
  ['native git', (gitdir: string): GitStore => new NativeGitStore(gitdir)],
  ['isomorphic-git', (gitdir: string): GitStore => new IsomorphicGitStore({ gitdir, commonDir: gitdir })],
] as const;

const author = { name: 'Flotilla', email: 'flotilla@localhost', timestamp: 1_767_225_600 };

function report(reconciledAt: string, readyNum = 3, sourceCommit = 'b'.repeat(40)): StatusReport {
  return {
    sourceCommit,
    reconciledAt,
    clusters: [
      { name: 'member1', status: { conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady' }], nodeSummary: { totalNum: 3, readyNum } } },
    ],
    templates: [],
  };
}

function sourceRepo() {
  const repo = createGitRepo();
  repo.write('apps/web.yaml', 'kind: ConfigMap\n');
  repo.write('untracked-change.txt', 'committed\n');
  const head = repo.commit('source');
  repo.write('untracked-change.txt', 'edited in the work tree\n');
  return { repo, head, gitdir: path.join(repo.dir, '.git') };
}

async function write(store: GitStore, r: StatusReport) {
  return writeStatusBranch(store, statusFiles(r, []), { branch: 'status', message: commitMessage(r), author });
}

describe.each(STORES)('writeStatusBranch through %s', (_name, open) => {
  it('starts an orphan branch with a summary line and a Source-Commit trailer, leaving HEAD and the work tree alone', async () => {
    const { repo, head, gitdir } = sourceRepo();
    const result = await write(open(gitdir), report('2026-01-01T00:00:00Z'));
    expect(result.changed).toBe(true);
    expect(repo.git('rev-list', '--count', 'status')).toBe('1');
    expect(repo.git('log', '-1', '--format=%s', 'status')).toBe(`Status of ${'b'.repeat(12)}: 0/0 templates healthy, 1/1 clusters ready`);
    expect(repo.git('log', '-1', '--format=%(trailers:key=Source-Commit,valueonly)', 'status')).toBe('b'.repeat(40));
    expect(repo.git('ls-tree', '-r', '--name-only', 'status').split('\n')).toEqual(['STATUS.md', 'clusters/member1.yaml', 'summary.json']);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(repo.git('symbolic-ref', 'HEAD')).toBe('refs/heads/main');
    expect(repo.git('status', '--porcelain')).toBe('M untracked-change.txt');
  });

  it('refuses a branch whose tip Flotilla did not write, saying how to fix it, and leaves it as it was', async () => {
    const { repo, head, gitdir } = sourceRepo();
    repo.git('branch', 'status', head);
    const refused = write(open(gitdir), report('2026-01-01T00:00:00Z'));
    await expect(refused).rejects.toBeInstanceOf(ForeignStatusBranchError);
    await expect(refused).rejects.toThrow(
      new RegExp(
        `status branch status is at ${head.slice(0, 12)}, a commit Flotilla did not write \\(no summary.json\\).*statusBranch in flotilla.yaml.*git branch -D status`,
      ),
    );
    expect(repo.git('rev-parse', 'status')).toBe(head);
  });

  it('makes no commit when nothing changed, even though the pass ran later', async () => {
    const { repo, gitdir } = sourceRepo();
    const store = open(gitdir);
    const first = await write(store, report('2026-01-01T00:00:00Z'));
    const again = await write(store, report('2026-01-01T00:05:00Z'));
    expect(again).toEqual({ commit: first.commit, changed: false });
    expect(repo.git('rev-list', '--count', 'status')).toBe('1');
  });

  it.each([
    ['a cluster changed', report('2026-01-01T00:05:00Z', 2)],
    ['the source commit changed', report('2026-01-01T00:05:00Z', 3, 'c'.repeat(40))],
  ])('adds one commit on the tip when %s', async (_case, next) => {
    const { repo, gitdir } = sourceRepo();
    const store = open(gitdir);
    const first = await write(store, report('2026-01-01T00:00:00Z'));
    const second = await write(store, next);
    expect(second.changed).toBe(true);
    expect(repo.git('rev-parse', `${second.commit}^`)).toBe(first.commit);
  });

  it('reads back what it wrote', async () => {
    const { gitdir } = sourceRepo();
    const store = open(gitdir);
    const written = await write(store, report('2026-01-01T00:00:00Z'));
    const view = await readStatusBranch(store, []);
    expect(view?.commit).toBe(written.commit);
    expect(view?.summary?.sourceCommit).toBe('b'.repeat(40));
    expect(view?.clusters).toEqual(report('').clusters);
  });

  it('reads nothing from a repository without a status branch', async () => {
    const { gitdir } = sourceRepo();
    expect(await readStatusBranch(open(gitdir), [])).toBeUndefined();
  });
});
