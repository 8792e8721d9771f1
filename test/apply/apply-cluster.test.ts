import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/model/index.ts';
import { applyCluster, DEFAULT_APPLY_OPTIONS } from '../../src/apply/apply-cluster.ts';
import { KubeApiError } from '../../src/apply/errors/index.ts';
import { decodeInventory, inventoryRef } from '../../src/apply/inventory.ts';
import type { DesiredObject } from '../../src/apply/triage.ts';
import { FakeKubeClient } from '../fakes/kube-client.ts';

const cm = (name: string): DesiredObject => ({
  manifest: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns', labels: { 'flotilla.io/managed-by': 'flotilla' } }, data: { name } },
  suspended: false,
  preserveOnDeletion: false,
});
const names = ['a', 'b', 'c', 'd'];
const INVENTORY = '/ConfigMap/flotilla-system/flotilla-inventory';
const options = { ...DEFAULT_APPLY_OPTIONS, prune: { ...DEFAULT_APPLY_OPTIONS.prune, enabled: true } };

async function inventoryIds(client: FakeKubeClient): Promise<string[]> {
  return decodeInventory(await client.get(inventoryRef())).map((e) => e.id);
}

describe('applyCluster against the fake', () => {
  it('creates, records the inventory, then writes nothing on a second pass', async () => {
    const client = new FakeKubeClient();
    const first = await applyCluster(client, names.map(cm), options, () => undefined);
    expect(first.objects.map((o) => o.action)).toEqual(['created', 'created', 'created', 'created']);
    expect(await inventoryIds(client)).toEqual(names.map((n) => `ns_${n}__ConfigMap`));
    client.calls.length = 0;
    const second = await applyCluster(client, names.map(cm), options, () => undefined);
    expect(second.objects.map((o) => o.action)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged']);
    expect(client.writes()).toEqual([]);
  });

  it('lists new objects in the inventory before creating them: a pass cut short leaves nothing prune does not know', async () => {
    const client = new FakeKubeClient();
    let inventoryWrites = 0;
    // The member goes away after a and b are created: c, d and the final inventory write fail.
    client.failWhen(
      'apply',
      (t) => t.endsWith('/c') || t.endsWith('/d') || (t === INVENTORY && ++inventoryWrites > 1),
      () => new Error('connect ECONNREFUSED'),
    );
    const cut = await applyCluster(client, names.map(cm), { ...options, concurrency: 1 }, () => undefined);
    expect(cut.objects.map((o) => [o.ref.name, o.action])).toEqual([
      ['a', 'created'],
      ['b', 'created'],
      ['c', 'failed'],
      ['d', 'failed'],
    ]);
    expect(await inventoryIds(client)).toEqual(names.map((n) => `ns_${n}__ConfigMap`));
    client.clearFailures();
    // The next commit no longer has a and b: they are pruned although the cut pass never finished.
    const next = await applyCluster(client, ['c', 'd'].map(cm), { ...options, prune: { ...options.prune, allowMassPrune: true } }, () => undefined);
    expect(next.pruned.map((p) => [p.ref.name, p.action]).sort()).toEqual([
      ['a', 'deleted'],
      ['b', 'deleted'],
    ]);
    expect(await inventoryIds(client)).toEqual(['ns_c__ConfigMap', 'ns_d__ConfigMap']);
  });

  it('writes the inventory once when every object is new', async () => {
    const client = new FakeKubeClient();
    await applyCluster(client, names.map(cm), options, () => undefined);
    expect(client.writes().filter((w) => w.target === INVENTORY)).toHaveLength(1);
  });

  it('keeps an object whose delete failed in the inventory, so the next pass retries it', async () => {
    const client = new FakeKubeClient();
    await applyCluster(client, names.map(cm), options, () => undefined);
    client.failWhen(
      'delete',
      (t) => t.endsWith('/d'),
      () => new Error('boom'),
    );
    const result = await applyCluster(client, ['a', 'b', 'c'].map(cm), options, () => undefined);
    expect(result.pruned.map((p) => [p.ref.name, p.action])).toEqual([['d', 'failed']]);
    expect(await inventoryIds(client)).toContain('ns_d__ConfigMap');
    client.clearFailures();
    const retry = await applyCluster(client, ['a', 'b', 'c'].map(cm), options, () => undefined);
    expect(retry.pruned.map((p) => [p.ref.name, p.action])).toEqual([['d', 'deleted']]);
    expect(await inventoryIds(client)).not.toContain('ns_d__ConfigMap');
  });

  it('re-reads after a 409 on create and reports the abort conflict it finds', async () => {
    const client = new FakeKubeClient();
    const theirs: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns' }, data: { owner: 'them' } };
    client.failWhen(
      'apply',
      (t) => t.endsWith('/a'),
      () => {
        client.put(theirs); // created by someone else between our read and our write
        return new KubeApiError({ cluster: 'member1', status: 409, reason: 'Conflict', method: 'PATCH', path: '/x' }, 'conflict');
      },
    );
    const result = await applyCluster(client, [cm('a')], options, () => undefined);
    expect(result.objects.map((o) => o.action)).toEqual(['conflict']);
    expect(result.objects[0]?.error?.message).toMatch(/^ConfigMap\/ns\/a already exists in cluster member1/);
  });

  it("reports a cluster it cannot read as the cluster's error", async () => {
    const client = new FakeKubeClient();
    client.failWhen(
      'get',
      () => true,
      () => new Error('unreachable'),
    );
    const result = await applyCluster(client, [cm('a')], options, () => undefined);
    expect(result.error?.message).toBe('unreachable');
  });
});

describe('a Retain result without apiVersion or metadata', () => {
  // Karmada's host takes such a result (docs/karmada-compatibility.md#lua-results); its update of
  // the member then fails, and so does this object here, before anything is sent.
  it.each([
    ['without metadata', (d: KubeObject) => ({ apiVersion: d.apiVersion, kind: d.kind, data: d['data'] }), 'metadata'],
    ['without apiVersion', (d: KubeObject) => ({ kind: d.kind, metadata: d.metadata }), 'apiVersion'],
  ])('%s fails that object only', async (_name, retain, missing) => {
    const client = new FakeKubeClient();
    await applyCluster(client, names.map(cm), options, () => undefined);
    const changed = names.map(cm).map((o) => ({ ...o, manifest: { ...o.manifest, data: { name: 'changed' } } }));
    const result = await applyCluster(client, changed, { ...options, retain: (d) => (d.metadata.name === 'b' ? retain(d) : d) }, () => undefined);
    expect(result.objects.map((o) => [o.ref.name, o.action])).toEqual([
      ['a', 'configured'],
      ['b', 'failed'],
      ['c', 'configured'],
      ['d', 'configured'],
    ]);
    expect(result.objects[1]?.error?.message).toBe(
      `ConfigMap/ns/b in cluster ${client.cluster}: the interpreter's Retain returned an object without ${missing}; nothing was sent`,
    );
  });
});
