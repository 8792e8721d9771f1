// The search cache controller driven through the phases of passes, its cache reflecting fake
// members: what the registries select is cached and followed, a removed registry's copies go, a
// member that cannot be reached is recorded with its error, Secrets lose their values.
import { afterEach, describe, expect, it } from 'vitest';
import type { KubeClient } from '../../../src/apply/kube-client.ts';
import { MemorySearchStore } from '../../../src/controllers/search-cache/memory-store.ts';
import { SearchCache } from '../../../src/controllers/search-cache/search-cache.ts';
import { recordedSearchCache, SearchCacheController } from '../../../src/controllers/search-cache/search-cache-controller.ts';
import type { Controller } from '../../../src/controllers/controller.ts';
import type { KubeObject } from '../../../src/model/index.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import { emptyControllerRecords } from '../../../src/controllers/index.ts';
import type { ControllerRecords } from '../../../src/controllers/index.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { waitFor } from '../../helpers/wait.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const CLUSTERS = ['member1', 'member2', 'member3']
  .map(
    (name) =>
      `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${name}, labels: {env: ${name === 'member3' ? 'dev' : 'prod'}}}\nspec: {syncMode: Push}\n`,
  )
  .join('---\n');
const REGISTRY = `---
apiVersion: search.karmada.io/v1alpha1
kind: ResourceRegistry
metadata: {name: prod-apps}
spec:
  targetCluster: {labelSelector: {matchLabels: {env: prod}}}
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}, {apiVersion: v1, kind: Secret, namespace: shop}]
`;
const fleetOf = (yaml: string) => loadFleet(parseSources([{ path: 'fleet.yaml', blobId: yaml.length.toString(), content: Buffer.from(yaml) }])).fleet;
const deploy = (name: string, namespace = 'shop'): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace, managedFields: [{ manager: 'kubectl' }] },
  spec: { replicas: 1 },
});

/** One pass over `yaml`: its records after the apply, and its diagnostics. */
function pass(controller: Controller, yaml: string, restore?: ControllerRecords) {
  const fleet = fleetOf(yaml);
  const before = controller.beforeRender({
    now: T0,
    lastBindings: [],
    ...(restore ? { restore } : {}),
    scheduling: { fleet, observedClusters: new Map(), previousSchedules: new Map() },
  });
  const rendered = before.next.afterRender({ now: T0, fleet, bindings: [], complete: true, clusters: [] });
  const { records } = rendered.next.afterApply({ now: T0, applied: [], notApplied: [] });
  return { records: { ...emptyControllerRecords(), ...records }, diagnostics: rendered.diagnostics, scheduling: before.scheduling };
}

const names = async (cache: SearchCache, resource: string) =>
  (await cache.store.list({ resource })).items.map((j) => {
    const o = JSON.parse(j) as KubeObject;
    return `${o.metadata.annotations?.['resource.karmada.io/cached-from-cluster']}/${o.metadata.name}`;
  });

describe('SearchCacheController', () => {
  const caches: SearchCache[] = [];
  afterEach(async () => {
    await Promise.all(caches.splice(0).map((c) => c.close()));
  });

  const requested: string[] = [];
  function running(members: Record<string, KubeClient | Error>) {
    const cache = new SearchCache({ store: new MemorySearchStore(), now: () => T0 + 5000, reflector: { backoffMs: 5, maxBackoffMs: 20 } });
    caches.push(cache);
    const controller = new SearchCacheController(cache);
    controller.start?.({
      access: {
        kubeconfig: {},
        client: {},
        connect: async (clusters) => new Map(clusters.map((c) => [c.metadata.name, members[c.metadata.name] ?? new Error('no such member')])),
      },
      clusters: () => [],
      now: () => T0,
      requestPass: (detail) => requested.push(detail),
      memberProbed: () => undefined,
      warn: () => undefined,
    });
    return { cache, controller };
  }

  it('caches what the registries select in the members they target, and follows changes', async () => {
    const m1 = new FakeKubeClient('member1', [deploy('web'), deploy('db', 'data')]);
    const m2 = new FakeKubeClient('member2', [deploy('web')]);
    const m3 = new FakeKubeClient('member3', [deploy('dev-only')]);
    const { cache, controller } = running({ member1: m1, member2: m2, member3: m3 });
    const first = pass(controller, CLUSTERS + REGISTRY);
    expect(first.scheduling.fleet.resourceRegistries).toHaveLength(1);
    await waitFor('both members listed', async () => ((await names(cache, 'apps/v1/Deployment')).length === 3 ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 5,
    });
    expect(await names(cache, 'apps/v1/Deployment')).toEqual(['member1/db', 'member1/web', 'member2/web']);
    expect(m3.watching).toBe(0);
    // A watch through the proxy hears each change as the store keeps it, once the store has it.
    const heard: string[] = [];
    const unsubscribe = cache.subscribe((event) => {
      heard.push(
        event.type === 'RELISTED'
          ? `${event.type} ${event.cluster} ${event.resource}`
          : `${event.type} ${event.cluster} ${event.resource} ${event.object.metadata.name} ${event.object.metadata.annotations?.['resource.karmada.io/cached-from-cluster']}`,
      );
    });
    m2.put(deploy('api'));
    await waitFor('the new Deployment', async () => ((await names(cache, 'apps/v1/Deployment')).includes('member2/api') ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 5,
    });
    expect(heard).toEqual(['ADDED member2 apps/v1/Deployment api member2']);
    unsubscribe();
    m2.put(deploy('later'));
    await waitFor('the later Deployment', async () => ((await names(cache, 'apps/v1/Deployment')).includes('member2/later') ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 5,
    });
    expect(heard).toHaveLength(1);
    const stored = JSON.parse((await cache.store.list({ resource: 'apps/v1/Deployment', name: 'api' })).items[0] ?? '{}') as KubeObject;
    expect(stored.metadata['managedFields']).toBeUndefined();
    expect(cache.resources().map((r) => r.resource)).toEqual(['secrets', 'deployments']);
    // Each copy coming into sync asks for a pass, so the status branch says so at once.
    expect(requested).toContain('the search cache of Deployment in member2 is in sync');

    const second = pass(controller, CLUSTERS + REGISTRY);
    expect(second.records['search-cache']).toEqual([
      {
        name: 'prod-apps',
        cached: [
          { cluster: 'member1', apiVersion: 'apps/v1', kind: 'Deployment', objects: 2, syncedAt: '2026-01-01T00:00:05.000Z' },
          { cluster: 'member1', apiVersion: 'v1', kind: 'Secret', namespace: 'shop', objects: 0, syncedAt: '2026-01-01T00:00:05.000Z' },
          { cluster: 'member2', apiVersion: 'apps/v1', kind: 'Deployment', objects: 3, syncedAt: '2026-01-01T00:00:05.000Z' },
          { cluster: 'member2', apiVersion: 'v1', kind: 'Secret', namespace: 'shop', objects: 0, syncedAt: '2026-01-01T00:00:05.000Z' },
        ],
      },
    ]);
  });

  it('drops a registry’s copies when the commit no longer has it', async () => {
    const m1 = new FakeKubeClient('member1', [deploy('web')]);
    const { cache, controller } = running({ member1: m1, member2: new FakeKubeClient('member2') });
    pass(controller, CLUSTERS + REGISTRY);
    await waitFor('watching', async () => (m1.watching === 2 ? true : undefined), { timeoutMs: 2000, intervalMs: 5 });
    // A watch through the proxy cannot follow a copy that is dropped: it hears that it must list again.
    const heard: string[] = [];
    cache.subscribe((event) => heard.push(`${event.type} ${event.cluster} ${event.resource}`));
    const after = pass(controller, CLUSTERS);
    await cache.settled();
    expect(heard).toContain('RELISTED member1 apps/v1/Deployment');
    expect(m1.watching).toBe(0);
    expect(await names(cache, 'apps/v1/Deployment')).toEqual([]);
    expect(after.records['search-cache']).toEqual([]);
  });

  it('records a member that cannot be reached, and the server’s warning for it', async () => {
    const { cache, controller } = running({
      member1: new FakeKubeClient('member1', [deploy('web')]),
      member2: new Error('cluster member2: API server https://127.0.0.1:1 is unreachable: connect ECONNREFUSED'),
    });
    pass(controller, CLUSTERS + REGISTRY);
    await cache.settled();
    const { records } = pass(controller, CLUSTERS + REGISTRY);
    expect(records['search-cache'][0]?.cached.find((c) => c.cluster === 'member2' && c.kind === 'Deployment')).toEqual({
      cluster: 'member2',
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      objects: 0,
      error: 'cluster member2: API server https://127.0.0.1:1 is unreachable: connect ECONNREFUSED',
    });
    expect(cache.problems('apps/v1/Deployment').map((p) => p.message)).toContain(
      'cluster member2: the cache of Deployment is not in sync: cluster member2: API server https://127.0.0.1:1 is unreachable: connect ECONNREFUSED',
    );
  });

  it('serves a kind whose CRD the member established after its first discovery', async () => {
    const m1 = new FakeKubeClient('member1', [deploy('web')]);
    const { cache, controller } = running({ member1: m1, member2: new FakeKubeClient('member2') });
    const widgets = `${REGISTRY}---
apiVersion: search.karmada.io/v1alpha1
kind: ResourceRegistry
metadata: {name: widgets}
spec:
  targetCluster: {clusterNames: [member1]}
  resourceSelectors: [{apiVersion: example.com/v1, kind: Widget}]
`;
    pass(controller, CLUSTERS + widgets);
    await waitFor('deployments served', async () => (cache.resources().some((r) => r.resource === 'deployments') ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 5,
    });
    m1.serve({ group: 'example.com', version: 'v1', kind: 'Widget', resource: 'widgets', namespaced: true, verbs: ['list', 'watch'] });
    await waitFor('widgets served', async () => (cache.resources().some((r) => r.resource === 'widgets') ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 5,
    });
  });

  it('skips a member that serves no such kind, as Karmada does: recorded as not served, no warning, and picked up once served', async () => {
    const WIDGET = { group: 'example.com', version: 'v1', kind: 'Widget', resource: 'widgets', namespaced: true, verbs: ['list', 'watch'] };
    const widget = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'shop' } };
    const m1 = new FakeKubeClient('member1', [widget]);
    m1.serve(WIDGET);
    const m2 = new FakeKubeClient('member2', [widget]);
    const { cache, controller } = running({ member1: m1, member2: m2 });
    const widgets = `---
apiVersion: search.karmada.io/v1alpha1
kind: ResourceRegistry
metadata: {name: widgets}
spec:
  targetCluster: {clusterNames: [member1, member2]}
  resourceSelectors: [{apiVersion: example.com/v1, kind: Widget}]
`;
    pass(controller, CLUSTERS + widgets);
    await waitFor('member1 listed', async () => ((await names(cache, 'example.com/v1/Widget')).length === 1 ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 5,
    });
    await waitFor('member2 skipped', async () => (requested.some((r) => r.includes('skips Widget in member2')) ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 5,
    });
    expect(cache.problems('example.com/v1/Widget')).toEqual([]);
    const { records } = pass(controller, CLUSTERS + widgets);
    expect(records['search-cache'][0]?.cached.find((c) => c.cluster === 'member2')).toEqual({
      cluster: 'member2',
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      objects: 0,
      unserved: 'Widget (example.com/v1) is not served by cluster member2',
    });
    m2.serve(WIDGET);
    await waitFor('member2 listed once served', async () => ((await names(cache, 'example.com/v1/Widget')).length === 2 ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 5,
    });
  });

  it('names a kind the members serve though no registry caches it, and asks them again for a miss only after a while', async () => {
    let now = T0;
    const cache = new SearchCache({ store: new MemorySearchStore(), now: () => now });
    caches.push(cache);
    const m1 = new FakeKubeClient('member1');
    cache.start({ kubeconfig: {}, client: {}, connect: async (clusters) => new Map(clusters.map((c) => [c.metadata.name, m1])) });
    cache.want(
      [],
      fleetOf(CLUSTERS).clusters.map((c) => c.object),
    );
    expect((await cache.served('', 'v1', 'services'))?.kind).toBe('Service');
    expect(await cache.served('example.com', 'v1', 'widgets')).toBeUndefined();
    m1.serve({ group: 'example.com', version: 'v1', kind: 'Widget', resource: 'widgets', namespaced: true, verbs: ['list'] });
    expect(await cache.served('example.com', 'v1', 'widgets')).toBeUndefined();
    now += 30_000;
    expect((await cache.served('example.com', 'v1', 'widgets'))?.kind).toBe('Widget');
  });

  it('keeps no Secret value', async () => {
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'creds', namespace: 'shop' }, data: { password: 'aHVudGVyMg==' } };
    const { cache, controller } = running({ member1: new FakeKubeClient('member1', [secret]), member2: new FakeKubeClient('member2') });
    pass(controller, CLUSTERS + REGISTRY);
    await waitFor('the Secret', async () => ((await cache.store.list({ resource: 'v1/Secret' })).items.length === 1 ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 5,
    });
    const [json] = (await cache.store.list({ resource: 'v1/Secret' })).items;
    expect(json).not.toContain('aHVudGVyMg==');
    expect(JSON.parse(json ?? '{}').data).toEqual({ password: '***' });
  });

  it('without a cache (no --search-addr) caches nothing and warns once per registry and pass', () => {
    const { records, diagnostics } = pass(new SearchCacheController(), CLUSTERS + REGISTRY);
    expect(records['search-cache']).toEqual([{ name: 'prod-apps', cached: [] }]);
    expect(diagnostics.map((d) => [d.severity, d.message])).toEqual([
      ['warning', 'ResourceRegistry/prod-apps: nothing is cached: `flotilla run` keeps the search cache only with --search-addr'],
    ]);
  });

  it('asks no Pull member, and says which a registry selects', async () => {
    const m2 = new FakeKubeClient('member2', [deploy('web')]);
    const m3 = new FakeKubeClient('member3', [deploy('web')]);
    const { cache, controller } = running({ member2: m2, member3: m3 });
    const yaml = CLUSTERS.replace('name: member2, labels: {env: prod}}\nspec: {syncMode: Push}', 'name: member2, labels: {env: prod}}\nspec: {syncMode: Pull}');
    const { diagnostics } = pass(controller, yaml + REGISTRY.replace('{labelSelector: {matchLabels: {env: prod}}}', '{}'));
    expect(diagnostics.map((d) => d.message)).toEqual(['ResourceRegistry/prod-apps: member2 not cached: `flotilla run` never contacts a Pull member']);
    await waitFor('member3 cached', async () => ((await names(cache, 'apps/v1/Deployment')).includes('member3/web') ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 5,
    });
    expect(await names(cache, 'apps/v1/Deployment')).toEqual(['member3/web']);
    expect(m2.calls.length).toBe(0);
  });

  it('the recorded form hands the branch’s record back, for the registries the commit still has', () => {
    const restore = {
      ...emptyControllerRecords(),
      'search-cache': [
        { name: 'prod-apps', cached: [] },
        { name: 'gone', cached: [] },
      ],
    };
    expect(pass(recordedSearchCache(), CLUSTERS + REGISTRY, restore).records['search-cache']).toEqual([{ name: 'prod-apps', cached: [] }]);
  });
});
