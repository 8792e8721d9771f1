// flotilla run killed with SIGKILL in the middle of a failover, and started
// again: the new process reads the failover back from the status branch
// (docs/karmada-compatibility.md#failover-clocks-on-the-status-branch) instead of starting over. The failed member is a
// scratch member started for this file; member1 takes over.
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppsV1Api, CoreV1Api } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { killApiserver } from '../../scripts/fleet/outage.ts';
import { clusterPath, resourcePath } from '../../src/status/index.ts';
import { FleetRepo } from './helpers/apply-fleet.ts';
import { apiFor } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { cleanUpRunProcesses, startRun } from './helpers/run-process.ts';
import type { RunProcess } from './helpers/run-process.ts';
import { scratchMember } from './helpers/scratch-member.ts';
import { waitFor } from '../helpers/wait.ts';

const log = (message: string): void => console.log(`[e2e failover restart] ${message}`);

/** Generous: a loaded two-core machine can take tens of seconds per pass and per controller round. */
const SETTLE_MS = 120_000;
const RUN_ARGS = ['--resync', '0', '--failover-taint', '--probe-interval', '1s', '--failover-grace', '3s', '--graceful-eviction-timeout', '30m'];

interface StatusDoc {
  spec?: {
    taints?: { key: string; effect: string; timeAdded?: string }[];
    clusters?: { name: string }[];
    gracefulEvictionTasks?: { fromCluster: string; reason: string; purgeMode: string; creationTimestamp: string }[];
  };
}

/** The versions of one status-branch file in the commits after `since` (all of them without it), newest first. */
function statusHistory(repoDir: string, path: string, since?: string): StatusDoc[] {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repoDir, encoding: 'utf8' });
  const commits = git('log', '--format=%H', since ? `${since}..status` : 'status', '--', path)
    .split('\n')
    .filter(Boolean);
  return commits.map((commit) => parse(git('show', `${commit}:${path}`)) as StatusDoc);
}

/**
 * `stuck`: Karmada's ordered fallback groups, the scratch member first, member1 as the backup.
 * Its pods can be scheduled nowhere (no node has the label), so its copy in member1 never becomes
 * healthy and the graceful eviction task lasts until its timeout.
 */
function files(ns: string, primary: string): Record<string, string> {
  return {
    'clusters.yaml': ['member1', primary]
      .map((name) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${name}}\nspec: {syncMode: Push}\n`)
      .join('---\n'),
    'stuck.yaml': `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: stuck, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: stuck}]
  placement:
    clusterAffinities:
      - {affinityName: primary, clusterNames: [${primary}]}
      - {affinityName: backup, clusterNames: [member1]}
---
${JSON.stringify({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'stuck', namespace: ns },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'stuck' } },
    template: {
      metadata: { labels: { app: 'stuck' } },
      spec: { nodeSelector: { 'flotilla.io/e2e-no-such-node': 'true' }, containers: [{ name: 'stuck', image: 'nginx' }] },
    },
  },
})}
`,
  };
}

describe('flotilla run restarted with SIGKILL during a failover', () => {
  const namespace = fleetNamespace('run-restart');
  const scratch = scratchMember('restart', { region: 'us-west-2', zone: 'us-west-2a', nodes: { count: 1, cpu: '4', memory: '8Gi', pods: 110 } }, ['member1']);
  cleanUpRunProcesses();

  it('keeps the member failed over from the same moment and the eviction task with its creation time', { timeout: 600_000 }, async () => {
    const ns = namespace();
    const { member: lost, kubeconfig } = scratch();
    const repo = new FleetRepo(ns);
    const start = (): RunProcess => startRun(['--repo', repo.dir, '--kubeconfig', kubeconfig, '--inventory-name', repo.inventoryName, ...RUN_ARGS]);
    const deployed = (member: string): Promise<true> =>
      waitFor(
        `Deployment ${ns}/stuck in ${member}`,
        async () => {
          const d = await apiFor(member, AppsV1Api, kubeconfig)
            .readNamespacedDeployment({ name: 'stuck', namespace: ns })
            .catch(() => undefined);
          return d ? true : undefined;
        },
        { timeoutMs: SETTLE_MS, intervalMs: 500 },
      );
    const clusterFile = clusterPath(lost.name);
    const stuckFile = resourcePath({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'stuck' });

    await apiFor(lost.name, CoreV1Api, kubeconfig).createNamespace({ body: { metadata: { name: ns } } });
    repo.commit(files(ns, lost.name));
    const first = start();
    await deployed(lost.name);

    log(`killing ${lost.name}'s kube-apiserver`);
    await killApiserver(lost);
    await deployed('member1');
    const [taint, task] = await waitFor(
      'the status branch to record the taint and the eviction task',
      async () => {
        const t = statusHistory(repo.dir, clusterFile)[0]?.spec?.taints?.find((x) => x.effect === 'NoExecute');
        const k = statusHistory(repo.dir, stuckFile)[0]?.spec?.gracefulEvictionTasks?.find((x) => x.fromCluster === lost.name);
        return t && k ? ([t, k] as const) : undefined;
      },
      { timeoutMs: SETTLE_MS },
    );
    expect(task).toMatchObject({ reason: 'TaintUntolerated', purgeMode: 'Gracefully' });

    log('killing flotilla run with SIGKILL, and starting it again');
    await first.kill();
    const tip = execFileSync('git', ['rev-parse', 'status'], { cwd: repo.dir, encoding: 'utf8' }).trim();
    const second = start();
    // The first pass, the catch-up pass it asks for, then a few probe rounds (1s apart) after them.
    const passes = () => second.records.filter((r) => r['msg'] === 'pass finished');
    await waitFor('two passes of the new process', async () => (passes().length >= 2 ? true : undefined), { timeoutMs: SETTLE_MS, intervalMs: 200 });
    await sleep(5_000);
    // The recorded failure counts once this process's first probe (1 s) finds the member down too, and then from the
    // recorded moment: it is failed over at once, with no grace period run again, and never back in between.
    const changes = second.records.filter((r) => r['msg'] === 'failed-over members changed').map((r) => r['failed']);
    expect(changes).toEqual([[lost.name]]);
    expect(second.records.filter((r) => String(r['msg']).startsWith('status branch:'))).toEqual([]);

    // Whatever the new process wrote since, the taint and the task are the ones recorded before the kill.
    const writtenSince = (path: string) => [...statusHistory(repo.dir, path, tip), statusHistory(repo.dir, path)[0]!];
    for (const doc of writtenSince(clusterFile)) expect(doc.spec?.taints).toEqual([taint]);
    for (const doc of writtenSince(stuckFile)) {
      expect(doc.spec?.gracefulEvictionTasks).toEqual([task]);
      expect(doc.spec?.clusters?.map((c) => c.name)).toEqual(['member1']);
    }
    await second.stop();
  });
});
