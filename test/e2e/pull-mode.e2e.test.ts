// Pull mode on the local fleet: member3 is a Pull member the hub never
// contacts (its kubeconfig has no member3 context), and a real `flotilla agent`
// process with a kubeconfig holding only member3 applies its Work from the
// works branch and reports back on flotilla/agents/member3. The hub is the
// apply pass (in process) or `flotilla run` (a process). Killing the agent is
// safe for the shared fleet: member3's API server stays up.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppsV1Api, CoreV1Api, KubernetesObjectApi, PatchStrategy } from '@kubernetes/client-node';
import type { KubernetesObject } from '@kubernetes/client-node';
import { parseAllDocuments, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { AgentReport, ClusterStatus } from '../../src/model/index.ts';
import { TAINT_CLUSTER_UNREACHABLE } from '../../src/scheduler/index.ts';
import { clusterPath, resourcePath } from '../../src/status/index.ts';
import { configMap, deployment, dividedPolicy, FleetRepo, planChanges } from './helpers/apply-fleet.ts';
import { apiFor, isNotFound, kubeConfigFor } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { agentReportOf, kubeconfigOf, pullClusters, startAgent, statusFileOf, workOf } from './helpers/pull-fleet.ts';
import { cleanUpRunProcesses, startRun } from './helpers/run-process.ts';
import { waitFor } from '../helpers/wait.ts';

const PULL = 'member3';
const PUSH = ['member1', 'member2'];
const SETTLE_MS = 60_000;

/** A PropagationPolicy for `kind` objects named `names` to `members`, every replica in each (Duplicated). */
function duplicated(ns: string, name: string, kind: [string, string], names: readonly string[], members: readonly string[]): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: ${name}, namespace: ${ns}}
spec:
  resourceSelectors:
${names.map((n) => `    - {apiVersion: ${kind[0]}, kind: ${kind[1]}, name: ${n}}`).join('\n')}
  placement:
    clusterAffinity: {clusterNames: [${members.join(', ')}]}
    replicaScheduling: {replicaSchedulingType: Duplicated}
`;
}

async function configMapIn(member: string, ns: string, name: string): Promise<Record<string, string> | null> {
  try {
    const cm = await apiFor(member, CoreV1Api).readNamespacedConfigMap({ name, namespace: ns });
    return cm.data ?? {};
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

async function replicasIn(member: string, ns: string, name: string): Promise<number | null> {
  try {
    return (await apiFor(member, AppsV1Api).readNamespacedDeployment({ name, namespace: ns })).spec?.replicas ?? 0;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Waits until `probe` returns `expected`. */
function until<T>(what: string, probe: () => Promise<T>, expected: T, timeoutMs = SETTLE_MS): Promise<true> {
  return waitFor(what, async () => (JSON.stringify(await probe()) === JSON.stringify(expected) ? true : undefined), { timeoutMs, intervalMs: 250 });
}

/** Waits until the agent reports having applied the Work now on the works branch. */
function reportOfCurrentWork(repo: FleetRepo, check: (r: AgentReport) => boolean = () => true): Promise<AgentReport> {
  return waitFor(
    `the agent of ${PULL} to report the current Work`,
    async () => {
      const work = workOf(repo.dir, PULL);
      const report = agentReportOf(repo.dir, PULL);
      return work && report?.work?.blob === work.blob && check(report) ? report : undefined;
    },
    { timeoutMs: SETTLE_MS, intervalMs: 250 },
  );
}

const readyOf = (status: ClusterStatus | undefined) => status?.conditions?.find((c) => c.type === 'Ready');

describe('pull mode: member3 applied by its agent, never contacted by the hub', () => {
  const namespace = fleetNamespace('pull');
  cleanUpRunProcesses();
  const hubKubeconfig = kubeconfigOf(PUSH);
  const agentKubeconfig = kubeconfigOf([PULL]);

  it('a commit reaches member3 through the agent, its health reaches the status branch, plan compares with the report, a removed template is pruned, a parse error prunes nothing', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.kubeconfig = { kubeconfig: hubKubeconfig };
    const all = [...PUSH, PULL];
    const settings = ['a', 'b', 'c', 'd'];
    const files = (data: string, kept: readonly string[], extra: Record<string, string> = {}) => ({
      'clusters.yaml': pullClusters(PUSH, [PULL]),
      'web.yaml': `${duplicated(ns, 'web', ['apps/v1', 'Deployment'], ['web'], all)}---\n${deployment(ns, 'web', 1)}`,
      'settings.yaml': [duplicated(ns, 'settings', ['v1', 'ConfigMap'], settings, all), ...kept.map((n) => configMap(ns, n, { data }))].join('\n---\n'),
      ...extra,
    });
    repo.commit(files('one', settings));
    const agent = startAgent(repo.dir, PULL, agentKubeconfig, repo.inventoryName);
    await waitFor(`the agent's first report`, async () => agentReportOf(repo.dir, PULL), { timeoutMs: SETTLE_MS });

    const first = await repo.apply({ enabled: true });
    expect(first.ok).toBe(true);
    // The hub applied to the Push members only: no client, so no missing-context error, for member3.
    expect(first.clusters.map((c) => c.cluster)).toEqual(PUSH);
    expect(first.pullMembers).toEqual([PULL]);
    expect(workOf(repo.dir, PULL)?.document.objects.map((o) => `${o.kind}/${o.name}`)).toEqual(
      expect.arrayContaining(['Deployment/web', ...settings.map((n) => `ConfigMap/${n}`)]),
    );
    await until('ConfigMap a in member3', () => configMapIn(PULL, ns, 'a'), { data: 'one' });
    await until('Deployment web in member3', () => replicasIn(PULL, ns, 'web'), 1);

    // The agent's report says web is Healthy once its pod runs; the next hub pass records it.
    await reportOfCurrentWork(repo, (r) => r.objects.some((o) => o.name === 'web' && o.health === 'Healthy'));
    await repo.apply({ enabled: true });
    const web = statusFileOf<{ status: { aggregatedStatus: { clusterName: string; applied: boolean; health: string }[] } }>(
      repo.dir,
      resourcePath({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'web' }),
    );
    expect(web?.status.aggregatedStatus.find((i) => i.clusterName === PULL)).toMatchObject({ applied: true, health: 'Healthy' });
    const member3 = statusFileOf<{ spec: { syncMode: string }; status: ClusterStatus & { agent: { lastHeartbeat: string } } }>(repo.dir, clusterPath(PULL));
    expect(member3?.spec.syncMode).toBe('Pull');
    expect(readyOf(member3?.status)?.status).toBe('True');
    expect(member3?.status.agent.lastHeartbeat).toMatch(/^\d{4}-/);

    // plan compares member3's Work with the agent's report, and says so.
    const unchanged = await repo.plan();
    expect(unchanged.document.pullMembers?.[PULL]?.reportedAt).toBeDefined();
    expect(planChanges(unchanged, PULL)).toEqual([]);
    repo.commit(files('two', settings));
    const changed = await repo.plan();
    expect(planChanges(changed, PULL)).toEqual(settings.map((n) => `update ConfigMap/${n}`));
    await repo.apply({ enabled: true });
    await until('ConfigMap a in member3 to hold the new data', () => configMapIn(PULL, ns, 'a'), { data: 'two' });

    // A removed template: the agent prunes it (one of six inventory objects: within the mass-prune guard).
    repo.commit(files('two', ['a', 'b', 'c']));
    await repo.apply({ enabled: true });
    await until('ConfigMap d to be pruned from member3', () => configMapIn(PULL, ns, 'd'), null);

    // A parse error: the hub's Work lacks the broken file's objects, and nothing is pruned anywhere.
    repo.commit({ ...files('two', ['a', 'b']), 'web.yaml': 'kind: [unclosed\n' });
    const broken = await repo.apply({ enabled: true });
    expect(broken.sourceHasErrors).toBe(true);
    expect(workOf(repo.dir, PULL)?.document.prune).toMatchObject({ allowed: false, sourceHasErrors: true });
    const held = await reportOfCurrentWork(repo);
    expect(held.pruneBlocked?.reason).toBe('source-errors');
    // plan says what the agent did: no delete in member3, and why.
    const brokenPlan = await repo.plan();
    expect(planChanges(brokenPlan, PULL).filter((c) => c.startsWith('delete'))).toEqual([]);
    expect(brokenPlan.diagnostics.some((d) => d.object === `Cluster/${PULL}` && /prune refused: the source has errors/.test(d.message))).toBe(true);
    for (const member of all) {
      expect(await replicasIn(member, ns, 'web')).toBe(1);
      expect(await configMapIn(member, ns, 'c')).toEqual({ data: 'two' });
    }
    await agent.stop();
  });

  it('the agent killed: member3 NotReady after its grace, Divided replicas move away; back, the Duplicated ones return and the old Divided copy is pruned', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const all = [...PUSH, PULL];
    repo.commit({
      'clusters.yaml': pullClusters(PUSH, [PULL], '3s'),
      'web.yaml': `${dividedPolicy(ns, all)}---\n${deployment(ns, 'web', 6)}`,
      'cache.yaml': `${duplicated(ns, 'cache', ['apps/v1', 'Deployment'], ['cache'], all)}---\n${deployment(ns, 'cache', 1)}`,
    });
    let agent = startAgent(repo.dir, PULL, agentKubeconfig, repo.inventoryName);
    await waitFor(`the agent's first report`, async () => agentReportOf(repo.dir, PULL), { timeoutMs: SETTLE_MS });
    const run = startRun(
      ['--repo', repo.dir, '--kubeconfig', hubKubeconfig, '--inventory-name', repo.inventoryName, '--resync', '0'].concat([
        '--probe-interval',
        '500ms',
        '--failover-taint',
        '--failover-grace',
        '2s',
        '--prune',
        '--allow-mass-prune',
      ]),
    );
    await Promise.all([
      ...all.map((m) => until(`web in ${m} to have 2 replicas`, () => replicasIn(m, ns, 'web'), 2)),
      until('cache in member3', () => replicasIn(PULL, ns, 'cache'), 1),
    ]);

    await agent.kill();
    const member3 = () => statusFileOf<{ spec?: { taints?: { key: string; effect: string }[] }; status: ClusterStatus }>(repo.dir, clusterPath(PULL));
    await waitFor(
      `${PULL} to be NotReady (Unknown) and tainted ${TAINT_CLUSTER_UNREACHABLE}:NoExecute on the status branch`,
      async () => {
        const doc = member3();
        const tainted = doc?.spec?.taints?.some((t) => t.key === TAINT_CLUSTER_UNREACHABLE && t.effect === 'NoExecute');
        return tainted && readyOf(doc?.status)?.reason === 'ClusterStatusUnknown' ? true : undefined;
      },
      { timeoutMs: SETTLE_MS },
    );
    await Promise.all(PUSH.map((m) => until(`web in ${m} to have 3 replicas`, () => replicasIn(m, ns, 'web'), 3)));
    // The hub's Work for member3 no longer holds web nor cache; the agent is not there to prune them.
    expect(await replicasIn(PULL, ns, 'web')).toBe(2);

    agent = startAgent(repo.dir, PULL, agentKubeconfig, repo.inventoryName);
    await waitFor(
      `${PULL} to be Ready and untainted again`,
      async () => {
        const doc = member3();
        return readyOf(doc?.status)?.status === 'True' && (doc?.spec?.taints ?? []).length === 0 ? true : undefined;
      },
      { timeoutMs: SETTLE_MS },
    );
    // Duplicated is always rescheduled: cache is in member3's Work again. Divided is not: web stays on
    // member1 and member2, and member3's old copy is pruned by its agent.
    await waitFor(`cache back in ${PULL}'s Work`, async () => workOf(repo.dir, PULL)?.document.objects.some((o) => o.name === 'cache') || undefined, {
      timeoutMs: SETTLE_MS,
    });
    await until(`web to be pruned from ${PULL}`, () => replicasIn(PULL, ns, 'web'), null);
    // The agent may first apply the Work written while member3 was failed over, which prunes cache
    // there as Karmada's agent deletes an evicted Work's object, and then the one that holds it again.
    await until(`cache back in ${PULL}`, () => replicasIn(PULL, ns, 'cache'), 1);
    for (const m of PUSH) expect(await replicasIn(m, ns, 'web')).toBe(3);
    await Promise.all([run.stop(), agent.stop()]);
  });

  it('kill -9 of the agent in the middle of an apply, then a restart: every object lands, the inventory lists them all, and all of them prune', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.kubeconfig = { kubeconfig: hubKubeconfig };
    const names = Array.from({ length: 60 }, (_, i) => `cm-${String(i).padStart(2, '0')}`);
    const clusters = pullClusters(PUSH, [PULL], '30s');
    repo.commit({
      'clusters.yaml': clusters,
      'many.yaml': [duplicated(ns, 'many', ['v1', 'ConfigMap'], names, [PULL]), ...names.map((n) => configMap(ns, n, { n }))].join('\n---\n'),
    });
    // The agent's first report makes member3 Ready for the hub's scheduler; then the Work is written.
    const first = startAgent(repo.dir, PULL, agentKubeconfig, repo.inventoryName);
    await waitFor(`the agent's first report`, async () => agentReportOf(repo.dir, PULL), { timeoutMs: SETTLE_MS });
    await first.stop();
    await repo.apply({ enabled: true });
    const killed = startAgent(repo.dir, PULL, agentKubeconfig, repo.inventoryName);
    await killed.waitForLog('the first object applied', (r) => r['msg'] === 'object' && r['action'] === 'created', SETTLE_MS);
    await killed.kill();
    const landed = (await apiFor(PULL, CoreV1Api).listNamespacedConfigMap({ namespace: ns })).items.filter((c) => c.metadata?.name?.startsWith('cm-'));
    console.log(`[e2e pull] ${landed.length} of ${names.length} ConfigMaps were in member3 when the agent was killed`);

    // The restarted agent waits for the killed one's Lease to expire, then converges.
    const restarted = startAgent(repo.dir, PULL, agentKubeconfig, repo.inventoryName);
    const report = await reportOfCurrentWork(repo, (r) => names.every((n) => r.objects.some((o) => o.name === n && o.applied && o.digest)));
    expect(report.error).toBeUndefined();
    const inventory = await apiFor(PULL, CoreV1Api).readNamespacedConfigMap({ name: repo.inventoryName, namespace: 'flotilla-system' });
    const entries = (JSON.parse(inventory.data?.['inventory.json'] ?? '{}') as { entries: { id: string }[] }).entries.map((e) => e.id);
    expect(names.every((n) => entries.includes(`${ns}_${n}__ConfigMap`))).toBe(true);

    // Nothing was orphaned: a Work without them prunes every one (all at once, hence the flag).
    repo.commit({ 'clusters.yaml': clusters });
    await repo.apply({ enabled: true, allowMassPrune: true });
    await until(
      `every ConfigMap to be pruned from ${PULL}`,
      async () => (await apiFor(PULL, CoreV1Api).listNamespacedConfigMap({ namespace: ns })).items.filter((c) => c.metadata?.name?.startsWith('cm-')).length,
      0,
    );
    await restarted.stop();
  });

  it("runs with deploy/agent's RBAC alone: applies, observes and prunes a Work of the kinds it lists", async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.kubeconfig = { kubeconfig: hubKubeconfig };
    const restricted = await agentServiceAccountKubeconfig(PULL);
    const objects = [
      deployment(ns, 'web', 1),
      configMap(ns, 'settings', { k: 'v' }),
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'web', namespace: ns },
        spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
      }),
      JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'token', namespace: ns }, stringData: { token: 'not-shown' } }),
    ];
    const policies = [
      duplicated(ns, 'web', ['apps/v1', 'Deployment'], ['web'], [PULL]),
      duplicated(ns, 'settings', ['v1', 'ConfigMap'], ['settings'], [PULL]),
      duplicated(ns, 'service', ['v1', 'Service'], ['web'], [PULL]),
      duplicated(ns, 'token', ['v1', 'Secret'], ['token'], [PULL]),
    ];
    const clusters = pullClusters(PUSH, [PULL], '30s');
    repo.commit({ 'clusters.yaml': clusters, 'app.yaml': [...policies, ...objects].join('\n---\n') });
    const agent = startAgent(repo.dir, PULL, restricted, repo.inventoryName);
    await waitFor(`the agent's first report`, async () => agentReportOf(repo.dir, PULL), { timeoutMs: SETTLE_MS });
    await repo.apply({ enabled: true });
    const report = await reportOfCurrentWork(repo, (r) =>
      ['web', 'settings', 'token'].every((n) => r.objects.some((o) => o.name === n && o.applied && o.digest)),
    );
    expect(report.error).toBeUndefined();
    expect(report.objects.filter((o) => o.applied === false && o.kind !== 'Namespace')).toEqual([]);
    // Observed as the status step would: nodes and pods were readable.
    expect(report.clusterStatus.nodeSummary?.totalNum).toBeGreaterThan(0);
    expect(report.clusterStatus.resourceSummary?.allocatable?.['cpu']).toBeDefined();
    repo.commit({ 'clusters.yaml': clusters, 'app.yaml': [...policies, objects[0], objects[2], objects[3]].join('\n---\n') });
    await repo.apply({ enabled: true, allowMassPrune: true });
    await until(`ConfigMap settings to be pruned from ${PULL}`, () => configMapIn(PULL, ns, 'settings'), null);
    await agent.stop();
  });
});

/**
 * A kubeconfig for `member` that authenticates as deploy/agent's ServiceAccount, whose rights are
 * exactly deploy/agent/rbac.yaml's (applied to the member first).
 */
async function agentServiceAccountKubeconfig(member: string): Promise<string> {
  const kc = kubeConfigFor(member);
  const objects = ['namespace.yaml', 'rbac.yaml'].flatMap((f) =>
    parseAllDocuments(readFileSync(fileURLToPath(new URL(`../../deploy/agent/${f}`, import.meta.url)), 'utf8')).map((d) => d.toJS() as KubernetesObject),
  );
  const api = KubernetesObjectApi.makeApiClient(kc);
  // Server-side applied, so that the member always holds the file's rules as they are now.
  for (const object of objects) await api.patch(object, undefined, undefined, 'flotilla-e2e', true, PatchStrategy.ServerSideApply);
  const token = await kc.makeApiClient(CoreV1Api).createNamespacedServiceAccountToken({
    name: 'flotilla-agent',
    namespace: 'flotilla-system',
    body: { spec: { audiences: [], expirationSeconds: 3600 } },
  });
  const cluster = kc.getCurrentCluster();
  const file = join(mkdtempSync(join(tmpdir(), 'flotilla-pull-rbac-')), 'kubeconfig');
  writeFileSync(
    file,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: member, cluster: { server: cluster?.server, 'certificate-authority-data': cluster?.caData } }],
      users: [{ name: 'flotilla-agent', user: { token: token.status?.token } }],
      contexts: [{ name: member, context: { cluster: member, user: 'flotilla-agent' } }],
      'current-context': member,
    }),
  );
  return file;
}
