import { request } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySearchStore } from '../../src/controllers/search-cache/memory-store.ts';
import type { SearchCacheView } from '../../src/controllers/search-cache/search-cache.ts';
import type { KubeObject } from '../../src/model/index.ts';
import { startSearchServer, type SearchServer } from '../../src/search/search-server.ts';
import { cachedDeployment, changeFeed, DEPLOYMENTS } from './cache-fixture.ts';
import { waitFor } from '../helpers/wait.ts';

const TOKEN = 's3cret-token';
const P = '/apis/search.karmada.io/v1alpha1/search/cache';
const deploy = (cluster: string, namespace: string, name: string, app: string): KubeObject => cachedDeployment(cluster, namespace, name, { labels: { app } });

const store = new MemorySearchStore();
store.replace(
  { cluster: 'member1', resource: 'apps/v1/Deployment' },
  [deploy('member1', 'shop', 'web', 'web'), deploy('member1', 'shop', 'api', 'api'), deploy('member1', 'data', 'db', 'db')],
  '100',
);
store.replace({ cluster: 'member2', resource: 'apps/v1/Deployment' }, [deploy('member2', 'shop', 'web', 'web')], '200');
const feed = changeFeed();
const view: SearchCacheView = {
  store,
  subscribe: feed.subscribe,
  resources: () => [DEPLOYMENTS],
  problems: (resource) =>
    resource === 'apps/v1/Deployment'
      ? [{ cluster: 'member3', message: 'cluster member3: the cache of Deployment is not in sync: connect "ECONNREFUSED"' }]
      : [],
  // The members serve DaemonSets too, which no registry caches.
  served: async (group, version, resource) => (group === 'apps' && version === 'v1' && resource === 'daemonsets' ? DAEMONSETS : undefined),
};
const DAEMONSETS = { group: 'apps', version: 'v1', kind: 'DaemonSet', resource: 'daemonsets', namespaced: true, verbs: ['list'] };
let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer({ address: '127.0.0.1:0', token: TOKEN, cache: view });
});
afterAll(() => server.close());

const get = (path: string, token: string | null = TOKEN) =>
  fetch(`${server.url}${path}`, token === null ? {} : { headers: { Authorization: `Bearer ${token}` } });
const body = async (path: string) => {
  const res = await get(path);
  return {
    status: res.status,
    doc: (await res.json()) as { kind: string; metadata: Record<string, string>; items: KubeObject[]; message?: string; reason?: string },
    res,
  };
};
const names = (items: KubeObject[]) =>
  items.map((o) => `${o.metadata.annotations?.['resource.karmada.io/cached-from-cluster']}/${o.metadata.namespace}/${o.metadata.name}`);

describe('the search server', () => {
  it.each([
    ['no token', null],
    ['a wrong token', 'nope'],
    ['an empty token', ''],
  ])('refuses a request with %s (401, nothing of the cache)', async (_what, token) => {
    const res = await get(`${P}/apis/apps/v1/deployments`, token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    const text = await res.text();
    expect(text).not.toContain('web');
    expect(text).not.toContain(TOKEN);
  });

  it('answers /healthz without a token', async () => {
    expect((await get('/healthz', null)).status).toBe(200);
  });

  it('lists the resources it holds, with their group, version and short names', async () => {
    const { status, doc } = await body(P);
    expect(status).toBe(200);
    expect(doc).toMatchObject({
      kind: 'APIResourceList',
      resources: [{ name: 'deployments', group: 'apps', version: 'v1', kind: 'Deployment', namespaced: true, shortNames: ['deploy'] }],
    });
  });

  it('answers a DeploymentList of every member’s objects, each naming its member, with a composite resourceVersion', async () => {
    const { status, doc, res } = await body(`${P}/apis/apps/v1/deployments`);
    expect(status).toBe(200);
    expect(doc.kind).toBe('DeploymentList');
    expect(names(doc.items)).toEqual(['member1/data/db', 'member1/shop/api', 'member1/shop/web', 'member2/shop/web']);
    expect(JSON.parse(Buffer.from(doc.metadata['resourceVersion'] ?? '', 'base64url').toString())).toEqual({ member1: '100', member2: '200' });
    expect(res.headers.get('warning')).toBe('299 - "cluster member3: the cache of Deployment is not in sync: connect \\"ECONNREFUSED\\""');
  });

  it.each([
    [`${P}/apis/apps/v1/namespaces/shop/deployments`, ['member1/shop/api', 'member1/shop/web', 'member2/shop/web']],
    [`${P}/apis/apps/v1/namespaces/shop/deployments/web`, ['member1/shop/web', 'member2/shop/web']],
    [`${P}/apis/apps/v1/deployments?labelSelector=${encodeURIComponent('app in (api,db)')}`, ['member1/data/db', 'member1/shop/api']],
    [`${P}/apis/apps/v1/deployments?fieldSelector=metadata.namespace%3Ddata`, ['member1/data/db']],
  ])('%s', async (path, want) => {
    expect(names((await body(path)).doc.items)).toEqual(want);
  });

  it('pages with limit and continue until every object was read once', async () => {
    const seen: string[] = [];
    let token = '';
    let pages = 0;
    do {
      const { doc } = await body(`${P}/apis/apps/v1/deployments?limit=3${token ? `&continue=${token}` : ''}`);
      seen.push(...names(doc.items));
      token = doc.metadata['continue'] ?? '';
      pages++;
    } while (token);
    expect(pages).toBe(2);
    expect(seen).toEqual(['member1/data/db', 'member1/shop/api', 'member1/shop/web', 'member2/shop/web']);
  });

  it.each([
    [`${P}/apis/apps/v1/statefulsets`, 404, 'NotFound'],
    [`${P}/apis/apps/v1/deployments?labelSelector=${encodeURIComponent('app=(')}`, 400, 'BadRequest'],
    [`${P}/apis/apps/v1/deployments?fieldSelector=status.phase%3DRunning`, 400, 'BadRequest'],
    [`${P}/apis/apps/v1/deployments?limit=-1`, 400, 'BadRequest'],
    [`${P}/apis/apps/v1/deployments?limit=1e3`, 400, 'BadRequest'],
    [`${P}/apis/apps/v1/deployments?limit=0x10`, 400, 'BadRequest'],
    [`${P}/apis/apps/v1/deployments?limit=${encodeURIComponent(' 5')}`, 400, 'BadRequest'],
    [`${P}/apis/apps/v1/deployments?limit=99999999999999999999`, 400, 'BadRequest'],
    [`${P}/apis/apps/v1/deployments?labelSelector=${'a'.repeat(9000)}`, 400, 'BadRequest'],
    [`${P}/apis/apps/v1/deployments?continue=garbage`, 400, 'BadRequest'],
    [`${P}/apis/apps/v1/deployments?resourceVersion=12`, 400, 'BadRequest'],
    [`${P}/apis/apps/v1/deployments?watch=1`, 405, 'MethodNotAllowed'],
    [`${P}/apis/apps/v1/deployments?resourceVersion=${Buffer.from(JSON.stringify({ member1: '999' })).toString('base64url')}`, 504, 'Timeout'],
    ['/apis/apps/v1/deployments', 404, 'NotFound'],
  ])('%s → %d %s, as a Status', async (path, code, reason) => {
    const { status, doc } = await body(path);
    expect([status, doc.kind, doc.reason]).toEqual([code, 'Status', reason]);
  });

  it('answers a kind the members serve but no registry caches with an empty list, as Karmada does', async () => {
    for (const path of [`${P}/apis/apps/v1/daemonsets`, `${P}/apis/apps/v1/namespaces/shop/daemonsets/web?labelSelector=app%3Dweb`]) {
      const { status, doc } = await body(path);
      expect([status, doc.kind, doc.items]).toEqual([200, 'DaemonSetList', []]);
    }
    expect((await body(`${P}/apis/apps/v1/daemonsets?labelSelector=${encodeURIComponent('app=(')}`)).status).toBe(400);
  });

  it('serves a resourceVersion it has reached', async () => {
    const rv = Buffer.from(JSON.stringify({ member1: '100' })).toString('base64url');
    expect((await body(`${P}/apis/apps/v1/deployments?resourceVersion=${rv}`)).status).toBe(200);
  });

  it.each([
    ['a request target URL cannot parse, before the token is checked', 'http://[', false, 400],
    ['a % escape that decodes to nothing', `${P}/apis/apps/v1/%zz`, true, 404],
  ])('answers %s with a Status and keeps serving', async (_what, path, withToken, code) => {
    const answer = await new Promise<{ status: number; kind: string }>((resolve, reject) => {
      const { hostname, port } = new URL(server.url);
      const headers = withToken ? { authorization: `Bearer ${TOKEN}` } : {};
      request({ hostname, port, path, headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, kind: (JSON.parse(text) as { kind: string }).kind }));
      })
        .on('error', reject)
        .end();
    });
    expect(answer).toEqual({ status: code, kind: 'Status' });
    expect((await body(P)).status).toBe(200);
  });

  it('refuses writes', async () => {
    const res = await fetch(`${server.url}${P}/apis/apps/v1/deployments`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(405);
  });
});

describe('the search port under a flood of unauthenticated connections', () => {
  const open = (url: string): Promise<Socket> => {
    const { hostname, port } = new URL(url);
    return new Promise((resolve) => {
      const s = connect(Number(port), hostname, () => resolve(s));
      s.on('error', () => undefined);
    });
  };
  const closed = (s: Socket): Promise<void> => new Promise((resolve) => (s.closed ? resolve() : s.on('close', () => resolve())));

  it('refuses connections over the cap and serves again once they go', async () => {
    const capped = await startSearchServer({ address: '127.0.0.1:0', token: TOKEN, cache: view, maxConnections: 2 });
    const held = await Promise.all([open(capped.url), open(capped.url)]);
    const extra = await open(capped.url);
    await closed(extra);
    for (const s of held) s.destroy();
    await Promise.all(held.map(closed));
    const healthy = await waitFor(
      'the port to serve again',
      async () => ((await fetch(`${capped.url}/healthz`).catch(() => undefined))?.status === 200 ? true : undefined),
      {
        timeoutMs: 5_000,
        intervalMs: 50,
      },
    );
    expect(healthy).toBe(true);
    await capped.close();
  });

  it.each([
    ['whose headers trickle in', (s: Socket) => setInterval(() => s.writable && s.write('x'), 50)],
    ['that never sends a byte', () => undefined],
  ])('cuts off a connection %s', async (_name, drip) => {
    const quick = await startSearchServer({ address: '127.0.0.1:0', token: TOKEN, cache: view, headersTimeoutMs: 300 });
    const slow = await open(quick.url);
    if (_name.includes('trickle')) slow.write('GET /healthz HTTP/1.1\r\nX-Slow: ');
    const timer = drip(slow);
    await closed(slow);
    clearInterval(timer);
    expect(slow.destroyed).toBe(true);
    await quick.close();
  });
});
