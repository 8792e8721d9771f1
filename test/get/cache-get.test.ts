import { createServer as createHttpServer } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySearchStore } from '../../src/controllers/search-cache/memory-store.ts';
import { getFromCache, warningFailures } from '../../src/get/cache-get.ts';
import { startSearchServer, type SearchServer } from '../../src/search/search-server.ts';
import { cachedDeployment, DEPLOYMENTS } from '../search/cache-fixture.ts';

const deploy = (cluster: string, namespace: string, name: string) => cachedDeployment(cluster, namespace, name);
const store = new MemorySearchStore();
// More than one page of objects: the client follows continue.
store.replace(
  { cluster: 'member1', resource: 'apps/v1/Deployment' },
  Array.from({ length: 1100 }, (_, i) => deploy('member1', 'shop', `web-${String(i).padStart(4, '0')}`)),
  '1',
);
store.replace({ cluster: 'member2', resource: 'apps/v1/Deployment' }, [deploy('member2', 'shop', 'web-0000'), deploy('member2', 'data', 'db')], '2');
let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer({
    address: '127.0.0.1:0',
    token: 't',
    cache: {
      store,
      resources: () => [DEPLOYMENTS],
      problems: () => [{ cluster: 'member3', message: 'cluster member3: the cache of Deployment is not in sync: connection refused' }],
      served: async () => undefined,
      subscribe: () => () => undefined,
    },
  });
});
afterAll(() => server.close());

describe('getFromCache (flotilla get --from)', () => {
  it('resolves a short name against the cache, reads every page, and names each object’s member', async () => {
    const outcome = await getFromCache({ url: server.url, token: 't' }, { type: 'deploy', namespace: 'shop', shape: 'table' });
    expect(outcome.resource?.resource).toBe('deployments');
    expect(outcome.items).toHaveLength(1101);
    expect(outcome.items.filter((i) => i.cluster === 'member2').map((i) => i.object.metadata.name)).toEqual(['web-0000']);
    expect(outcome.failures).toEqual([{ cluster: 'member3', message: 'cluster member3: the cache of Deployment is not in sync: connection refused' }]);
  });

  it('keeps only the members --clusters names, their failures included', async () => {
    const outcome = await getFromCache({ url: server.url, token: 't' }, { type: 'deployments', shape: 'objects' }, ['member2']);
    expect(outcome.items.map((i) => `${i.cluster}/${i.object.metadata.name}`)).toEqual(['member2/db', 'member2/web-0000']);
    expect(outcome.failures).toEqual([]);
  });

  it('says which types the cache serves when asked for another', async () => {
    await expect(getFromCache({ url: server.url, token: 't' }, { type: 'pods', shape: 'table' })).rejects.toThrow(
      `the search cache at ${server.url} serves no resource type "pods" (it serves the types ResourceRegistries select: deployments.apps)`,
    );
  });

  it('says the cache refused the token', async () => {
    await expect(getFromCache({ url: server.url, token: 'wrong' }, { type: 'deploy', shape: 'table' })).rejects.toThrow(/answered 401: Unauthorized/);
  });

  it('says a cache that does not answer did not answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(getFromCache({ url: `http://127.0.0.1:${port}`, token: 't' }, { type: 'deploy', shape: 'table' })).rejects.toThrow(
      /did not answer: .*ECONNREFUSED/,
    );
  });

  it('reads member failures from Warning headers', () => {
    expect(warningFailures('299 - "cluster a: x \\"y\\"", 299 - "cluster b: z", 299 - "not about a member"')).toEqual([
      { cluster: 'a', message: 'cluster a: x "y"' },
      { cluster: 'b', message: 'cluster b: z' },
    ]);
    expect(warningFailures(null)).toEqual([]);
  });
});

describe('getFromCache against a server that never stops answering continue', () => {
  const RESOURCES = {
    kind: 'APIResourceList',
    resources: [{ name: 'deployments', group: 'apps', version: 'v1', kind: 'Deployment', namespaced: true, verbs: ['list'] }],
  };
  let endless: HttpServer;
  let url = '';
  let served = 0;
  beforeAll(async () => {
    endless = createHttpServer((req, res) => {
      const delay = req.url?.includes('continue') ? 50 : 0;
      served++;
      const page = req.url?.includes('deployments') ? { kind: 'DeploymentList', metadata: { continue: `again-${served}` }, items: [] } : RESOURCES;
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page)), delay);
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => endless.close(() => resolve())));

  it.each([
    [
      'stops at the page cap with the reason',
      { maxPages: 5 },
      /answered|did not answer: more than 5 pages: the server keeps answering continue \(0 objects read\)/,
    ],
    ['stops at the overall deadline with the reason', { deadlineMs: 400 }, /did not answer: no complete list within 0.4 s/],
  ])('%s', async (_name, bounds, message) => {
    await expect(getFromCache({ url, token: 't', ...bounds }, { type: 'deployments', shape: 'table' })).rejects.toThrow(message);
  });
});
