import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectKubeClient } from '../../src/apply/client-node-kube-client.ts';
import { KubeApiError } from '../../src/apply/errors/index.ts';
import type { KubeClient, WatchEvent } from '../../src/apply/kube-client.ts';
import { loadKubeconfig } from '../../src/apply/kubeconfig.ts';
import { localKubeconfig } from '../helpers/local-kubeconfig.ts';

// A tiny API server: aggregated discovery with short names, a two-page list, a watch stream
// written in chunks that split lines and a multi-byte character, and a refused watch.
const DISCOVERY = {
  kind: 'APIGroupDiscoveryList',
  apiVersion: 'apidiscovery.k8s.io/v2',
  items: [
    {
      metadata: { name: '' },
      versions: [
        {
          version: 'v1',
          resources: [
            {
              resource: 'configmaps',
              responseKind: { group: '', version: 'v1', kind: 'ConfigMap' },
              scope: 'Namespaced',
              singularResource: 'configmap',
              shortNames: ['cm'],
              verbs: ['list', 'watch'],
            },
          ],
        },
      ],
    },
  ],
};
const requests: { url: string; accept: string }[] = [];
const cm = (name: string, rv: string) => ({ metadata: { name, namespace: 'shop', resourceVersion: rv } });

function answer(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  requests.push({ url: `${url.pathname}${url.search}`, accept: String(req.headers.accept) });
  if (url.pathname === '/api' || url.pathname === '/apis') {
    const body = url.pathname === '/api' ? DISCOVERY : { ...DISCOVERY, items: [] };
    res.writeHead(200, { 'content-type': 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' }).end(JSON.stringify(body));
  } else if (url.searchParams.get('watch') === '1' && url.pathname.includes('/namespaces/refused/')) {
    res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ kind: 'Status', reason: 'Forbidden', message: 'configmaps is forbidden' }));
  } else if (url.searchParams.get('watch') === '1' && url.pathname.includes('/namespaces/garbled/')) {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"ADDED","object":{"kind":"Config\n');
  } else if (url.searchParams.get('watch') === '1') {
    res.writeHead(200, { 'content-type': 'application/json' });
    const lines = `${JSON.stringify({ type: 'ADDED', object: { apiVersion: 'v1', kind: 'ConfigMap', ...cm('é', '11') } })}\n${JSON.stringify({ type: 'BOOKMARK', object: { kind: 'ConfigMap', metadata: { resourceVersion: '12' } } })}\n${JSON.stringify({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired', message: 'too old' } })}\n`;
    const bytes = Buffer.from(lines, 'utf8');
    const cut = bytes.indexOf(Buffer.from('é', 'utf8')) + 1; // inside the two bytes of é
    res.write(bytes.subarray(0, cut));
    setTimeout(() => res.end(bytes.subarray(cut)), 20);
  } else if (url.searchParams.get('continue') === 'page2') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ metadata: { resourceVersion: '10' }, items: [cm('b', '9')] }));
  } else {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ metadata: { resourceVersion: '10', continue: 'page2' }, items: [cm('a', '8')] }));
  }
}

const server = createServer(answer);
let client: KubeClient;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const file = localKubeconfig(`http://127.0.0.1:${port}`, 'm');
  client = await connectKubeClient('m', 'm', await loadKubeconfig({ kubeconfig: file }), { retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 } });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the client-node adapter: discovery names, versioned lists, watches', () => {
  it('reads singular and short names from aggregated discovery', async () => {
    const [configmaps] = await client.discover();
    expect(configmaps).toMatchObject({ resource: 'configmaps', singular: 'configmap', shortNames: ['cm'] });
  });

  it('lists every page with the selectors and the first page’s resourceVersion', async () => {
    requests.length = 0;
    const list = await client.listWithVersion({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: 'shop',
      labelSelector: 'app=web',
      fieldSelector: 'metadata.name!=x',
    });
    expect(list.items.map((o) => [o.kind, o.metadata.name])).toEqual([
      ['ConfigMap', 'a'],
      ['ConfigMap', 'b'],
    ]);
    expect(list.resourceVersion).toBe('10');
    const first = new URL(requests.find((r) => r.url.includes('configmaps'))?.url ?? '', 'http://x');
    expect(first.pathname).toBe('/api/v1/namespaces/shop/configmaps');
    expect(Object.fromEntries(first.searchParams)).toEqual({ limit: '500', labelSelector: 'app=web', fieldSelector: 'metadata.name!=x' });
  });

  it('streams watch events in order, across chunks that split a line and a character', async () => {
    requests.length = 0;
    const events: WatchEvent[] = [];
    await client.watch({ apiVersion: 'v1', kind: 'ConfigMap', resourceVersion: '10', timeoutSeconds: 60 }, (e) => events.push(e));
    expect(events).toEqual([
      { type: 'ADDED', object: { apiVersion: 'v1', kind: 'ConfigMap', ...cm('é', '11') } },
      { type: 'BOOKMARK', resourceVersion: '12' },
      { type: 'ERROR', code: 410, reason: 'Expired', message: 'too old' },
    ]);
    const url = new URL(requests[0]?.url ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ watch: '1', allowWatchBookmarks: 'true', resourceVersion: '10', timeoutSeconds: '60' });
  });

  it('rejects a watch the server refuses with the API error', async () => {
    const watching = client.watch({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'refused', resourceVersion: '1', timeoutSeconds: 60 }, () => undefined);
    await expect(watching).rejects.toBeInstanceOf(KubeApiError);
    await expect(watching).rejects.toThrow(/403 Forbidden: configmaps is forbidden/);
  });

  it('ends a watch whose stream does not parse with the error, and never throws out of the stream', async () => {
    const events: WatchEvent[] = [];
    const watching = client.watch({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'garbled', resourceVersion: '1', timeoutSeconds: 60 }, (e) =>
      events.push(e),
    );
    await expect(watching).rejects.toThrow(SyntaxError);
    expect(events).toEqual([]);
  });

  it('sends the Accept header a raw GET names', async () => {
    requests.length = 0;
    await client.raw('/api/v1/configmaps', 'application/json;as=Table;v=v1;g=meta.k8s.io');
    expect(requests[0]?.accept).toBe('application/json;as=Table;v=v1;g=meta.k8s.io');
  });
});
