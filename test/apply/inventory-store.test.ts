import { describe, expect, it } from 'vitest';
import { encodeInventory, mergeInventory } from '../../src/apply/inventory.ts';
import type { InventoryEntry } from '../../src/apply/inventory.ts';
import { readStoredInventory, swapInventory } from '../../src/apply/inventory-store.ts';
import { FakeKubeClient } from '../fakes/kube-client.ts';

const entries = (...ids: string[]): InventoryEntry[] => ids.map((id) => ({ id: `ns_${id}__ConfigMap`, v: 'v1', digest: id }));
const ids = (list: readonly InventoryEntry[]) => list.map((e) => e.id.split('_')[1]);

describe('mergeInventory', () => {
  it.each([
    { name: 'keeps what the other writer added', base: ['a'], ours: ['a', 'b'], theirs: ['a', 'c'], merged: ['a', 'b', 'c'] },
    { name: 'keeps dropped what this writer pruned', base: ['a', 'b'], ours: ['a'], theirs: ['a', 'b', 'c'], merged: ['a', 'c'] },
    { name: "lists an id once, with this writer's entry", base: [], ours: ['a'], theirs: ['a'], merged: ['a'] },
    { name: 'drops what this writer dropped even when the other still lists it', base: ['a'], ours: [], theirs: ['a', 'b'], merged: ['b'] },
  ])('$name', ({ base, ours, theirs, merged }) => {
    expect(ids(mergeInventory(entries(...base), entries(...ours), entries(...theirs)))).toEqual(merged);
  });
});

describe('swapInventory', () => {
  it('writes over the version it read', async () => {
    const client = new FakeKubeClient('member1', [encodeInventory(entries('a'))]);
    const read = await readStoredInventory(client);
    const written = await swapInventory(client, read, entries('a', 'b'));
    expect(ids((await readStoredInventory(client)).entries)).toEqual(['a', 'b']);
    expect(written.resourceVersion).not.toBe(read.resourceVersion);
  });

  it('re-reads and merges when another writer wrote in between, instead of dropping its entries', async () => {
    const client = new FakeKubeClient('member1', [encodeInventory(entries('a', 'b'))]);
    const read = await readStoredInventory(client);
    client.put(encodeInventory(entries('a', 'b', 'theirs')));
    const written = await swapInventory(client, read, entries('a', 'ours'));
    expect(ids(written.entries)).toEqual(['a', 'ours', 'theirs']);
    expect(ids((await readStoredInventory(client)).entries)).toEqual(['a', 'ours', 'theirs']);
    expect(client.writes().filter((w) => w.method === 'apply')).toHaveLength(2);
  });

  it('creates the inventory and its namespace when there is none', async () => {
    const client = new FakeKubeClient();
    await swapInventory(client, await readStoredInventory(client), entries('a'));
    expect(client.objects.has('/Namespace//flotilla-system')).toBe(true);
    expect(ids((await readStoredInventory(client)).entries)).toEqual(['a']);
  });
});
