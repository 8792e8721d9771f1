import { afterAll, describe, expect, it } from 'vitest';
import type { HealthState } from '../../../src/model/index.ts';
import type { HealthReport } from '../../../src/controllers/controller.ts';
import { FailoverController } from '../../../src/controllers/failover/failover-controller.ts';
import { createReconcilePass } from '../../../src/reconcile/run/reconcile-pass.ts';
import type { ReconcileResult } from '../../../src/reconcile/run/reconcile-pass.ts';
import { feedbackFromStatus } from '../../../src/reconcile/pass/status-feedback.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const MEMBERS = ['member1', 'member2'];
const KEY = 'v1/ConfigMap/shop/app';

/** Application failover after 60 s Unhealthy; `placement` as YAML. */
const policy = (purgeMode: string, placement: string) => `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: all}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]
  propagateDeps: true
  placement: ${placement}
  failover:
    application:
      decisionConditions: {tolerationSeconds: 60}
      purgeMode: ${purgeMode}
`;
const BOTH = '{clusterAffinity: {clusterNames: [member1, member2]}}';
/** member2 first; member1 only when member2 cannot be used. */
const MEMBER2_THEN_MEMBER1 = '{clusterAffinities: [{affinityName: first, clusterNames: [member2]}, {affinityName: fallback, clusterNames: [member1]}]}';
const app = (annotations = '') =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app, namespace: shop${annotations ? `, annotations: {${annotations}}` : ''}}\ndata: {k: "1"}\n`;

/**
 * A pass over two fake members, with a status step that reports the health the test sets; a
 * member in `down` cannot be connected to.
 */
function setup(purgeMode: string, placement: string) {
  const repo = createGitRepo();
  repo.write('clusters.yaml', MEMBERS.map((n) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${n}}\nspec: {}\n`).join('---\n'));
  repo.write('policy.yaml', policy(purgeMode, placement));
  repo.write('app.yaml', app());
  repo.commit('fleet');
  const clients = new Map(MEMBERS.map((n) => [n, new FakeKubeClient(n)]));
  const failover = new FailoverController();
  const results: ReconcileResult[] = [];
  let clock = 0;
  let health: HealthReport[] = [];
  const down = new Set<string>();
  const pass = createReconcilePass({
    source: { repo: repo.dir },
    prune: { enabled: true, allowMassPrune: true },
    runner: {},
    controllers: [failover],
    now: () => clock,
    access: {
      kubeconfig: {},
      client: {},
      connect: async (cs) =>
        new Map(
          cs.map((c) => [c.metadata.name, down.has(c.metadata.name) ? new Error(`${c.metadata.name}: connection refused`) : clients.get(c.metadata.name)!]),
        ),
    },
    feedback: async () => feedbackFromStatus(undefined),
    status: async () => ({ observedClusters: new Map(), health }),
    onResult: (r) => results.push(r),
  });
  const hasCopy = (cluster: string) => [...clients.get(cluster)!.objects.values()].some((o) => o.kind === 'ConfigMap' && o.metadata.name === 'app');
  return {
    repo,
    clients,
    failover,
    results,
    down,
    /** Runs a pass at `at` ms; the status step then reports `reports` (cluster → health; NotApplied: Unknown, not applied). */
    async pass(at: number, reports: Record<string, HealthState | 'NotApplied'>): Promise<{ member1: boolean; member2: boolean }> {
      clock = at;
      health = Object.entries(reports).map(([cluster, h]) =>
        h === 'NotApplied' ? { key: KEY, cluster, health: 'Unknown', applied: false } : { key: KEY, cluster, health: h, applied: true },
      );
      const abort = new AbortController();
      await pass({ signals: [], abort: abort.signal });
      return { member1: hasCopy('member1'), member2: hasCopy('member2') };
    },
    skipped: (cluster: string) =>
      results
        .at(-1)!
        .clusters.find((c) => c.cluster === cluster)!
        .pruned.filter((p) => p.action === 'skipped')
        .map((p) => p.reason),
  };
}

describe('purge modes through the reconcile pass', () => {
  it('Gracefully: keeps the old copy on the reachable evicted member while the task lasts, and prunes it once the new placement has settled', async () => {
    const s = setup('Gracefully', BOTH);
    expect(await s.pass(0, { member1: 'Healthy', member2: 'Unhealthy' })).toEqual({ member1: true, member2: true });
    expect(await s.pass(50_000, { member1: 'Unhealthy', member2: 'Unhealthy' })).toEqual({ member1: true, member2: true });
    // member2 is evicted; member1, the whole new placement, is Unhealthy: the task stays.
    expect(await s.pass(60_000, { member1: 'Healthy' })).toEqual({ member1: true, member2: true });
    // Its Namespace stays with it: member2's Work no longer holds anything in shop.
    expect(s.skipped('member2')).toEqual([
      'ConfigMap/shop/app: not pruned: old copy kept while its Gracefully eviction task (ApplicationFailure) lasts',
      'Namespace/shop: not pruned: a kept copy still lives in it',
    ]);
    expect(s.results.at(-1)!.rendered.bindings[0]!.binding!.clusters.map((c) => c.name)).toEqual(['member1']);
    // The status step saw member1 Healthy: a pass is due at once, and it ends the task.
    expect(s.failover.nextDue()).toBe(60_000);
    expect(await s.pass(61_000, { member1: 'Healthy' })).toEqual({ member1: true, member2: false });
  });

  it('Gracefully: prunes the old copy when the task times out although the new placement never settled', async () => {
    const s = setup('Gracefully', BOTH);
    // member1's copy is reported not applied: the new placement never settles.
    await s.pass(0, { member1: 'NotApplied', member2: 'Unhealthy' });
    expect(await s.pass(60_000, { member1: 'NotApplied' })).toEqual({ member1: true, member2: true });
    expect(s.failover.nextDue()).toBe(660_000);
    expect(await s.pass(659_999, { member1: 'NotApplied' })).toMatchObject({ member2: true });
    expect(await s.pass(660_000, { member1: 'NotApplied' })).toMatchObject({ member2: false });
  });

  it('Never: the old copy survives the member reporting Healthy again, and is deleted once the template releases the task', async () => {
    const s = setup('Never', BOTH);
    await s.pass(0, { member1: 'Healthy', member2: 'Unhealthy' });
    expect(await s.pass(60_000, { member1: 'Healthy', member2: 'Healthy' })).toEqual({ member1: true, member2: true });
    expect(await s.pass(70_000, { member1: 'Healthy', member2: 'Healthy' })).toEqual({ member1: true, member2: true });
    expect(await s.pass(10_000_000, { member1: 'Healthy' })).toEqual({ member1: true, member2: true });
    expect(s.skipped('member2')[0]).toBe('ConfigMap/shop/app: not pruned: old copy kept while its Never eviction task (ApplicationFailure) lasts');

    const release = async (value: string) => {
      s.repo.write('app.yaml', app(`flotilla.io/release-evictions: "${value}"`));
      s.repo.commit(`release ${value}`);
      return s.pass(10_000_000, { member1: 'Healthy' });
    };
    expect(await release('not a time')).toEqual({ member1: true, member2: true });
    expect(s.results.at(-1)!.controllerDiagnostics.map((d) => [d.file, d.object, d.field])).toEqual([
      ['app.yaml', 'ConfigMap/shop/app', 'metadata.annotations["flotilla.io/release-evictions"]'],
    ]);
    expect(s.results.at(-1)!.sourceHasErrors).toBe(false);
    // The task was created at 60 s: a release before that leaves it.
    expect(await release('1970-01-01T00:00:59Z')).toEqual({ member1: true, member2: true });
    expect(await release('1970-01-01T00:01:00Z')).toEqual({ member1: true, member2: false });
  });

  it('Never: the old copy survives its member failing and coming back, and is deleted once the template releases the task', async () => {
    const s = setup('Never', BOTH);
    const probes = (member2: 'ready' | 'unreachable') =>
      new Map([
        ['member1', 'ready' as const],
        ['member2', member2],
      ]);
    await s.pass(0, { member1: 'Healthy', member2: 'Unhealthy' });
    expect(await s.pass(60_000, { member1: 'Healthy' })).toEqual({ member1: true, member2: true });
    s.failover.recordProbes(probes('unreachable'), 61_000);
    s.down.add('member2');
    expect(s.failover.recordProbes(probes('unreachable'), 91_000)).toBe(true);
    await s.pass(91_000, { member1: 'Healthy' });
    expect(s.failover.recordProbes(probes('ready'), 100_000)).toBe(true);
    s.down.delete('member2');
    // Reachable and ready again: the task stays, member2 stays out of the placement, its copy stays.
    expect(await s.pass(100_000, { member1: 'Healthy' })).toEqual({ member1: true, member2: true });
    expect(s.results.at(-1)!.rendered.bindings[0]!.binding!.clusters.map((c) => c.name)).toEqual(['member1']);
    expect(s.skipped('member2')[0]).toBe('ConfigMap/shop/app: not pruned: old copy kept while its Never eviction task (ApplicationFailure) lasts');
    // Kept pass after pass without writing member2's inventory again.
    await s.pass(120_000, { member1: 'Healthy' });
    expect(s.results.at(-1)!.clusters.find((c) => c.cluster === 'member2')?.inventoryWritten).toBe(false);

    s.repo.write('app.yaml', app('flotilla.io/release-evictions: "1970-01-01T00:01:00Z"'));
    s.repo.commit('release');
    expect(await s.pass(130_000, { member1: 'Healthy' })).toEqual({ member1: true, member2: false });
  });

  it('Directly: deletes the old copy first and creates the new one only in a pass after the deletion was seen', async () => {
    const s = setup('Directly', MEMBER2_THEN_MEMBER1);
    expect(await s.pass(0, { member2: 'Unhealthy' })).toEqual({ member1: false, member2: true });
    const member2 = s.clients.get('member2')!;
    member2.failWhen(
      'delete',
      (target) => target.includes('ConfigMap/shop/app'),
      () => new Error('delete refused'),
    );
    // Evicted, but the old copy cannot be deleted: the new placement (member1) gets nothing.
    expect(await s.pass(60_000, {})).toEqual({ member1: false, member2: true });
    expect(s.results.at(-1)!.rendered.bindings[0]!.binding!.clusters.map((c) => c.name)).toEqual(['member1']);
    expect(await s.pass(61_000, {})).toEqual({ member1: false, member2: true });
    member2.clearFailures();
    expect(await s.pass(62_000, {})).toEqual({ member1: false, member2: false });
    expect(s.failover.nextDue()).toBe(62_000);
    expect(await s.pass(62_010, {})).toEqual({ member1: true, member2: false });
  });
});
