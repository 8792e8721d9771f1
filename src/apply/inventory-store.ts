/** Reads and writes a cluster's inventory ConfigMap through the port. */
import { MANAGED_BY_LABEL, MANAGED_BY_VALUE } from '../model/index.ts';
import { decodeInventory, encodeInventory, INVENTORY_NAMESPACE, inventoryRef } from './inventory.ts';
import type { InventoryEntry } from './inventory.ts';
import { FIELD_MANAGER } from './kube-client.ts';
import type { KubeClient } from './kube-client.ts';

/** The entries recorded in the cluster; none when it has no inventory yet. */
export async function readInventory(client: KubeClient, name?: string): Promise<InventoryEntry[]> {
  return decodeInventory(await client.get(inventoryRef(name)));
}

/** Writes the inventory (and its namespace) with server-side apply. */
export async function writeInventory(client: KubeClient, entries: readonly InventoryEntry[], name?: string): Promise<void> {
  const request = { fieldManager: FIELD_MANAGER, force: true, dryRun: false };
  const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: INVENTORY_NAMESPACE, labels: { [MANAGED_BY_LABEL]: MANAGED_BY_VALUE } } };
  if (!(await client.get({ apiVersion: 'v1', kind: 'Namespace', namespace: '', name: INVENTORY_NAMESPACE }))) await client.apply(namespace, request);
  await client.apply(encodeInventory(entries, name), request);
}
