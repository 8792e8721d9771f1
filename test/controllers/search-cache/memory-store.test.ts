import { describe, expect, it } from 'vitest';
import { MemorySearchStore } from '../../../src/controllers/search-cache/memory-store.ts';
import type { StoreQuery } from '../../../src/controllers/search-cache/search-store.ts';
import { parseFieldSelector, parseLabelSelector } from '../../../src/controllers/search-cache/selectors.ts';
import type { KubeObject } from '../../../src/model/index.ts';

const RES = 'apps/v1/Deployment';
const deploy = (namespace: string, name: string, labels: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { namespace, name, labels },
});
const names = (items: string[]) =>
  items.map((j) => {
    const o = JSON.parse(j) as KubeObject;
    return `${o.metadata.namespace}/${o.metadata.name}`;
  });
const at = (cluster: string, namespace?: string) => ({ cluster, resource: RES, ...(namespace ? { namespace } : {}) });

function fleet(): MemorySearchStore {
  const store = new MemorySearchStore();
  store.replace(at('member2'), [deploy('shop', 'web', { app: 'web' }), deploy('data', 'db', { app: 'db' })], '20');
  store.replace(at('member1'), [deploy('shop', 'web', { app: 'web' }), deploy('shop', 'api', { app: 'api' }), deploy('data', 'db', { app: 'db' })], '10');
  return store;
}

describe('MemorySearchStore', () => {
  it('lists in member, then namespace and name order, with each member’s resourceVersion', async () => {
    const page = await fleet().list({ resource: RES });
    expect(names(page.items)).toEqual(['data/db', 'shop/api', 'shop/web', 'data/db', 'shop/web']);
    expect(page.versions).toEqual({ member1: '10', member2: '20' });
    expect(page.next).toBeUndefined();
  });

  it.each<[string, Omit<StoreQuery, 'resource'>, string[]]>([
    ['a namespace', { namespace: 'shop' }, ['shop/api', 'shop/web', 'shop/web']],
    ['a name', { name: 'web' }, ['shop/web', 'shop/web']],
    ['a label selector', { labels: parseLabelSelector('app in (api,db)') }, ['data/db', 'shop/api', 'data/db']],
    ['a field selector', { fields: parseFieldSelector('metadata.namespace!=shop') }, ['data/db', 'data/db']],
    ['some members', { clusters: new Set(['member2']) }, ['data/db', 'shop/web']],
    ['a namespace nothing lives in', { namespace: 'none' }, []],
  ])('filters by %s', async (_what, query, want) => {
    expect(names((await fleet().list({ resource: RES, ...query })).items)).toEqual(want);
  });

  it('pages with a stable position: objects added or removed elsewhere never duplicate or skip the others', async () => {
    const store = fleet();
    const first = await store.list({ resource: RES, limit: 2 });
    expect(names(first.items)).toEqual(['data/db', 'shop/api']);
    expect(first.next).toEqual({ cluster: 'member1', key: 'shop/api' });
    store.upsert(at('member1'), deploy('data', 'aaa'), '11'); // before the position: not in this list
    store.remove(at('member1'), deploy('shop', 'web'), '12'); // after it, removed: gone
    store.upsert(at('member2'), deploy('shop', 'zzz'), '21'); // after it: seen
    const second = await store.list({ resource: RES, limit: 2, ...(first.next ? { after: first.next } : {}) });
    expect(names(second.items)).toEqual(['data/db', 'shop/web']);
    const third = await store.list({ resource: RES, limit: 2, ...(second.next ? { after: second.next } : {}) });
    expect(names(third.items)).toEqual(['shop/zzz']);
    expect(third.next).toBeUndefined();
  });

  it('serves a changed object changed, in its place, its new labels matched', async () => {
    const store = fleet();
    await store.list({ resource: RES });
    store.upsert(at('member1'), deploy('shop', 'api', { app: 'web' }), '13');
    expect(names((await store.list({ resource: RES, labels: parseLabelSelector('app=web') })).items)).toEqual(['shop/api', 'shop/web', 'shop/web']);
    expect(names((await store.list({ resource: RES })).items)).toEqual(['data/db', 'shop/api', 'shop/web', 'data/db', 'shop/web']);
  });

  it('says there is a next page only when one more object matches', async () => {
    const page = await fleet().list({ resource: RES, limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.next).toBeUndefined();
  });

  it('replaces and drops one namespace’s copy without touching another’s', async () => {
    const store = new MemorySearchStore();
    store.replace(at('member1', 'shop'), [deploy('shop', 'web'), deploy('shop', 'api')], '5');
    store.replace(at('member1', 'data'), [deploy('data', 'db')], '6');
    store.replace(at('member1', 'shop'), [deploy('shop', 'web')], '7');
    expect(names((await store.list({ resource: RES })).items)).toEqual(['data/db', 'shop/web']);
    expect([store.count(at('member1', 'shop')), store.count(at('member1', 'data')), store.count(at('member1'))]).toEqual([1, 1, 2]);
    expect((await store.list({ resource: RES })).versions).toEqual({ member1: '7' });
    store.drop(at('member1', 'shop'));
    expect(names((await store.list({ resource: RES })).items)).toEqual(['data/db']);
    store.drop(at('member1', 'data'));
    expect(await store.list({ resource: RES })).toEqual({ items: [], versions: {} });
  });

  it('keeps each object as the JSON it was given and moves the version on with bookmarks', async () => {
    const store = new MemorySearchStore();
    const object = { ...deploy('shop', 'web'), spec: { replicas: 2 } };
    store.replace(at('member1'), [object], '1');
    store.progress(at('member1'), '9');
    const page = await store.list({ resource: RES });
    expect(page.items.map((j) => JSON.parse(j))).toEqual([object]);
    expect(page.versions).toEqual({ member1: '9' });
  });
});
