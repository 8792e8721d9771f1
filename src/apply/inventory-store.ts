/**
 * Reads and writes a cluster's inventory ConfigMap through the port. Writes are a
 * compare-and-swap on the ConfigMap's resourceVersion, behind the inventory Lease
 * (`inventory-lock.ts`) as a second line of defence: a writer that lost the race re-reads and
 * merges instead of overwriting the other's entries.
 */
import { MANAGED_BY_LABEL, MANAGED_BY_VALUE } from '../model/index.ts';
import { KubeApiError } from './errors/index.ts';
import {
  decodeInventory,
  encodeInventory,
  INVENTORY_NAMESPACE,
  inventoryRef,
  mergeInventory,
  sameInventory,
} from './inventory.ts';
import type { InventoryEntry } from './inventory.ts';
import { FIELD_MANAGER } from './kube-client.ts';
import type { KubeClient } from './kube-client.ts';

/** An inventory as read or written: its entries and the ConfigMap's resourceVersion (absent: no ConfigMap yet). */
export interface StoredInventory {
  entries: InventoryEntry[];
  resourceVersion?: string;
}

/** Rounds of re-read and merge after a lost compare-and-swap. */
const SWAP_ATTEMPTS = 5;

/** The inventory recorded in the cluster; no entries when it has none yet. */
export async function readStoredInventory(client: KubeClient, name?: string): Promise<StoredInventory> {
  const configMap = await client.get(inventoryRef(name));
  const resourceVersion = configMap?.metadata.resourceVersion;
  return { entries: decodeInventory(configMap), ...(typeof resourceVersion === 'string' ? { resourceVersion } : {}) };
}

/** The entries recorded in the cluster; none when it has no inventory yet. */
export async function readInventory(client: KubeClient, name?: string): Promise<InventoryEntry[]> {
  return (await readStoredInventory(client, name)).entries;
}

/** Creates `flotilla-system` (the home of inventories and their Leases) when it does not exist. */
export async function ensureInventoryNamespace(client: KubeClient): Promise<void> {
  if (await client.get({ apiVersion: 'v1', kind: 'Namespace', namespace: '', name: INVENTORY_NAMESPACE })) return;
  const namespace = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: INVENTORY_NAMESPACE, labels: { [MANAGED_BY_LABEL]: MANAGED_BY_VALUE } },
  };
  await client.apply(namespace, { fieldManager: FIELD_MANAGER, force: true, dryRun: false });
}

/**
 * Writes `entries` over `base`, the inventory this pass read or last wrote, if the ConfigMap is
 * still at its version. When another writer got in between, its inventory is read again and
 * merged (what it added stays; what this pass dropped from `base` stays dropped) and written
 * over that, a few rounds at most. Returns what the cluster now holds.
 */
export async function swapInventory(
  client: KubeClient,
  base: StoredInventory,
  entries: readonly InventoryEntry[],
  name?: string,
): Promise<StoredInventory> {
  let current = base;
  let next = [...entries];
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeAt(client, next, current.resourceVersion, name);
    } catch (error) {
      if (!(error instanceof KubeApiError) || error.data.status !== 409 || attempt >= SWAP_ATTEMPTS) throw error;
    }
    const fresh = await readStoredInventory(client, name);
    next = mergeInventory(base.entries, entries, fresh.entries);
    current = fresh;
    if (sameInventory(fresh.entries, next)) return fresh;
  }
}

async function writeAt(
  client: KubeClient,
  entries: readonly InventoryEntry[],
  resourceVersion: string | undefined,
  name?: string,
): Promise<StoredInventory> {
  const request = { fieldManager: FIELD_MANAGER, force: true, dryRun: false };
  if (resourceVersion === undefined) await ensureInventoryNamespace(client);
  const configMap = encodeInventory(entries, name);
  if (resourceVersion !== undefined) configMap.metadata.resourceVersion = resourceVersion;
  const written = await client.apply(configMap, request);
  const version = written.metadata.resourceVersion;
  return { entries: [...entries], ...(typeof version === 'string' ? { resourceVersion: version } : {}) };
}
