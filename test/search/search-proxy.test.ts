// Karmada's global proxy path over the search cache, served over TLS as kubectl needs it:
// discovery, lists with selectors, one object by name, watches, and nothing but reads.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySearchStore } from '../../src/controllers/search-cache/memory-store.ts';
import type { SearchCacheView } from '../../src/controllers/search-cache/search-cache.ts';
import type { KubeObject } from '../../src/model/index.ts';
import { type SearchServer, startSearchServer } from '../../src/search/search-server.ts';
import { selfSignedCert } from '../helpers/self-signed.ts';
import { waitFor } from '../helpers/wait.ts';
import { cachedDeployment, changeFeed, DEPLOYMENTS } from './cache-fixture.ts';

const TOKEN = 'proxy-token';
const P = '/apis/search.karmada.io/v1alpha1/proxying/karmada/proxy';
const deploy = (cluster: string, namespace: string, name: string, app: string, resourceVersion = '1'): KubeObject =>
  cachedDeployment(cluster, namespace, name, { labels: { app }, metadata: { namespace, name, resourceVersion } });
const NODES = { group: '', version: 'v1', kind: 'Node', resource: 'nodes', namespaced: false, verbs: ['list'] };

const store = new MemorySearchStore();
store.replace(
  { cluster: 'member1', resource: 'apps/v1/Deployment' },
  [deploy('member1', 'shop', 'web', 'web', '11'), deploy('member1', 'data', 'db', 'db')],
  '100',
);
store.replace(
  { cluster: 'member2', resource: 'apps/v1/Deployment' },
  [deploy('member2', 'shop', 'web', 'web'), deploy('member2', 'shop', 'cart', 'cart')],
  '200',
);
const feed = changeFeed();
const view: SearchCacheView = {
  store,
  resources: () => [DEPLOYMENTS, NODES],
  problems: () => [],
  served: async () => undefined,
  subscribe: feed.subscribe,
};

const dir = mkdtempSync(join(tmpdir(), 'search-proxy-'));
const tls = selfSignedCert(dir);
const ca = readFileSync(tls.cert);
let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer({ address: '127.0.0.1:0', token: TOKEN, cache: view, tls: { cert: ca, key: readFileSync(tls.key) }, headersTimeoutMs: 300 });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  doc: Record<string, unknown> & { items?: KubeObject[] };
}

/** A GET over TLS trusting only the test's certificate. */
function get(path: string, options: { token?: string | null; method?: string; accept?: string } = {}): Promise<Answer> {
  const { token = TOKEN, method = 'GET', accept = 'application/json' } = options;
  return new Promise((resolve, reject) => {
    const headers = { accept, ...(token === null ? {} : { authorization: `Bearer ${token}` }) };
    request(`${server.url}${path}`, { ca, headers, method }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, doc: JSON.parse(text) as Answer['doc'] }));
    })
      .on('error', reject)
      .end();
  });
}

const names = (items: readonly KubeObject[] = []) =>
  items.map((o) => `${o.metadata.annotations?.['resource.karmada.io/cached-from-cluster']}/${o.metadata.namespace}/${o.metadata.name}`);
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
const rv = (versions: Record<string, string>) => Buffer.from(JSON.stringify(versions)).toString('base64url');

describe('the search proxy over TLS', () => {
  it('serves https and refuses a request without the token', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const { status, doc } = await get(`${P}/apis/apps/v1/deployments`, { token: null });
    expect([status, doc['kind'], doc['reason']]).toEqual([401, 'Status', 'Unauthorized']);
  });

  it.each([
    [`${P}/api`, { kind: 'APIVersions', versions: ['v1'] }],
    [
      `${P}/apis`,
      {
        kind: 'APIGroupList',
        groups: [{ name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } }],
      },
    ],
    [`${P}/apis/apps`, { kind: 'APIGroup', name: 'apps' }],
    [
      `${P}/apis/apps/v1`,
      {
        kind: 'APIResourceList',
        groupVersion: 'apps/v1',
        resources: [
          { name: 'deployments', singularName: 'deployment', namespaced: true, kind: 'Deployment', verbs: ['get', 'list', 'watch'], shortNames: ['deploy'] },
        ],
      },
    ],
    [
      `${P}/api/v1`,
      {
        kind: 'APIResourceList',
        groupVersion: 'v1',
        resources: [{ name: 'nodes', singularName: 'node', namespaced: false, kind: 'Node', verbs: ['get', 'list', 'watch'] }],
      },
    ],
  ])('discovery: %s', async (path, want) => {
    const { status, doc } = await get(path);
    expect(status).toBe(200);
    expect(doc).toMatchObject(want);
  });

  it.each([
    [`${P}/apis/batch/v1`, 404],
    [`${P}/apis/batch`, 404],
    [`${P}`, 404],
    [`${P}/apis/apps/v1/namespaces/shop/deployments/web/scale`, 404],
  ])('%s → %d', async (path, code) => {
    const { status, doc } = await get(path);
    expect([status, doc['kind']]).toEqual([code, 'Status']);
  });

  it.each([
    [`${P}/apis/apps/v1/deployments`, ['member1/data/db', 'member1/shop/web', 'member2/shop/cart', 'member2/shop/web']],
    [`${P}/apis/apps/v1/namespaces/shop/deployments`, ['member1/shop/web', 'member2/shop/cart', 'member2/shop/web']],
    [`${P}/apis/apps/v1/deployments?labelSelector=${encodeURIComponent('app notin (web)')}`, ['member1/data/db', 'member2/shop/cart']],
    [`${P}/apis/apps/v1/deployments?fieldSelector=${encodeURIComponent('metadata.namespace=data')}`, ['member1/data/db']],
  ])('lists %s from every member', async (path, want) => {
    const { status, doc } = await get(path);
    expect([status, doc['kind']]).toEqual([200, 'DeploymentList']);
    expect(names(doc.items)).toEqual(want);
  });

  it('gets the one object of a name with its member and its member’s resourceVersion, composite', async () => {
    const { status, doc } = await get(`${P}/apis/apps/v1/namespaces/data/deployments/db`);
    expect(status).toBe(200);
    expect(names([doc as unknown as KubeObject])).toEqual(['member1/data/db']);
    expect((doc as unknown as KubeObject).metadata.resourceVersion).toBe(rv({ member1: '1' }));
  });

  it.each([
    [
      `${P}/apis/apps/v1/namespaces/shop/deployments/web`,
      409,
      'Conflict',
      'Operation cannot be fulfilled on deployments.apps "web": ambiguous objects in clusters [member1, member2]',
    ],
    [`${P}/apis/apps/v1/namespaces/shop/deployments/nope`, 404, 'NotFound', 'deployments.apps "nope" not found'],
    [`${P}/api/v1/nodes/node-1`, 404, 'NotFound', 'nodes "node-1" not found'],
  ])('%s → %d %s, as Karmada’s proxy answers', async (path, code, reason, message) => {
    const { status, doc } = await get(path);
    expect([status, doc['reason'], doc['message']]).toEqual([code, reason, message]);
  });

  it('answers kubectl’s Table, with a CLUSTER column, when asked for one', async () => {
    const { status, doc } = await get(`${P}/apis/apps/v1/namespaces/shop/deployments?labelSelector=app%3Dweb`, { accept: TABLE });
    expect([status, doc['kind'], doc['apiVersion']]).toEqual([200, 'Table', 'meta.k8s.io/v1']);
    const table = doc as unknown as { columnDefinitions: { name: string }[]; rows: { cells: unknown[] }[]; metadata: { resourceVersion: string } };
    expect(table.columnDefinitions.slice(0, 2).map((c) => c.name)).toEqual(['Name', 'Cluster']);
    expect(table.rows.map((r) => r.cells.slice(0, 2))).toEqual([
      ['web', 'member1'],
      ['web', 'member2'],
    ]);
    expect(table.metadata.resourceVersion).toBe(rv({ member1: '100', member2: '200' }));
    const one = await get(`${P}/apis/apps/v1/namespaces/data/deployments/db`, { accept: TABLE });
    expect((one.doc as unknown as { rows: { cells: unknown[] }[] }).rows.map((r) => r.cells.slice(0, 2))).toEqual([['db', 'member1']]);
    expect((await get(`${P}/apis/apps/v1/deployments?includeObject=Everything`, { accept: TABLE })).status).toBe(400);
  });

  it.each(['DELETE', 'POST', 'PUT', 'PATCH'])('refuses %s with a 405 Status', async (method) => {
    const { status, doc } = await get(`${P}/apis/apps/v1/namespaces/data/deployments/db`, { method });
    expect([status, doc['kind'], doc['reason']]).toEqual([405, 'Status', 'MethodNotAllowed']);
    expect(names((await get(`${P}/apis/apps/v1/namespaces/data/deployments`)).doc.items)).toEqual(['member1/data/db']);
  });

  it('cuts off a connection that never starts its TLS handshake', async () => {
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    expect(socket.destroyed).toBe(true);
  });
});

/** A watch's first `count` events, then the connection is closed. */
function watchEvents(
  path: string,
  count: number,
  after: () => void = () => undefined,
  accept = 'application/json',
): Promise<{ type: string; object: KubeObject }[]> {
  return new Promise((resolve, reject) => {
    const events: { type: string; object: KubeObject }[] = [];
    const req = request(`${server.url}${path}`, { ca, headers: { authorization: `Bearer ${TOKEN}`, accept } }, (res) => {
      let buffered = '';
      res.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) events.push(JSON.parse(line) as { type: string; object: KubeObject });
        if (events.length >= count) {
          req.destroy();
          resolve(events.slice(0, count));
        }
      });
      res.on('end', () => resolve(events));
      // The stream's headers are out: the watch is subscribed.
      after();
    });
    req.on('error', (error) => (events.length >= count ? undefined : reject(error)));
    req.end();
  });
}

describe('watch through the proxy', () => {
  const W = `${P}/apis/apps/v1/namespaces/shop/deployments?watch=1&labelSelector=app%3Dweb`;

  it('starts with an ADDED per matching object, then streams the members’ changes that match', async () => {
    const events = await watchEvents(W, 3, () => {
      feed.emit({
        type: 'MODIFIED',
        cluster: 'member2',
        resource: 'apps/v1/Deployment',
        object: deploy('member2', 'shop', 'cart', 'cart'),
        resourceVersion: '201',
      });
      feed.emit({
        type: 'DELETED',
        cluster: 'member2',
        resource: 'apps/v1/Deployment',
        object: deploy('member2', 'shop', 'web', 'web'),
        resourceVersion: '202',
      });
    });
    expect(events.map((e) => `${e.type} ${names([e.object])[0]}`)).toEqual(['ADDED member1/shop/web', 'ADDED member2/shop/web', 'DELETED member2/shop/web']);
    expect(events.map((e) => JSON.parse(Buffer.from(String(e.object.metadata.resourceVersion ?? ''), 'base64url').toString()))).toEqual([
      { member1: '100' },
      { member1: '100', member2: '200' },
      { member1: '100', member2: '202' },
    ]);
  });

  it('from a resourceVersion, streams only the changes', async () => {
    const events = await watchEvents(`${W}&resourceVersion=${rv({ member1: '100', member2: '200' })}`, 1, () => {
      feed.emit({
        type: 'ADDED',
        cluster: 'member1',
        resource: 'apps/v1/Node',
        object: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n', labels: { app: 'web' } } },
        resourceVersion: '300',
      });
      feed.emit({
        type: 'MODIFIED',
        cluster: 'member1',
        resource: 'apps/v1/Deployment',
        object: deploy('member1', 'shop', 'web', 'web', '12'),
        resourceVersion: '101',
      });
    });
    expect(events.map((e) => `${e.type} ${names([e.object])[0]}`)).toEqual(['MODIFIED member1/shop/web']);
    expect(JSON.parse(Buffer.from(String(events[0]?.object.metadata.resourceVersion ?? ''), 'base64url').toString())).toEqual({
      member1: '101',
      member2: '200',
    });
  });

  it('sends each change as a one-row Table when kubectl asks for Tables', async () => {
    const events = await watchEvents(
      `${W}&resourceVersion=${rv({ member1: '100', member2: '200' })}`,
      1,
      () =>
        feed.emit({
          type: 'MODIFIED',
          cluster: 'member1',
          resource: 'apps/v1/Deployment',
          object: deploy('member1', 'shop', 'web', 'web', '13'),
          resourceVersion: '102',
        }),
      TABLE,
    );
    const table = events[0]?.object as unknown as { kind: string; rows: { cells: unknown[] }[] };
    expect([events[0]?.type, table.kind, table.rows.map((r) => r.cells.slice(0, 2))]).toEqual(['MODIFIED', 'Table', [['web', 'member1']]]);
  });

  it.each<[string, string, number]>([
    ['a member of the watched resource listed again ends it with 410 Expired', 'apps/v1/Deployment', 1],
    ['another resource listed again does not', 'apps/v1/StatefulSet', 0],
  ])('%s', async (_what, resource, ended) => {
    const events = await watchEvents(`${W}&resourceVersion=${rv({ member1: '100', member2: '200' })}&timeoutSeconds=1`, 1, () =>
      feed.emit({ type: 'RELISTED', cluster: 'member2', resource }),
    );
    expect(events.length).toBe(ended);
    if (ended) expect(events[0]).toMatchObject({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } });
  });

  it('ends after timeoutSeconds and lets go of its subscription', async () => {
    // The earlier watches, closed by their clients, are let go of too.
    await waitFor('no watch subscribed', async () => (feed.listeners() === 0 ? true : undefined), { timeoutMs: 2_000, intervalMs: 20 });
    const started = Date.now();
    const events = await watchEvents(`${W}&resourceVersion=${rv({ member1: '100' })}&timeoutSeconds=1`, 1, () => expect(feed.listeners()).toBe(1));
    expect(events).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await waitFor('the ended watch let go of', async () => (feed.listeners() === 0 ? true : undefined), { timeoutMs: 2_000, intervalMs: 20 });
  });

  it('cuts off a client that stops reading, and lets go of its subscription', async () => {
    await waitFor('no watch subscribed', async () => (feed.listeners() === 0 ? true : undefined), { timeoutMs: 2_000, intervalMs: 20 });
    const big = deploy('member1', 'shop', 'web', 'web');
    big.metadata.annotations = { ...big.metadata.annotations, padding: 'x'.repeat(256 * 1024) };
    const closed = new Promise<void>((resolve, reject) => {
      const req = request(`${server.url}${W}&resourceVersion=${rv({ member1: '100' })}`, { ca, headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
        res.pause();
        res.on('close', () => resolve());
        res.on('error', () => resolve());
        for (let i = 0; i < 200; i++)
          feed.emit({ type: 'MODIFIED', cluster: 'member1', resource: 'apps/v1/Deployment', object: big, resourceVersion: String(101 + i) });
      });
      req.on('error', () => resolve());
      setTimeout(() => reject(new Error('the stalled watch was never cut off')), 10_000);
      req.end();
    });
    await closed;
    await waitFor('the cut-off watch let go of', async () => (feed.listeners() === 0 ? true : undefined), { timeoutMs: 2_000, intervalMs: 20 });
  });

  it.each([
    [`${W}&timeoutSeconds=soon`, 400],
    [`${W}&resourceVersion=12`, 400],
    [`${P}/apis/apps/v1/statefulsets?watch=1`, 404],
  ])('%s → %d', async (path, code) => {
    expect((await get(path)).status).toBe(code);
  });
});
