// flotilla run replicas coordinating through Leases in a host cluster (member1 of
// the local fleet): members split between two shards, never applied by both, both
// writing their members' part of the status branch, and a killed replica's members
// taken over once its Lease expires.
import { execFileSync } from 'node:child_process';
import { CoordinationV1Api, CoreV1Api } from '@kubernetes/client-node';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { shardOf } from '../../src/reconcile/run/leases/shard-of.ts';
import { configMap, FleetRepo } from './helpers/apply-fleet.ts';
import { apiFor, fleetKubeconfig, memberNames } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { cleanUpRunProcesses, metricValue, startRun } from './helpers/run-process.ts';
import { waitFor } from '../helpers/wait.ts';

/**
 * The fleet's Cluster names, each reaching its member through the context annotation. member1..3
 * all hash to the same one of two shards, so one replica would own no member; m1, m2 → shard 0
 * and m3 → shard 1 give each replica members of its own.
 */
const CLUSTER_OF = new Map(memberNames.map((context, i) => [context, `m${i + 1}`]));
const CLUSTER_NAMES = [...CLUSTER_OF.values()];
const CLUSTERS = [...CLUSTER_OF]
  .map(
    ([context, name]) => `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata:
  name: ${name}
  annotations: {flotilla.io/kubeconfig-context: ${context}}
spec:
  syncMode: Push
`,
  )
  .join('---\n');
const CONFIGMAPS = `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata:
  name: everything
spec:
  resourceSelectors:
    - {apiVersion: v1, kind: ConfigMap}
  placement:
    clusterAffinity: {clusterNames: [${CLUSTER_NAMES.join(', ')}]}
`;

function fleet(ns: string, k: string, extra: Record<string, string> = {}): Record<string, string> {
  return { 'clusters.yaml': CLUSTERS, 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'sharded', { k }), ...extra };
}

function replica(repo: FleetRepo, ns: string, identity: string) {
  return startRun([
    '--repo',
    repo.dir,
    '--kubeconfig',
    fleetKubeconfig(),
    '--inventory-name',
    repo.inventoryName,
    '--metrics-addr',
    '127.0.0.1:0',
    '--probe-interval',
    '1h',
    '--resync',
    '0',
    '--shards',
    '2',
    '--host-kubeconfig',
    fleetKubeconfig(),
    '--host-context',
    'member1',
    '--lease-namespace',
    ns,
    '--lease-duration',
    '3s',
    '--identity',
    identity,
  ]);
}

/** Shard holders, by shard index, read from the host cluster. */
async function holders(ns: string): Promise<string[]> {
  const leases = await apiFor('member1', CoordinationV1Api).listNamespacedLease({ namespace: ns });
  return [0, 1].map((i) => leases.items.find((l) => l.metadata?.name === `flotilla-shard-${i}`)?.spec?.holderIdentity ?? '');
}

/** The members a binding document's aggregatedStatus covers, at a status-branch commit. */
function covered(repo: string, commit: string, path: string): string[] {
  const doc = load(execFileSync('git', ['show', `${commit}:${path}`], { cwd: repo, encoding: 'utf8' })) as {
    status?: { aggregatedStatus?: { clusterName: string }[] };
  };
  return (doc.status?.aggregatedStatus ?? []).map((i) => i.clusterName);
}

/** The status-branch commits reflecting `source`, oldest first. */
function statusCommits(repo: string, source: string): string[] {
  const log = execFileSync('git', ['log', '--reverse', '--format=%H %(trailers:key=Source-Commit,valueonly,separator=)', 'status'], {
    cwd: repo,
    encoding: 'utf8',
  });
  return log
    .split('\n')
    .map((line) => line.trim().split(' '))
    .filter(([, trailer]) => trailer === source)
    .map(([commit]) => commit ?? '');
}

function allHold(member: string, ns: string, value: string): Promise<true> {
  return waitFor(
    `${member} to hold k=${value}`,
    async () => {
      const cm = await apiFor(member, CoreV1Api).readNamespacedConfigMap({ name: 'sharded', namespace: ns });
      return cm.data?.['k'] === value ? true : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}

describe('flotilla run with Leases', () => {
  const namespace = fleetNamespace('run-leases');
  cleanUpRunProcesses();

  it("splits the members between two replicas, never applies one from both, writes the status from both, and takes over a killed replica's members", async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit(fleet(ns, '1'));
    const a = replica(repo, ns, 'replica-a');
    await waitFor('replica-a to hold both shards', async () => ((await holders(ns)).every((h) => h === 'replica-a') ? true : undefined), { timeoutMs: 30_000 });
    await Promise.all(memberNames.map((m) => allHold(m, ns, '1')));

    const b = replica(repo, ns, 'replica-b');
    const split = await waitFor(
      'the shards to be split between the replicas',
      async () => {
        const h = await holders(ns);
        return new Set(h).size === 2 && h.every((x) => x !== '') ? h : undefined;
      },
      { timeoutMs: 30_000 },
    );
    const ownerOf = (cluster: string): string => split[shardOf(cluster, 2)] ?? '';
    expect(new Set(CLUSTER_NAMES.map(ownerOf)).size, 'each replica owns a member').toBe(2);

    // A new template: only its owners can report a member's item, so both replicas must write for it to cover all three.
    const announced = configMap(ns, 'announced', { by: 'both' });
    repo.commit(fleet(ns, '2', { 'announced.yaml': announced }));
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo.dir, encoding: 'utf8' }).trim();
    await Promise.all([a, b].map((r) => r.waitForLog('both replicas to reconcile the commit', (x) => x['msg'] === 'pass finished' && x['commit'] === head)));
    await Promise.all(memberNames.map((m) => allHold(m, ns, '2')));
    const [textA, textB] = await Promise.all([a.metrics(), b.metrics()]);
    for (const cluster of CLUSTER_NAMES) {
      const series = `flotilla_objects_applied_total{cluster="${cluster}",action="configured"}`;
      const [mine, theirs] = ownerOf(cluster) === 'replica-a' ? [textA, textB] : [textB, textA];
      expect(
        metricValue(mine, series),
        `${cluster} configured by its owner (${split.join(', ')})\n${mine
          .split('\n')
          .filter((l) => l.startsWith('flotilla_objects'))
          .join('\n')}`,
      ).toBe(1);
      expect(metricValue(theirs, series), `${cluster} not configured by the other replica`).toBeUndefined();
    }

    const bindings = [`resources/core/ConfigMap/${ns}/sharded.yaml`, `resources/core/ConfigMap/${ns}/announced.yaml`];
    const tip = execFileSync('git', ['rev-parse', 'status'], { cwd: repo.dir, encoding: 'utf8' }).trim();
    expect(execFileSync('git', ['ls-tree', '--name-only', 'status:clusters'], { cwd: repo.dir, encoding: 'utf8' }).trim().split('\n')).toEqual(
      CLUSTER_NAMES.map((c) => `${c}.yaml`),
    );
    for (const binding of bindings) expect(covered(repo.dir, tip, binding), binding).toEqual(CLUSTER_NAMES);
    // The first write of the new template holds its writer's members only; the other replica's write completes it.
    const coverage = statusCommits(repo.dir, head).map((c) => covered(repo.dir, c, bindings[1] ?? '').join(','));
    const membersOf = (replica: string) => CLUSTER_NAMES.filter((c) => ownerOf(c) === replica).join(',');
    expect(coverage.at(-1)).toBe(CLUSTER_NAMES.join(','));
    expect([membersOf('replica-a'), membersOf('replica-b')], `coverage by commit: ${coverage.join(' | ')}`).toContain(coverage[0]);

    await b.kill();
    await waitFor('replica-a to take over both shards', async () => ((await holders(ns)).every((h) => h === 'replica-a') ? true : undefined), {
      timeoutMs: 30_000,
    });
    repo.commit(fleet(ns, '3', { 'announced.yaml': announced }));
    await Promise.all(memberNames.map((m) => allHold(m, ns, '3')));
    expect(await a.stop()).toBe(0);
    expect((await holders(ns)).every((h) => h === '')).toBe(true);
  });
});
