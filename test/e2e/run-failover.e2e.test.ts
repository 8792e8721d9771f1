// flotilla run failing a member over when its kube-apiserver is killed, and
// what comes back when the apiserver is restarted. The member is a scratch
// member started for this file (the shared member1..3 stay up for the other
// files and for concurrent runs); member1 and member2 take over. The status
// branch records the taint and the graceful eviction.
import { execFileSync } from 'node:child_process';
import { AppsV1Api, CoreV1Api } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { killApiserver, restartMember } from '../../scripts/fleet/outage.ts';
import { TAINT_CLUSTER_UNREACHABLE } from '../../src/scheduler/index.ts';
import { clusterPath, resourcePath } from '../../src/status/index.ts';
import { clusterObjects, deployment, dividedPolicy, FleetRepo } from './helpers/apply-fleet.ts';
import { apiFor } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { cleanUpRunProcesses, startRun } from './helpers/run-process.ts';
import type { RunProcess } from './helpers/run-process.ts';
import { scratchMember } from './helpers/scratch-member.ts';
import { waitFor } from '../helpers/wait.ts';

const log = (message: string): void => console.log(`[e2e failover] ${message}`);

/** Generous: a loaded two-core machine can take tens of seconds per pass and per controller round. */
const SETTLE_MS = 120_000;

/** `cache`: every replica in every member. */
function duplicatedPolicy(ns: string, members: readonly string[]): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: cache, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: cache}]
  placement:
    clusterAffinity: {clusterNames: [${members.join(', ')}]}
    replicaScheduling: {replicaSchedulingType: Duplicated}
`;
}

interface StatusDoc {
  spec?: {
    taints?: { key: string; effect: string }[];
    clusters?: { name: string }[];
    gracefulEvictionTasks?: { fromCluster: string; reason: string; purgeMode: string }[];
  };
}

/**
 * Every version of one file of the status branch, newest first: an eviction task can be written
 * and settled within seconds, so the branch's history is searched rather than its tip.
 */
function statusHistory(repoDir: string, path: string): StatusDoc[] {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repoDir, encoding: 'utf8' });
  const commits = git('log', '--format=%H', 'status', '--', path).split('\n').filter(Boolean);
  return commits.map((commit) => parse(git('show', `${commit}:${path}`)) as StatusDoc);
}

/** `solo`: Karmada's ordered fallback groups, the member first, member2 as the backup. */
function fallbackPolicy(ns: string, primary: string): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: solo, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: solo}]
  placement:
    clusterAffinities:
      - {affinityName: primary, clusterNames: [${primary}]}
      - {affinityName: backup, clusterNames: [member2]}
`;
}

describe('flotilla run failover: a member whose kube-apiserver is killed', () => {
  const namespace = fleetNamespace('run-failover');
  const scratch = scratchMember('failover', { region: 'us-west-2', zone: 'us-west-2a', nodes: { count: 1, cpu: '4', memory: '8Gi', pods: 110 } }, [
    'member1',
    'member2',
  ]);
  cleanUpRunProcesses();

  it('loses its workloads to the other members after the grace period; when it restarts, they return as the scheduler decides', {
    timeout: 600_000,
  }, async () => {
    const ns = namespace();
    const { member: lost, kubeconfig } = scratch();
    const all = ['member1', 'member2', lost.name];
    const replicas = (member: string, name: string, expected: number): Promise<true> =>
      waitFor(
        `Deployment ${ns}/${name} in ${member} to have ${expected} replicas`,
        async () => {
          const d = await apiFor(member, AppsV1Api, kubeconfig).readNamespacedDeployment({ name, namespace: ns });
          return d.spec?.replicas === expected ? true : undefined;
        },
        { timeoutMs: SETTLE_MS, intervalMs: 500 },
      );
    const failedOver = (run: RunProcess, failed: readonly string[], after: number): Promise<Record<string, unknown>> =>
      run.waitForLog(
        `the run to report failed-over members [${failed.join(', ')}]`,
        (r) => r['msg'] === 'failed-over members changed' && JSON.stringify(r['failed']) === JSON.stringify(failed) && run.records.indexOf(r) >= after,
        SETTLE_MS,
      );

    await apiFor(lost.name, CoreV1Api, kubeconfig).createNamespace({ body: { metadata: { name: ns } } });
    const repo = new FleetRepo(ns);
    const files = (cacheReplicas: number) => ({
      'clusters.yaml': clusterObjects(all),
      'web.yaml': dividedPolicy(ns, all) + '---\n' + deployment(ns, 'web', 6),
      'cache.yaml': duplicatedPolicy(ns, all) + '---\n' + deployment(ns, 'cache', cacheReplicas),
      'solo.yaml': fallbackPolicy(ns, lost.name) + '---\n' + deployment(ns, 'solo', 1),
    });
    repo.commit(files(1));
    // Prune on, as Karmada deletes a Work its binding no longer expects; the member's whole Work
    // moving away is more than the mass-prune guard's quarter, hence the second flag.
    const run = startRun([
      '--repo',
      repo.dir,
      '--kubeconfig',
      kubeconfig,
      '--inventory-name',
      repo.inventoryName,
      '--resync',
      '0',
      '--probe-interval',
      '1s',
      '--failover-taint',
      '--failover-grace',
      '3s',
      '--prune',
      '--allow-mass-prune',
    ]);
    await Promise.all([...all.map((m) => replicas(m, 'web', 2)), ...all.map((m) => replicas(m, 'cache', 1)), replicas(lost.name, 'solo', 1)]);

    log(`killing ${lost.name}'s kube-apiserver`);
    const outageStarted = run.records.length;
    await killApiserver(lost);
    await failedOver(run, [lost.name], outageStarted);
    // Divided: the static weights re-split the 6 replicas over the members left.
    await Promise.all(['member1', 'member2'].map((m) => replicas(m, 'web', 3)));
    // Duplicated: a change committed during the outage reaches the members left only.
    repo.commit(files(2));
    await Promise.all(['member1', 'member2'].map((m) => replicas(m, 'cache', 2)));
    // Fallback groups: the primary group's only member is evicted, so solo moves to the backup.
    await replicas('member2', 'solo', 1);
    // The status branch shows the outage as Karmada would: the member's NoExecute taint, and a
    // graceful eviction task from it on solo's binding, kept until the new copy in member2 is
    // reported healthy. (web and cache settle at once: their new placement was healthy already.)
    await waitFor(
      `the status branch to show ${lost.name} tainted ${TAINT_CLUSTER_UNREACHABLE}:NoExecute`,
      async () =>
        statusHistory(repo.dir, clusterPath(lost.name)).some((d) =>
          d.spec?.taints?.some((t) => t.key === TAINT_CLUSTER_UNREACHABLE && t.effect === 'NoExecute'),
        ) || undefined,
      { timeoutMs: SETTLE_MS },
    );
    const soloPath = resourcePath({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'solo' });
    const task = await waitFor(
      `the status branch to show ${soloPath} with an eviction task from ${lost.name}`,
      async () =>
        statusHistory(repo.dir, soloPath)
          .flatMap((d) => d.spec?.gracefulEvictionTasks ?? [])
          .find((t) => t.fromCluster === lost.name),
      { timeoutMs: SETTLE_MS },
    );
    expect(task).toMatchObject({ reason: 'TaintUntolerated', purgeMode: 'Gracefully' });

    log(`restarting ${lost.name}'s kube-apiserver`);
    const recoveryStarted = run.records.length;
    await restartMember(lost);
    await failedOver(run, [], recoveryStarted);
    // Duplicated bindings are always rescheduled (docs/karmada-compatibility.md#when-a-binding-is-scheduled): the
    // member is placed again and gets the change it missed.
    await replicas(lost.name, 'cache', 2);
    await waitFor(
      `the status branch to show ${lost.name} without taints`,
      async () => {
        const [latest] = statusHistory(repo.dir, clusterPath(lost.name));
        return latest && (latest.spec?.taints ?? []).length === 0 ? true : undefined;
      },
      { timeoutMs: SETTLE_MS },
    );
    // A Divided binding is not: its placement and replica sum are as they were, so after the passes
    // that saw the member back, web stays 3/3 on member1 and member2, and the member's old copies
    // of web and solo, orphans now, are pruned once it answers again.
    await Promise.all(['member1', 'member2'].map((m) => replicas(m, 'web', 3)));
    await Promise.all(
      ['web', 'solo'].map((name) =>
        waitFor(
          `Deployment ${ns}/${name} to be pruned from ${lost.name}`,
          async () => {
            const list = await apiFor(lost.name, AppsV1Api, kubeconfig).listNamespacedDeployment({ namespace: ns });
            return list.items.some((d) => d.metadata?.name === name) ? undefined : true;
          },
          { timeoutMs: SETTLE_MS, intervalMs: 500 },
        ),
      ),
    ).catch((error: unknown) => {
      const about = run.records
        .filter((r) => JSON.stringify(r).includes(lost.name))
        .slice(-12)
        .map((r) => JSON.stringify(r));
      throw new Error(`${(error as Error).message}\nthe run's last records naming ${lost.name}:\n${about.join('\n')}`, { cause: error });
    });
    const [webNow] = statusHistory(repo.dir, resourcePath({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'web' }));
    expect([...(webNow?.spec?.clusters ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1))).toEqual([
      { name: 'member1', replicas: 3 },
      { name: 'member2', replicas: 3 },
    ]);
    // Fallback groups are never retried backwards (docs/karmada-compatibility.md#cluster-affinities): solo stays in the
    // backup group.
    const [soloNow] = statusHistory(repo.dir, soloPath);
    expect(soloNow?.spec?.clusters?.map((c) => c.name)).toEqual(['member2']);
  });
});
