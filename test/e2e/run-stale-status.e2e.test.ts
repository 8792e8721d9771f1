// A restarted `flotilla run` whose status branch records a NoExecute taint on a healthy member
// (stale, or written by someone else): the record is a starting point, not an order
// (docs/karmada-compatibility.md#failover-clocks-on-the-status-branch). Nothing is evicted or pruned on the member
// before this process has probed it, and the first probe finds it ready. The member is never broken: only the
// status branch lies.
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppsV1Api, CoreV1Api } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { clusterPath } from '../../src/status/index.ts';
import { configMap, deployment, FleetRepo, policy } from './helpers/apply-fleet.ts';
import { apiFor, fleetKubeconfig } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { cleanUpRunProcesses, startRun } from './helpers/run-process.ts';
import type { RunProcess } from './helpers/run-process.ts';
import { waitFor } from '../helpers/wait.ts';

const SETTLE_MS = 120_000;
const MEMBERS = ['member1', 'member2'];
const TAINTED = 'member2';

/** Commits `path` with `text` on the status branch, as someone else (or an older process) would have. */
function forgeStatusFile(repoDir: string, path: string, text: string): void {
  const env = {
    ...process.env,
    GIT_INDEX_FILE: `${repoDir}/.git/forged-index`,
    GIT_AUTHOR_NAME: 'x',
    GIT_AUTHOR_EMAIL: 'x@e',
    GIT_COMMITTER_NAME: 'x',
    GIT_COMMITTER_EMAIL: 'x@e',
  };
  const git = (args: string[], input?: string): string =>
    execFileSync('git', args, { cwd: repoDir, env, encoding: 'utf8', ...(input === undefined ? {} : { input }) }).trim();
  git(['read-tree', 'status']);
  const blob = git(['hash-object', '-w', '--stdin'], text);
  git(['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`]);
  const commit = git(['commit-tree', git(['write-tree']), '-p', 'status', '-m', 'forged taint']);
  git(['update-ref', 'refs/heads/status', commit]);
}

describe('flotilla run restarted over a status branch with a stale NoExecute taint', () => {
  const namespace = fleetNamespace('run-stale');
  cleanUpRunProcesses();

  it('evicts and prunes nothing on the healthy member, and records no taint once it has probed it', { timeout: 600_000 }, async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const kubeconfig = fleetKubeconfig();
    // The default probe interval (10 s): the first passes of the restarted process run before its first probe.
    const start = (): RunProcess =>
      startRun([
        '--repo',
        repo.dir,
        '--kubeconfig',
        kubeconfig,
        '--inventory-name',
        repo.inventoryName,
        '--prune',
        '--resync',
        '0',
        '--failover-taint',
        '--failover-grace',
        '3s',
      ]);
    const passes = (run: RunProcess) => run.records.filter((r) => r['msg'] === 'pass finished');
    const copies = async (): Promise<string[]> => {
      const d = await apiFor(TAINTED, AppsV1Api, kubeconfig)
        .readNamespacedDeployment({ name: 'web', namespace: ns })
        .catch(() => undefined);
      const c = await apiFor(TAINTED, CoreV1Api, kubeconfig)
        .readNamespacedConfigMap({ name: 'settings', namespace: ns })
        .catch(() => undefined);
      return [...(d ? ['Deployment/web'] : []), ...(c ? ['ConfigMap/settings'] : [])];
    };
    repo.commit({
      'policy.yaml': policy(
        [
          ['apps/v1', 'Deployment'],
          ['v1', 'ConfigMap'],
        ],
        'Abort',
        `stale-${ns}`,
        MEMBERS,
      ),
      'web.yaml': deployment(ns, 'web', 1),
      'settings.yaml': configMap(ns, 'settings', { a: '1' }),
    });
    const first = start();
    await waitFor('the first process to apply to member2', async () => ((await copies()).length === 2 ? true : undefined), {
      timeoutMs: SETTLE_MS,
      intervalMs: 500,
    });
    await waitFor('a pass to finish', async () => (passes(first).length > 0 ? true : undefined), { timeoutMs: SETTLE_MS, intervalMs: 200 });
    await first.stop();

    const file = clusterPath(TAINTED);
    const recorded = parse(execFileSync('git', ['show', `status:${file}`], { cwd: repo.dir, encoding: 'utf8' })) as { spec?: Record<string, unknown> };
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    recorded.spec = { ...recorded.spec, taints: [{ key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: anHourAgo }] };
    forgeStatusFile(repo.dir, file, stringify(recorded));

    const second = start();
    await waitFor('two passes of the restarted process', async () => (passes(second).length >= 2 ? true : undefined), {
      timeoutMs: SETTLE_MS,
      intervalMs: 200,
    });
    expect(await copies()).toEqual(['Deployment/web', 'ConfigMap/settings']);
    // Past the first probe round (10 s) and the pass it may ask for.
    await sleep(15_000);
    await waitFor(
      'the status branch to drop the stale taint',
      async () => {
        const doc = parse(execFileSync('git', ['show', `status:${file}`], { cwd: repo.dir, encoding: 'utf8' })) as { spec?: { taints?: unknown[] } };
        return (doc.spec?.taints ?? []).length === 0 ? true : undefined;
      },
      { timeoutMs: SETTLE_MS, intervalMs: 500 },
    );
    expect(await copies()).toEqual(['Deployment/web', 'ConfigMap/settings']);
    // The first probe settles the record (a pass is asked for), and nothing is failed over.
    expect(second.records.filter((r) => r['msg'] === 'failed-over members changed').flatMap((r) => r['failed'] as string[])).toEqual([]);
    expect(
      second.records.filter((r) => /prune|delete/i.test(String(r['msg'])) && JSON.stringify(r).includes(TAINTED) && JSON.stringify(r).includes('"deleted"')),
    ).toEqual([]);
    await second.stop();
  });
});
