import { createHmac } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../helpers/wait.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { startReconciler } from '../../../src/reconcile/run/reconciler.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';
import type { GitFixture } from '../../source/helpers/git-fixture.ts';
import { controllerSettingsOf } from '../../../src/controllers/index.ts';

afterAll(removeFixtures);

const SECRET = 'hook-secret';

/** A root commit on `branch` made with plumbing, so HEAD and the work tree never move (as the status writer does). */
function commitOnBranch(repo: GitFixture, branch: string): string {
  const emptyTree = repo.git('mktree');
  const commit = repo.git('commit-tree', emptyTree, '-m', 'status');
  repo.git('update-ref', `refs/heads/${branch}`, commit);
  return commit;
}

async function pushHook(url: string, ref: string): Promise<number> {
  const body = JSON.stringify({ ref });
  const signature = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
  const res = await fetch(url, { method: 'POST', headers: { 'x-github-event': 'push', 'x-hub-signature-256': signature }, body });
  return res.status;
}

describe('startReconciler: the status branch flotilla.yaml names', () => {
  it('a commit and a webhook push on a custom status branch start no pass; a commit on the watched branch does', async () => {
    const repo = createGitRepo();
    repo.write('flotilla.yaml', 'statusBranch: fleet-status\n');
    repo.commit('fleet');
    const records: Record<string, unknown>[] = [];
    let webhook = '';
    const reconciler = await startReconciler({
      source: { repo: repo.dir },
      access: { kubeconfig: { kubeconfig: path.join(repo.dir, 'no-kubeconfig') }, client: {} },
      prune: {},
      triggers: {
        resyncMs: 0,
        webhook: { address: '127.0.0.1:0', secret: SECRET },
        onListening: (url) => {
          webhook = url;
        },
      },
      controllerSettings: controllerSettingsOf({ 'probe-interval': '1m' }),
      log: createLogger({ level: 'info', pretty: false, write: (line) => records.push(JSON.parse(line) as Record<string, unknown>) }),
      now: () => Date.now(),
    });
    const started = () => records.filter((r) => r['msg'] === 'pass started');
    try {
      await waitFor('the first pass', async () => records.find((r) => r['msg'] === 'pass finished'), { timeoutMs: 10_000, intervalMs: 20 });

      commitOnBranch(repo, 'fleet-status');
      expect(await pushHook(webhook, 'refs/heads/fleet-status')).toBe(202);
      // Longer than the watcher's settle time and the signal debounce together, many times over.
      await sleep(1_500);
      expect(started().map((r) => r['triggers'])).toEqual([[]]);

      repo.write('app.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app, namespace: default}\n');
      repo.commit('app');
      // No webhook here: one for main could win the race and leave the watch's signal nothing new to do.
      const second = await waitFor('a pass for the commit on main', async () => started()[1], { timeoutMs: 10_000, intervalMs: 20 });
      expect(second['triggers']).toEqual(expect.arrayContaining(['watch']));
    } finally {
      await reconciler.stop();
    }
  });
});
