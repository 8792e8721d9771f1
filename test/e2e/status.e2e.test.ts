// The status step against the local fleet: after apply the status branch shows every member's
// replicas and readiness, a Lua AggregateStatus on a custom resource, Unhealthy when a member's
// Deployment cannot become ready, and no commit when nothing changed (on a member of its own).
import { AppsV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { NativeGitStore } from '../../src/source/index.ts';
import { readStatusBranch, type TemplateStatus } from '../../src/status/index.ts';
import { clusterObjects, FleetRepo, policy } from './helpers/apply-fleet.ts';
import { apiFor, memberNames } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { scratchMember } from './helpers/scratch-member.ts';
import { waitFor } from '../helpers/wait.ts';
import { RECORD_SECTIONS } from '../../src/controllers/index.ts';

const DEPLOYMENTS = policy([['apps/v1', 'Deployment']]);

function deployment(ns: string, name: string, cpu: string): string {
  return JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: ns },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10', resources: { requests: { cpu } } }] },
      },
    },
  });
}

async function statusOf(repo: FleetRepo, kind: string, name: string): Promise<TemplateStatus | undefined> {
  const view = await readStatusBranch(new NativeGitStore(`${repo.dir}/.git`), RECORD_SECTIONS);
  return view?.templates.find((t) => t.resource.kind === kind && t.resource.name === name);
}

/** Waits until every member's controller has acted on the Deployment as `done` says. */
function membersReach(ns: string, name: string, done: (status: Record<string, number>) => boolean): Promise<true> {
  return waitFor(
    `Deployment ${ns}/${name} in every member`,
    async () => {
      const all = await Promise.all(memberNames.map((m) => apiFor(m, AppsV1Api).readNamespacedDeployment({ name, namespace: ns })));
      return all.every((d) => d.status?.observedGeneration === d.metadata?.generation && done((d.status ?? {}) as Record<string, number>)) || undefined;
    },
    { timeoutMs: 120_000, intervalMs: 1000 },
  );
}

describe('status after apply', () => {
  const namespace = fleetNamespace('status');

  it("shows each member's replicas and readiness once pods run", async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': DEPLOYMENTS, 'web.yaml': deployment(ns, 'web', '10m') });
    const first = await repo.apply();
    expect(first.ok).toBe(true);
    await membersReach(ns, 'web', (s) => s['availableReplicas'] === 2);

    const second = await repo.apply();
    if (second.status instanceof Error) throw second.status;
    // Whether the first pass already saw the pods run depends on kwok's speed; what the branch holds now does not.
    expect(second.status.commit).toMatch(/^[0-9a-f]{40}$/);
    const web = await statusOf(repo, 'Deployment', 'web');
    expect(web?.health).toBe('Healthy');
    expect(web?.aggregatedStatus.map((i) => [i.clusterName, i.applied, i.health, i.status?.['readyReplicas']])).toEqual(
      memberNames.map((m) => [m, true, 'Healthy', 2]),
    );
    expect(web?.resourceStatus).toMatchObject({ replicas: 6, readyReplicas: 6, availableReplicas: 6 });
    const view = await readStatusBranch(new NativeGitStore(`${repo.dir}/.git`), RECORD_SECTIONS);
    for (const cluster of view?.clusters ?? []) {
      expect(cluster.status.conditions?.find((c) => c.type === 'Ready')?.status).toBe('True');
      expect(cluster.status.nodeSummary?.readyNum).toBeGreaterThan(0);
      expect(cluster.status.resourceSummary?.allocatable?.['cpu']).toBeDefined();
      expect(cluster.status.apiEnablements?.some((a) => a.groupVersion === 'apps/v1')).toBe(true);
    }
  });

  it("is Unhealthy when a member's Deployment cannot become ready (more CPU than any node has)", async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': DEPLOYMENTS, 'hungry.yaml': deployment(ns, 'hungry', '1000') });
    await repo.apply();
    await membersReach(ns, 'hungry', (s) => s['unavailableReplicas'] === 2);
    await repo.apply();
    const hungry = await statusOf(repo, 'Deployment', 'hungry');
    expect(hungry?.health).toBe('Unhealthy');
    expect(hungry?.aggregatedStatus.map((i) => i.health)).toEqual(memberNames.map(() => 'Unhealthy'));
    // With why, in the Deployment's conditions' words.
    expect(hungry?.problems).toEqual(memberNames.map((m) => `${m}: Unhealthy (0/2 available): Available: Deployment does not have minimum availability.`));
  });

  it("aggregates a custom resource with the repository's Lua AggregateStatus", async () => {
    const ns = namespace();
    const group = `${ns}.e2e.flotilla.io`;
    const crd = JSON.stringify({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `gauges.${group}` },
      spec: {
        group,
        scope: 'Namespaced',
        names: { plural: 'gauges', singular: 'gauge', kind: 'Gauge', listKind: 'GaugeList' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    });
    const ric = JSON.stringify({
      apiVersion: 'config.karmada.io/v1alpha1',
      kind: 'ResourceInterpreterCustomization',
      metadata: { name: `gauge-${ns}` },
      spec: {
        target: { apiVersion: `${group}/v1`, kind: 'Gauge' },
        customizations: {
          statusReflection: { luaScript: 'function ReflectStatus(observedObj)\n  return observedObj.status\nend' },
          statusAggregation: {
            luaScript:
              'function AggregateStatus(desiredObj, statusItems)\n  local total = 0\n  for i = 1, #statusItems do\n    if statusItems[i].status ~= nil then total = total + statusItems[i].status.level end\n  end\n  desiredObj.status = { level = total, members = #statusItems }\n  return desiredObj\nend',
          },
        },
      },
    });
    const gauge = JSON.stringify({ apiVersion: `${group}/v1`, kind: 'Gauge', metadata: { name: 'g', namespace: ns }, spec: {} });
    const files = {
      'policy.yaml': policy([
        ['apiextensions.k8s.io/v1', 'CustomResourceDefinition'],
        [`${group}/v1`, 'Gauge'],
      ]),
      'crd.yaml': crd,
      'ric.yaml': ric,
      'gauge.yaml': gauge,
    };
    const repo = new FleetRepo(ns);
    repo.commit(files);
    expect((await repo.apply()).ok).toBe(true);
    // No controller reports a Gauge's status: write one per member, as an operator there would.
    await Promise.all(
      memberNames.map(async (m, i) => {
        const api = apiFor(m, CustomObjectsApi);
        const live = (await api.getNamespacedCustomObject({ group, version: 'v1', namespace: ns, plural: 'gauges', name: 'g' })) as Record<string, unknown>;
        await api.replaceNamespacedCustomObject({
          group,
          version: 'v1',
          namespace: ns,
          plural: 'gauges',
          name: 'g',
          body: { ...live, status: { level: i + 1 } },
        });
      }),
    );
    await repo.apply();
    expect((await statusOf(repo, 'Gauge', 'g'))?.resourceStatus).toEqual({ level: 6, members: 3 });
    // The CRD is cluster-scoped: prune it so the next run starts clean.
    repo.commit({ 'policy.yaml': DEPLOYMENTS });
    await repo.apply({ enabled: true, allowMassPrune: true });
  });
});

describe('status of a fleet where nothing changed', () => {
  const namespace = fleetNamespace('status-still');
  // The cluster documents hold each member's allocated resources, which the other e2e files change on
  // the shared members while they run; a member of its own changes only with this test.
  const scratch = scratchMember('still', { region: 'us-west-2', zone: 'us-west-2a', nodes: { count: 1, cpu: '4', memory: '8Gi', pods: 110 } }, []);

  it('makes no commit when a pass finds nothing changed', async () => {
    const { member, kubeconfig } = scratch();
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.kubeconfig = { kubeconfig };
    repo.commit({
      'clusters.yaml': clusterObjects([member.name]),
      'policy.yaml': policy([['apps/v1', 'Deployment']], 'Abort', 'everything', [member.name]),
      'web.yaml': deployment(ns, 'web', '10m'),
    });
    expect((await repo.apply()).ok).toBe(true);
    await waitFor(
      `Deployment ${ns}/web available in ${member.name}`,
      async () => {
        const d = await apiFor(member.name, AppsV1Api, kubeconfig).readNamespacedDeployment({ name: 'web', namespace: ns });
        return d.status?.availableReplicas === 2 || undefined;
      },
      { timeoutMs: 120_000, intervalMs: 1000 },
    );
    const settled = await repo.apply();
    if (settled.status instanceof Error) throw settled.status;
    const again = await repo.apply();
    if (again.status instanceof Error) throw again.status;
    expect(again.status).toMatchObject({ changed: false, commit: settled.status.commit });
  });
});
