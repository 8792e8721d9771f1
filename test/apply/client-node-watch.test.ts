import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { connectKubeClient } from '../../src/apply/client-node-kube-client.ts';
import { ClusterUnreachableError, KubeApiError } from '../../src/apply/errors/index.ts';
import type { KubeClient, WatchEvent } from '../../src/apply/kube-client.ts';
import { loadKubeconfig } from '../../src/apply/kubeconfig.ts';

const configMap = (name: string, version: string) => ({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name, namespace: 'shop', resourceVersion: version } });
const line = (type: string, object: unknown): string => `${JSON.stringify({ type, object })}\n`;

/** What the watch endpoint streams, by the `resourceVersion` it is asked from: chunks written one after the other, then the end or a broken connection. */
const streams: Record<string, { chunks: string[]; end: 'end' | 'break' } | { status: number; body: string }> = {
  // A JSON event split over two chunks, a bookmark, a deletion.
  '10': {
    chunks: [
      line('ADDED', configMap('a', '11')).slice(0, 30),
      line('ADDED', configMap('a', '11')).slice(30) + line('MODIFIED', configMap('a', '12')),
      line('BOOKMARK', { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: '15' } }),
      line('DELETED', configMap('a', '16')),
    ],
    end: 'end',
  },
  '20': { chunks: [line('ERROR', { kind: 'Status', code: 410, reason: 'Expired', message: 'too old resource version: 20 (30)' })], end: 'end' },
  '30': { chunks: [line('ADDED', configMap('b', '31'))], end: 'break' },
  '40': { status: 403, body: JSON.stringify({ kind: 'Status', reason: 'Forbidden', message: 'configmaps is forbidden' }) },
};
const asked: string[] = [];

function serve(res: ServerResponse, url: URL): void {
  const json = (body: unknown): void => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (url.pathname === '/api') return json({ versions: ['v1'] });
  if (url.pathname === '/apis') return json({ groups: [] });
  if (url.pathname === '/api/v1') return json({ resources: [{ name: 'configmaps', kind: 'ConfigMap', namespaced: true, verbs: ['list', 'watch'] }] });
  if (url.searchParams.get('watch') !== 'true')
    return json({ kind: 'ConfigMapList', metadata: { resourceVersion: '10' }, items: [{ metadata: { name: 'a', namespace: 'shop', resourceVersion: '9' } }] });
  asked.push(url.search);
  const stream = streams[url.searchParams.get('resourceVersion') ?? ''];
  if (!stream) return void res.writeHead(500).end();
  if ('status' in stream) return void res.writeHead(stream.status, { 'content-type': 'application/json' }).end(stream.body);
  res.writeHead(200, { 'content-type': 'application/json' });
  let i = 0;
  const next = (): void => {
    if (i < stream.chunks.length) {
      res.write(stream.chunks[i++]);
      setTimeout(next, 5);
    } else if (stream.end === 'end') res.end();
    else res.socket?.destroy();
  };
  next();
}

const server = createServer((req, res) => serve(res, new URL(req.url ?? '/', 'http://localhost')));
let client: KubeClient;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const file = join(mkdtempSync(join(tmpdir(), 'flotilla-watch-')), 'config');
  writeFileSync(
    file,
    stringify({
      clusters: [{ name: 'w', cluster: { server: `http://127.0.0.1:${port}`, 'insecure-skip-tls-verify': true } }],
      users: [{ name: 'u', user: { token: 't' } }],
      contexts: [{ name: 'w', context: { cluster: 'w', user: 'u' } }],
      'current-context': 'w',
    }),
  );
  client = await connectKubeClient('member1', 'w', await loadKubeconfig({ kubeconfig: file }), { retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 } });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const query = (resourceVersion: string) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  namespace: 'shop',
  labelSelector: 'app=web',
  resourceVersion,
  timeoutSeconds: 5,
});

describe('the client-node adapter: list with its version, then watch', () => {
  it('lists with the collection resourceVersion, the items with their apiVersion and kind', async () => {
    expect(await client.listVersioned({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop' })).toEqual({
      resourceVersion: '10',
      items: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'shop', resourceVersion: '9' } }],
    });
  });

  it('streams every change in order, across chunks; bookmarks move the version on; resolves with the last one at the end', async () => {
    const events: WatchEvent[] = [];
    await expect(client.watch(query('10'), (e) => events.push(e))).resolves.toBe('16');
    expect(events.map((e) => `${e.type} ${e.object.metadata.name} ${e.object.metadata.resourceVersion}`)).toEqual([
      'ADDED a 11',
      'MODIFIED a 12',
      'DELETED a 16',
    ]);
    const params = new URLSearchParams(asked.at(-1));
    expect(Object.fromEntries(params)).toEqual({
      watch: 'true',
      allowWatchBookmarks: 'true',
      resourceVersion: '10',
      timeoutSeconds: '5',
      labelSelector: 'app=web',
    });
  });

  it.each<[string, string, (e: unknown) => void]>([
    [
      'an ERROR event is the Status it carries: 410 when the version is too old',
      '20',
      (e) => expect(e).toMatchObject({ data: { status: 410, reason: 'Expired' } }),
    ],
    ['a refused watch is the refusal', '40', (e) => expect(e).toBeInstanceOf(KubeApiError)],
    ['a stream that breaks off is an unreachable cluster', '30', (e) => expect(e).toBeInstanceOf(ClusterUnreachableError)],
  ])('%s', async (_name, version, check) => {
    const error = await client
      .watch(query(version), () => undefined)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeDefined();
    check(error);
  });

  it('ends when its signal aborts', async () => {
    const controller = new AbortController();
    streams['50'] = { chunks: [line('ADDED', configMap('c', '51')), ...Array.from({ length: 50 }, () => '')], end: 'end' };
    const events: string[] = [];
    const watching = client.withSignal(controller.signal).watch(query('50'), (e) => {
      events.push(e.object.metadata.name ?? '');
      controller.abort(new Error('stopped'));
    });
    await expect(watching).rejects.toThrow('stopped');
    expect(events).toEqual(['c']);
  });
});
