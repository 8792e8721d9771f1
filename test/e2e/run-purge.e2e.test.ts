// flotilla run's application failover with purgeMode Never against the local fleet: the
// Deployment cannot become ready on member2 (an override asks for more CPU than its nodes have),
// so it is evicted from member2 once 15 s have passed (member1 is ready by then) — and its old
// copy there keeps running, pruning on, until the template's flotilla.io/release-evictions
// annotation releases the task; then it is deleted.
import { AppsV1Api } from '@kubernetes/client-node';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NativeGitStore } from '../../src/source/index.ts';
import { readStatusBranch } from '../../src/status/index.ts';
import { FleetRepo } from './helpers/apply-fleet.ts';
import { apiFor, isNotFound, fleetKubeconfig } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { cleanUpRunProcesses, startRun } from './helpers/run-process.ts';
import type { RunProcess } from './helpers/run-process.ts';
import { waitFor } from '../helpers/wait.ts';
import { RECORD_SECTIONS } from '../../src/controllers/index.ts';

function deployment(ns: string, annotations: Record<string, string> = {}): string {
  return JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: ns, annotations },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10', resources: { requests: { cpu: '10m' } } }] },
      },
    },
  });
}

const policy = (ns: string) => `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  propagateDeps: true
  placement:
    clusterAffinity: {clusterNames: [member1, member2]}
    replicaScheduling: {replicaSchedulingType: Duplicated}
  failover:
    application:
      decisionConditions: {tolerationSeconds: 15}
      purgeMode: Never
`;

const starveMember2 = (ns: string) => `apiVersion: policy.karmada.io/v1alpha1
kind: OverridePolicy
metadata: {name: starve-member2, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  overrideRules:
    - targetCluster: {clusterNames: [member2]}
      overriders:
        plaintext: [{path: /spec/template/spec/containers/0/resources/requests/cpu, operator: replace, value: "1000"}]
`;

/** The uid of Deployment web in a member, or null when there is none. */
async function webUid(member: string, ns: string): Promise<string | null> {
  try {
    return (await apiFor(member, AppsV1Api).readNamespacedDeployment({ name: 'web', namespace: ns })).metadata?.uid ?? null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The members the status branch reports Deployment web on (its binding's clusters). */
async function reportedMembers(repo: FleetRepo): Promise<string[] | undefined> {
  const view = await readStatusBranch(new NativeGitStore(`${repo.dir}/.git`), RECORD_SECTIONS);
  return view?.templates.find((t) => t.resource.kind === 'Deployment' && t.resource.name === 'web')?.aggregatedStatus.map((i) => i.clusterName);
}

const passesFinished = (run: RunProcess) => run.records.filter((r) => r['msg'] === 'pass finished').length;
const lastPass = (run: RunProcess) => run.records.filter((r) => r['msg'] === 'pass finished').at(-1);
const passesOf = (run: RunProcess, commit: string) => run.records.filter((r) => r['msg'] === 'pass finished' && r['commit'] === commit).length;
const head = (repo: FleetRepo) => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo.dir }).toString().trim();

describe('flotilla run purge modes', () => {
  const namespace = fleetNamespace('run-purge');
  cleanUpRunProcesses();

  it('keeps the old copy of a Never eviction on a reachable member until the template releases it', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': policy(ns), 'override.yaml': starveMember2(ns), 'app.yaml': deployment(ns) });
    const run = startRun([
      '--repo',
      repo.dir,
      '--kubeconfig',
      fleetKubeconfig(),
      '--inventory-name',
      `inventory-${ns}`,
      '--prune',
      '--allow-mass-prune',
      '--resync',
      '1s',
      '--failover-taint',
      '--probe-interval',
      '1s',
    ]);

    const old = await waitFor('Deployment web in member2', () => webUid('member2', ns).then((u) => u ?? undefined), { timeoutMs: 60_000, intervalMs: 250 });
    await waitFor(
      'the eviction from member2 (status branch: web on member1 only)',
      async () => {
        const members = await reportedMembers(repo);
        return members?.join() === 'member1' ? true : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    const passes = passesFinished(run);
    await waitFor('three more passes', async () => (passesFinished(run) >= passes + 3 ? true : undefined), { timeoutMs: 60_000, intervalMs: 250 });
    // Those passes pruned (a pass with source errors or failures would not): the copy was kept.
    expect(lastPass(run)).toMatchObject({ ok: true });
    expect(await webUid('member2', ns)).toBe(old);
    expect(await webUid('member1', ns)).not.toBeNull();

    // A release time before the task leaves it; one at or after its creation deletes the old copy.
    repo.commit({
      'policy.yaml': policy(ns),
      'override.yaml': starveMember2(ns),
      'app.yaml': deployment(ns, { 'flotilla.io/release-evictions': '2000-01-01T00:00:00Z' }),
    });
    const early = head(repo);
    await waitFor('two passes of the early release', async () => (passesOf(run, early) >= 2 ? true : undefined), { timeoutMs: 60_000, intervalMs: 250 });
    expect(lastPass(run)).toMatchObject({ ok: true });
    expect(await webUid('member2', ns)).toBe(old);

    repo.commit({ 'policy.yaml': policy(ns), 'app.yaml': deployment(ns, { 'flotilla.io/release-evictions': new Date().toISOString() }) });
    // Deleted at once; a later pass may place the now healthy workload on member2 again, as a new copy.
    await waitFor('the old copy on member2 deleted', async () => ((await webUid('member2', ns)) !== old ? true : undefined), {
      timeoutMs: 60_000,
      intervalMs: 250,
    });
    expect(await webUid('member1', ns)).not.toBeNull();
  });
});
