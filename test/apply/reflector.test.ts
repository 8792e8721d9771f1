import { afterEach, describe, expect, it } from 'vitest';
import { ClusterUnreachableError, KubeApiError } from '../../src/apply/errors/index.ts';
import { startReflector } from '../../src/apply/reflector.ts';
import type { Reflector, ReflectorHandler } from '../../src/apply/reflector.ts';
import type { KubeObject } from '../../src/model/index.ts';
import { FakeKubeClient } from '../fakes/kube-client.ts';
import { waitFor } from '../helpers/wait.ts';

const cm = (name: string, data = 'x', namespace = 'shop'): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace },
  data: { v: data },
});
const QUERY = { apiVersion: 'v1', kind: 'ConfigMap' };
const FAST = { backoffMs: 5, maxBackoffMs: 20, watchTimeoutSeconds: 1 };

/** A handler that keeps the copy as a map of name → data, and counts what reached it. */
function copy(): ReflectorHandler & { names: Map<string, unknown>; replaced: number; failures: string[]; version: string } {
  const h = {
    names: new Map<string, unknown>(),
    replaced: 0,
    failures: [] as string[],
    version: '',
    replace(items: KubeObject[], rv: string) {
      h.replaced++;
      h.version = rv;
      h.names = new Map(items.map((o) => [o.metadata.name ?? '', o['data']]));
    },
    change(type: string, object: KubeObject, rv: string) {
      h.version = rv;
      if (type === 'DELETED') h.names.delete(object.metadata.name ?? '');
      else h.names.set(object.metadata.name ?? '', object['data']);
    },
    progress(rv: string) {
      h.version = rv;
    },
    failed(error: unknown) {
      h.failures.push((error as Error).message);
    },
  };
  return h;
}

const until = (what: string, check: () => boolean) => waitFor(what, async () => (check() ? true : undefined), { timeoutMs: 2000, intervalMs: 5 });

describe('reflector', () => {
  const running: Reflector[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
  });
  const start = (fake: FakeKubeClient, handler: ReflectorHandler) => {
    const r = startReflector(fake, QUERY, handler, FAST);
    running.push(r);
    return r;
  };

  it('lists, then follows additions, changes and deletions in order', async () => {
    const fake = new FakeKubeClient('member1', [cm('a'), cm('b')]);
    const h = copy();
    start(fake, h);
    await until('the first list', () => h.replaced === 1 && fake.watching === 1);
    expect([...h.names.keys()].sort()).toEqual(['a', 'b']);
    fake.put(cm('c'));
    fake.put(cm('a', 'changed'));
    fake.remove({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'b' });
    await until('the changes', () => !h.names.has('b') && h.names.has('c'));
    expect(Object.fromEntries(h.names)).toEqual({ a: { v: 'changed' }, c: { v: 'x' } });
    expect(h.replaced).toBe(1);
  });

  it('resumes a watch the server ended from the last version it saw, losing nothing in between', async () => {
    const fake = new FakeKubeClient('member1', [cm('a')]);
    const h = copy();
    start(fake, h);
    await until('watching', () => fake.watching === 1);
    fake.endWatches();
    fake.put(cm('between'));
    await until('the change made while no watch was open', () => h.names.has('between'));
    expect(h.replaced).toBe(1);
    expect(h.failures).toEqual([]);
  });

  it('lists again when the version it watches from is too old (410)', async () => {
    const fake = new FakeKubeClient('member1', [cm('a')]);
    const h = copy();
    start(fake, h);
    await until('watching', () => fake.watching === 1);
    fake.compact();
    fake.put(cm('after'));
    await until('a second list', () => h.replaced >= 2 && h.names.has('after'));
    expect(h.failures).toEqual([]);
  });

  it('reports a failed list and retries until the member answers', async () => {
    const fake = new FakeKubeClient('member1', [cm('a')]);
    fake.failWhen(
      'list',
      () => true,
      () => new ClusterUnreachableError('member1', 'https://m1', 'connection refused'),
    );
    const h = copy();
    start(fake, h);
    await until('two failures', () => h.failures.length >= 2);
    expect(h.failures[0]).toContain('connection refused');
    fake.clearFailures();
    await until('the list once the member answers', () => h.replaced === 1);
    expect([...h.names.keys()]).toEqual(['a']);
  });

  it('asks a client function for a client again after each failure', async () => {
    const [down, up] = [new FakeKubeClient('member1'), new FakeKubeClient('member1', [cm('a')])];
    down.failWhen(
      'list',
      () => true,
      () => new ClusterUnreachableError('member1', 'https://m1', 'connection refused'),
    );
    const clients = [down, up];
    const h = copy();
    const r = startReflector(async () => clients.shift() ?? up, QUERY, h, FAST);
    running.push(r);
    await until('the list from the second client', () => h.replaced === 1);
    expect(h.failures).toHaveLength(1);
    expect([...h.names.keys()]).toEqual(['a']);
  });

  it('backs off a member that lists but refuses the watch, instead of listing it again and again', async () => {
    const fake = new FakeKubeClient('member1', [cm('a')]);
    const forbidden = { cluster: 'member1', status: 403, reason: 'Forbidden', method: 'GET', path: '/api/v1/configmaps' };
    fake.failWhen(
      'watch',
      () => true,
      () => new KubeApiError(forbidden, 'configmaps is forbidden: cannot watch'),
    );
    const h = copy();
    const began = performance.now();
    running.push(startReflector(fake, QUERY, h, { backoffMs: 40, maxBackoffMs: 10_000, watchTimeoutSeconds: 1 }));
    await until('four refused watches', () => h.failures.length >= 4);
    // 40 + 80 + 160 ms between them; a backoff that a successful list starts over waits 40 ms each time.
    expect(performance.now() - began).toBeGreaterThanOrEqual(275);
    expect(h.failures[0]).toContain('cannot watch');
  });

  it('selects what the query names: a namespace and a label', async () => {
    const fake = new FakeKubeClient('member1', [cm('a'), { ...cm('b', 'x', 'other') }]);
    const h = copy();
    const r = startReflector(fake, { ...QUERY, namespace: 'shop' }, h, FAST);
    running.push(r);
    await until('watching', () => fake.watching === 1);
    fake.put(cm('c', 'x', 'other'));
    fake.put(cm('d'));
    await until('d', () => h.names.has('d'));
    expect([...h.names.keys()].sort()).toEqual(['a', 'd']);
  });

  it('stops: the watch is closed and nothing more reaches the handler', async () => {
    const fake = new FakeKubeClient('member1', [cm('a')]);
    const h = copy();
    const r = start(fake, h);
    await until('watching', () => fake.watching === 1);
    await r.stop();
    expect(fake.watching).toBe(0);
    fake.put(cm('late'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.names.has('late')).toBe(false);
  });
});
