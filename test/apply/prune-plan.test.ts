import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/model/index.ts';
import type { InventoryEntry } from '../../src/apply/inventory.ts';
import { DEFAULT_PRUNE_SETTINGS, planPrune } from '../../src/apply/prune-plan.ts';

const entry = (name: string, extra: Partial<InventoryEntry> = {}): InventoryEntry => ({ id: `ns_${name}__ConfigMap`, v: 'v1', digest: 'd', ...extra });
const live = (
  name: string,
  labels: Record<string, string> = { 'flotilla.io/managed-by': 'flotilla' },
  annotations: Record<string, string> = {},
): [string, KubeObject] => [`ns_${name}__ConfigMap`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns', labels, annotations } }];
const inventory = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((n) => entry(n));
const all = new Map(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((n) => live(n)));
const keepAllBut = (...gone: string[]) => new Set(inventory.filter((e) => !gone.some((g) => e.id === `ns_${g}__ConfigMap`)).map((e) => e.id));
const on = { ...DEFAULT_PRUNE_SETTINGS, enabled: true };

function plan(desired: Set<string>, settings = on, liveMap = all, inv = inventory) {
  return planPrune({ cluster: 'member1', inventory: inv, desiredIds: desired, live: liveMap, namespacesInUse: new Set(['ns']), settings });
}

describe('planPrune after a failover: the evicted copies meant to go are clean-up, not a mass prune', () => {
  const web = { 'flotilla.io/template': 'apps/v1/Deployment/ns/web' };
  const evicted = new Map([...all, live('a', undefined, web), live('b', undefined, web), live('c', undefined, web)]);
  const released = new Map([['member1', new Set(['apps/v1/Deployment/ns/web'])]]);
  it.each([
    ['deletes the released copies past the share', { ...on, released }, keepAllBut('a', 'b', 'c'), ['c', 'b', 'a'], undefined],
    ['still judges the other deletes by the share', { ...on, released }, keepAllBut('a', 'b', 'c', 'd', 'e', 'f'), [], 'mass-prune'],
    ['deletes nothing with prune off', { ...DEFAULT_PRUNE_SETTINGS, released }, keepAllBut('a', 'b', 'c'), [], 'disabled'],
    ['refuses with source errors', { ...on, released, sourceHasErrors: true }, keepAllBut('a', 'b', 'c'), [], 'source-errors'],
    [
      'released on another member counts here',
      { ...on, released: new Map([['member2', new Set(['apps/v1/Deployment/ns/web'])]]) },
      keepAllBut('a', 'b', 'c'),
      [],
      'mass-prune',
    ],
  ])('%s', (_name, settings, desired, deletes, reason) => {
    const result = plan(desired, settings, evicted);
    expect(result.deletes.map((c) => c.ref.name)).toEqual(deletes);
    expect(result.blocked?.reason).toBe(reason);
  });

  it('names the inventory as the usual cause of a mass prune', () => {
    expect(plan(keepAllBut('a', 'b', 'c')).blocked?.message).toMatch(/give each its own --inventory-name/);
  });
});

describe('planPrune', () => {
  it.each([
    ['deletes exactly inventory minus Work, in reverse apply order', plan(keepAllBut('b', 'g')).deletes.map((c) => c.ref.name), ['g', 'b']],
    ['deletes nothing with prune off, and keeps the candidates', plan(keepAllBut('b'), DEFAULT_PRUNE_SETTINGS).kept.map((e) => e.id), ['ns_b__ConfigMap']],
    [
      'keeps blocked candidates in inventory order',
      plan(keepAllBut('b', 'e', 'g'), DEFAULT_PRUNE_SETTINGS).kept.map((e) => e.id),
      ['ns_b__ConfigMap', 'ns_e__ConfigMap', 'ns_g__ConfigMap'],
    ],
    ['refuses with source errors', plan(keepAllBut('b'), { ...on, sourceHasErrors: true }).blocked?.reason, 'source-errors'],
    ['allows exactly the threshold (2 of 8 is 25%)', plan(keepAllBut('a', 'b')).deletes.length, 2],
    ['refuses beyond the threshold', plan(keepAllBut('a', 'b', 'c')).blocked?.reason, 'mass-prune'],
    ['allows mass prune when asked', plan(keepAllBut('a', 'b', 'c'), { ...on, allowMassPrune: true }).deletes.length, 3],
    [
      'forgets entries whose object is gone',
      plan(keepAllBut('a'), on, new Map([...all].filter(([id]) => id !== 'ns_a__ConfigMap'))).gone.map((e) => e.id),
      ['ns_a__ConfigMap'],
    ],
    [
      'skips an object annotated prune: disabled',
      plan(keepAllBut('a'), on, new Map([...all, live('a', undefined, { 'flotilla.io/prune': 'disabled' })])).skipped.map((s) => s.filter),
      ['prune-annotation'],
    ],
    [
      "skips an object no longer labelled as Flotilla's",
      plan(keepAllBut('a'), on, new Map([...all, live('a', {})])).skipped.map((s) => s.filter),
      ['managed-label'],
    ],
    [
      'skips an object preserved on deletion',
      plan(keepAllBut('a'), on, all, [entry('a', { preserve: true }), ...inventory.slice(1)]).skipped.map((s) => s.filter),
      ['preserve-on-deletion'],
    ],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  describe('kept copies', () => {
    const web = 'v1/ConfigMap/ns/web';
    const owned = (name: string, template: string) => live(name, undefined, { 'flotilla.io/template': template });
    const ns: InventoryEntry = { id: '_ns__Namespace', v: 'v1', digest: 'd' };
    const nsLive: [string, KubeObject] = [
      '_ns__Namespace',
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns', labels: { 'flotilla.io/managed-by': 'flotilla' } } },
    ];
    const keptPlan = (keptCopies: Map<string, string>) =>
      planPrune({
        cluster: 'm',
        inventory: [ns, entry('a'), entry('b')],
        desiredIds: new Set(),
        live: new Map([nsLive, owned('a', web), owned('b', 'v1/ConfigMap/ns/other')]),
        namespacesInUse: new Set(),
        settings: { ...on, allowMassPrune: true },
        keptCopies,
      });

    it.each([
      ['without kept copies, everything the Work lacks is deleted', new Map<string, string>(), ['b', 'a', 'ns'], []],
      [
        'the copy of a kept template and its Namespace stay in the inventory; the rest is deleted',
        new Map([[web, 'held by an eviction task']]),
        ['b'],
        [
          ['a', 'kept-copy', 'held by an eviction task'],
          ['ns', 'namespace-in-use', 'a kept copy still lives in it'],
        ],
      ],
    ])('%s', (_name, keptCopies, deleted, skipped) => {
      const result = keptPlan(keptCopies);
      expect(result.deletes.map((c) => c.ref.name)).toEqual(deleted);
      expect(result.skipped.map((s) => [s.candidate.ref.name, s.filter, s.reason])).toEqual(skipped);
      // In apply order, as the inventory held them (so the next inventory is the same).
      expect(result.kept.map((e) => e.id)).toEqual(skipped.map(([name]) => (name === 'ns' ? '_ns__Namespace' : `ns_${name}__ConfigMap`)).reverse());
    });
  });

  it('keeps a Namespace that objects of the Work still live in', () => {
    const ns: InventoryEntry = { id: '_ns__Namespace', v: 'v1', digest: 'd' };
    const nsLive = new Map([
      ['_ns__Namespace', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns', labels: { 'flotilla.io/managed-by': 'flotilla' } } } as KubeObject],
    ]);
    const result = planPrune({
      cluster: 'm',
      inventory: [ns, ...inventory],
      desiredIds: keepAllBut(),
      live: nsLive,
      namespacesInUse: new Set(['ns']),
      settings: on,
    });
    expect(result.skipped.map((s) => [s.filter, s.keep])).toEqual([['namespace-in-use', true]]);
    expect(result.kept).toEqual([ns]);
  });
});
