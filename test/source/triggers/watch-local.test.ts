import { afterAll, describe, expect, it } from 'vitest';
import { readSourceHead } from '../../../src/source/triggers/source-head.ts';
import type { TriggerSignal } from '../../../src/source/triggers/trigger.ts';
import { watchLocal } from '../../../src/source/triggers/watch-local.ts';
import { createGitRepo, removeFixtures, runGitIn, tempDir } from '../helpers/git-fixture.ts';

afterAll(removeFixtures);

/** Resolves with the first signal, or rejects after a generous bound. */
function nextSignal(signals: TriggerSignal[], from: number, timeoutMs = 10_000): Promise<TriggerSignal> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const s = signals[from];
      if (s) {
        clearInterval(poll);
        resolve(s);
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(poll);
        reject(new Error('no signal'));
      }
    }, 10);
  });
}

describe('watchLocal', () => {
  it('signals a commit on the checked-out branch with its id', async () => {
    const repo = createGitRepo();
    repo.write('a.yaml', 'a: 1\n');
    repo.commit('first');
    const signals: TriggerSignal[] = [];
    const trigger = await watchLocal(
      {
        repo: repo.dir,
        readHead: () => readSourceHead({ repo: repo.dir }),
        onError: (e) => {
          throw e;
        },
      },
      (s) => signals.push(s),
    );
    try {
      repo.write('a.yaml', 'a: 2\n');
      const commit = repo.commit('second');
      await expect(nextSignal(signals, 0)).resolves.toMatchObject({ kind: 'watch', commit });
    } finally {
      await trigger.close();
    }
  });

  it('signals a push into a bare repository, and not a push to the status branch', async () => {
    const bare = tempDir();
    runGitIn(bare, ['init', '-q', '--bare', '-b', 'main']);
    const work = createGitRepo();
    work.write('a.yaml', 'a: 1\n');
    work.commit('first');
    work.git('push', '-q', bare, 'main');
    const signals: TriggerSignal[] = [];
    const trigger = await watchLocal(
      {
        repo: bare,
        readHead: () => readSourceHead({ repo: bare, ref: 'main' }),
        onError: (e) => {
          throw e;
        },
      },
      (s) => signals.push(s),
    );
    try {
      work.git('checkout', '-q', '--orphan', 'status');
      work.write('STATUS.md', '# status\n');
      work.commit('status');
      work.git('push', '-q', bare, 'status');
      work.git('checkout', '-q', 'main');
      work.write('a.yaml', 'a: 3\n');
      const commit = work.commit('third');
      work.git('push', '-q', bare, 'main');
      const first = await nextSignal(signals, 0);
      expect(first).toMatchObject({ kind: 'watch', commit });
      expect(signals.filter((s) => s.commit !== commit)).toEqual([]);
    } finally {
      await trigger.close();
    }
  });
});
