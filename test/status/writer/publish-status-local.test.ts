import { afterAll, describe, expect, it } from 'vitest';
import { openStatusStore, publishStatus, StatusPushError, type StatusComposer } from '../../../src/status/index.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';
import { barrier, writer } from './racing-writers.ts';

afterAll(removeFixtures);

function sourceRepo() {
  const repo = createGitRepo();
  repo.write('apps/web.yaml', 'kind: ConfigMap\n');
  repo.commit('source');
  return repo;
}

describe.each([
  ['native git', true],
  ['isomorphic-git', false],
] as const)('publishStatus to a local repository through %s', (_name, preferNative) => {
  it('lands every one of several racing writers: each rebuilds on the tip that beat it, none is lost', async () => {
    const repo = sourceRepo();
    const wait = barrier(3);
    const writers = ['a', 'b', 'c'].map((name) => ({ name, ...writer(name, wait) }));
    const results = await Promise.all(
      writers.map(async (w) => publishStatus(await openStatusStore({ repo: repo.dir, preferNative }, 'status'), w.compose, { branch: 'status' })),
    );
    expect(results.every((r) => r.changed)).toBe(true);
    // Exactly one writer wins the first round; how the two losers' second rounds interleave is up
    // to the scheduler (the second may read the tip the first loser just made and land at once).
    const attempts = results.map((r) => r.attempts).sort();
    expect(attempts[0]).toBe(1);
    expect(attempts.slice(1).every((n) => n === 2 || n === 3)).toBe(true);
    expect(repo.git('log', '--format=%s', 'status').split('\n').sort()).toEqual(['[a] status', '[b] status', '[c] status']);
    expect(repo.git('rev-list', '--min-parents=2', 'status')).toBe('');
    expect(repo.git('ls-tree', '-r', '--name-only', 'status').split('\n')).toEqual(['clusters/a.yaml', 'clusters/b.yaml', 'clusters/c.yaml', 'summary.json']);
    // A writer that lost composed again on a newer tip, never twice on the same one.
    for (const w of writers) expect(new Set(w.rounds).size).toBe(w.rounds.length);
  });

  it('gives up with StatusPushError naming the repository when another writer wins every round', async () => {
    const repo = sourceRepo();
    const target = await openStatusStore({ repo: repo.dir, preferNative }, 'status');
    let n = 0;
    const rival: StatusComposer = async (base) => {
      // Another writer lands between this writer's read of the tip and its commit, every time.
      await base.store.commitFiles({
        branch: 'status',
        files: [
          { path: 'rival', content: `${n++}\n` },
          { path: 'summary.json', content: '{}\n' },
        ],
        message: 'rival',
        ...(base.commit ? { parent: base.commit } : { parent: null }),
      });
      return {
        files: [
          { path: 'mine', content: 'x\n' },
          { path: 'summary.json', content: '{}\n' },
        ],
        message: 'mine',
      };
    };
    const failure = await publishStatus(target, rival, { branch: 'status', maxAttempts: 3 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StatusPushError);
    expect(failure).toMatchObject({ data: { remote: repo.dir, attempts: 3 } });
    expect(repo.git('log', '--format=%s', 'status').split('\n')).toEqual(['rival', 'rival', 'rival']);
  });
});
