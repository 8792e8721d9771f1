import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../src/model/index.ts';
import { sortAllInApplyOrder, sortInApplyOrder } from '../../../src/render/works/apply-order.ts';

interface Item {
  manifest: KubeObject;
  cluster: string;
}

const obj = (apiVersion: string, kind: string, name: string, namespace?: string): KubeObject => ({
  apiVersion,
  kind,
  metadata: { name, ...(namespace ? { namespace } : {}) },
});
const deploy = obj('apps/v1', 'Deployment', 'web', 'shop');
const deployVariant = obj('apps/v1', 'Deployment', 'web', 'shop');
const ns = obj('v1', 'Namespace', 'shop');
const cm = obj('v1', 'ConfigMap', 'cfg', 'shop');
const widget = obj('example.com/v1', 'Widget', 'w', 'shop');
const on = (cluster: string, ...manifests: KubeObject[]): Item[] => manifests.map((manifest) => ({ manifest, cluster }));
const manifestOf = (i: Item) => i.manifest;

/** Whether every list comes out as sortInApplyOrder puts it: the same items (by identity) in the same places, ties included. */
function sameOrder(lists: Item[][]): boolean {
  const sorted = sortAllInApplyOrder(lists, manifestOf);
  return lists.every((items, i) => {
    const want = sortInApplyOrder([...items], manifestOf);
    return sorted[i]!.length === want.length && sorted[i]!.every((item, j) => item === want[j]);
  });
}

describe('sortAllInApplyOrder', () => {
  it.each<[string, Item[][]]>([
    ['shared manifests', [on('a', widget, deploy, cm, ns), on('b', deploy, ns, cm)]],
    ['equal keys in one list keep their order', [on('a', deployVariant, deploy, ns), on('b', deploy, deployVariant)]],
    ['a variant per cluster', [on('a', deploy, cm), on('b', cm, deployVariant), on('c', deployVariant, ns, deploy)]],
    ['empty lists', [[], on('a', cm), []]],
  ])('orders each list as sortInApplyOrder does: %s', (_name, lists) => {
    expect(sameOrder(lists)).toBe(true);
  });

  it('agrees with sortInApplyOrder on random Works sharing random manifests', () => {
    const pool = fc.array(
      fc.record({
        apiVersion: fc.constantFrom('v1', 'apps/v1', 'example.com/v1', 'rbac.authorization.k8s.io/v1'),
        kind: fc.constantFrom('Namespace', 'ConfigMap', 'Deployment', 'Role', 'Widget', 'Service'),
        name: fc.constantFrom('a', 'b', 'ab', 'é', '\u{1F600}', 'z'),
        namespace: fc.constantFrom('', 'shop', 'shop-2'),
      }),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(pool, fc.array(fc.array(fc.nat(), { maxLength: 20 }), { maxLength: 5 }), (refs, picks) => {
        const manifests = refs.map((r) => obj(r.apiVersion, r.kind, r.name, r.namespace || undefined));
        const lists = picks.map((p, c) => p.map((k) => ({ manifest: manifests[k % manifests.length]!, cluster: `m${c}` })));
        expect(sameOrder(lists)).toBe(true);
      }),
    );
  });
});
