// Switching member3 between Push and Pull with `flotilla run` up, in the order
// docs/deploy.md ("Switching a member between Push and Pull") gives: nothing in
// the member is evicted or pruned either way (every object keeps its uid), and
// the member is never tainted NoExecute nor failed over. The hub's kubeconfig
// holds member3's context throughout: a Pull member is not contacted, and the
// context is what the switch back to Push needs.
import { execFileSync } from 'node:child_process';
import { AppsV1Api, BatchV1Api } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { TAINT_CLUSTER_UNREACHABLE } from '../../src/scheduler/index.ts';
import { clusterPath } from '../../src/status/index.ts';
import { deployment, dividedPolicy, FleetRepo } from './helpers/apply-fleet.ts';
import { apiFor, fleetKubeconfig } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { agentReportOf, kubeconfigOf, workOf } from './helpers/pull-fleet.ts';
import { cleanUpRunProcesses, startFlotilla, startRun } from './helpers/run-process.ts';
import type { RunProcess } from './helpers/run-process.ts';
import { waitFor } from '../helpers/wait.ts';

const SWITCHED = 'member3';
const ALL = ['member1', 'member2', SWITCHED];
/** Generous: a loaded two-core machine can take tens of seconds per pass. */
const SETTLE_MS = 120_000;
/** How long the member is watched after each switch settles: many probe intervals and failover graces. */
const WATCH_MS = 15_000;

/**
 * A Pull member with no agent and no workloads: the works branch exists before the switch, as in a fleet that has Pull
 * members already, so the switched member's agent, deployed first, publishes no report until its folder is written.
 */
const PULL_ALREADY = `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: edge}
spec: {syncMode: Pull}
`;

const log = (message: string): void => console.log(`[e2e mode-switch] ${message}`);

function clusters(mode: 'Push' | 'Pull'): string {
  return ALL.map(
    (name) => `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata:
  name: ${name}
${name === SWITCHED && mode === 'Pull' ? '  annotations: {flotilla.io/heartbeat-grace: 30s}\n' : ''}spec:
  syncMode: ${name === SWITCHED ? mode : 'Push'}
`,
  )
    .concat(PULL_ALREADY)
    .join('---\n');
}

/** `batch`: the Job in every member, as a whole. */
function jobPolicy(ns: string): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: batch, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: batch/v1, kind: Job, name: batch}]
  placement:
    clusterAffinity: {clusterNames: [${ALL.join(', ')}]}
    replicaScheduling: {replicaSchedulingType: Duplicated}
`;
}

function job(ns: string): string {
  return JSON.stringify({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'batch', namespace: ns },
    spec: {
      backoffLimit: 0,
      template: { spec: { restartPolicy: 'Never', containers: [{ name: 'batch', image: 'busybox', command: ['true'] }] } },
    },
  });
}

/** The uids of web and batch in the switched member, and web's replicas there (undefined: one is missing). */
async function inMember(ns: string): Promise<{ web: string; batch: string; replicas: number } | undefined> {
  try {
    const web = await apiFor(SWITCHED, AppsV1Api).readNamespacedDeployment({ name: 'web', namespace: ns });
    const batch = await apiFor(SWITCHED, BatchV1Api).readNamespacedJob({ name: 'batch', namespace: ns });
    return { web: web.metadata?.uid ?? '', batch: batch.metadata?.uid ?? '', replicas: web.spec?.replicas ?? 0 };
  } catch {
    return undefined;
  }
}

/** Every taint the switched member's Cluster file ever had on the status branch. */
function taintHistory(repoDir: string): string[] {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repoDir, encoding: 'utf8' });
  const path = clusterPath(SWITCHED);
  return git('log', '--format=%H', 'status', '--', path)
    .split('\n')
    .filter(Boolean)
    .flatMap((commit) => {
      const doc = parse(git('show', `${commit}:${path}`)) as { spec?: { taints?: { key: string; effect: string }[] } };
      return (doc.spec?.taints ?? []).map((t) => `${t.key}:${t.effect}`);
    });
}

/** The run's records that put the switched member among the failed-over ones. */
function failoversOf(run: RunProcess): Record<string, unknown>[] {
  return run.records.filter((r) => r['msg'] === 'failed-over members changed' && JSON.stringify(r['failed'] ?? []).includes(SWITCHED));
}

describe('switching a member between Push and Pull with run up (docs/deploy.md)', () => {
  const namespace = fleetNamespace('mode-switch');
  cleanUpRunProcesses();

  it('Push → Pull → Push: the member is never tainted nor failed over, its Deployment and Job keep their uids', { timeout: 600_000 }, async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const files = (mode: 'Push' | 'Pull') => ({
      'clusters.yaml': clusters(mode),
      'web.yaml': `${dividedPolicy(ns, ALL)}---\n${deployment(ns, 'web', 6)}`,
      'batch.yaml': `${jobPolicy(ns)}---\n${job(ns)}`,
    });
    repo.commit(files('Push'));
    const run = startRun([
      '--repo',
      repo.dir,
      '--kubeconfig',
      fleetKubeconfig(),
      '--inventory-name',
      repo.inventoryName,
      '--resync',
      '0',
      '--probe-interval',
      '500ms',
      '--failover-taint',
      '--failover-grace',
      '2s',
      '--prune',
      '--allow-mass-prune',
    ]);
    const first = await waitFor(
      `web (2 replicas) and batch in ${SWITCHED}, applied by the hub`,
      async () => {
        const now = await inMember(ns);
        return now?.replicas === 2 ? now : undefined;
      },
      { timeoutMs: SETTLE_MS, intervalMs: 500 },
    );
    const unchanged = async (when: string): Promise<void> => {
      const deadline = Date.now() + WATCH_MS;
      while (Date.now() < deadline) {
        expect(await inMember(ns), `web and batch in ${SWITCHED} ${when}`).toEqual(first);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(taintHistory(repo.dir), `${SWITCHED}'s taints on the status branch ${when}`).not.toContain(`${TAINT_CLUSTER_UNREACHABLE}:NoExecute`);
      expect(failoversOf(run), `the run failing ${SWITCHED} over ${when}`).toEqual([]);
    };

    log(`Push → Pull: the agent first (it waits for its folder), then the commit`);
    // Its poll is longer than the hub's failover grace, as the defaults are (30s each): judged before
    // its first report, the member would be tainted and its workloads evicted.
    const agent = startFlotilla('agent', [
      '--cluster',
      SWITCHED,
      '--repo',
      repo.dir,
      '--kubeconfig',
      kubeconfigOf([SWITCHED]),
      '--inventory-name',
      repo.inventoryName,
      '--poll',
      '8s',
      '--heartbeat',
      '8s',
      '--lease-duration',
      '2s',
    ]);
    // Deployed first, as the docs say: its first round finds no folder of its member yet.
    await agent.waitForLog("the agent's first round", (r) => r['msg'] === 'agent round finished', SETTLE_MS);
    repo.commit(files('Pull'));
    await waitFor(
      `${SWITCHED}'s agent to report the Work the hub wrote for it`,
      async () => {
        const work = workOf(repo.dir, SWITCHED);
        const report = agentReportOf(repo.dir, SWITCHED);
        const applied = (name: string) => report?.objects.some((o) => o.name === name && o.applied);
        return work && report?.work?.blob === work.blob && applied('web') && applied('batch') ? true : undefined;
      },
      { timeoutMs: SETTLE_MS, intervalMs: 250 },
    );
    await unchanged('after the switch to Pull');

    log(`Pull → Push: the agent stopped first, then the commit`);
    await agent.stop();
    const backAt = run.records.length;
    repo.commit(files('Push'));
    await waitFor(
      `the works branch to drop ${SWITCHED}'s folder and the hub to pass again`,
      async () => (workOf(repo.dir, SWITCHED) === undefined && run.records.length > backAt ? true : undefined),
      { timeoutMs: SETTLE_MS, intervalMs: 250 },
    );
    await unchanged('after the switch back to Push');
    await run.stop();
  });
});
