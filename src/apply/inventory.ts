/**
 * The inventory: per member cluster, every object Flotilla applied, kept in that cluster as the
 * ConfigMap `flotilla-system/flotilla-inventory` (like cli-utils' inventory object), in apply
 * order. Prune deletes what it holds and the new Work lacks. Pure: encoding and the next
 * inventory; reading and writing it is `inventory-store.ts`.
 */
import { MANAGED_BY_LABEL, MANAGED_BY_VALUE, refOf, versionOf } from '../model/index.ts';
import type { KubeObject, ObjectRef } from '../model/index.ts';
import { objectId, refOfId } from './object-id.ts';

export const INVENTORY_NAMESPACE = 'flotilla-system';
export const INVENTORY_NAME = 'flotilla-inventory';
const DATA_KEY = 'inventory.json';

/** One object Flotilla applied. */
export interface InventoryEntry {
  /** `<namespace>_<name>_<group>_<kind>` */
  id: string;
  /** The API version it was applied with. */
  v: string;
  /** Digest of the desired object last applied (normalize.ts desiredDigest). */
  digest: string;
  /** The binding's preserveResourcesOnDeletion when it was applied: never pruned. */
  preserve?: true;
}

/** The ref of an inventory ConfigMap (one per fleet repository applying to the cluster). */
export function inventoryRef(name: string = INVENTORY_NAME): ObjectRef {
  return { apiVersion: 'v1', kind: 'ConfigMap', namespace: INVENTORY_NAMESPACE, name };
}

/** An entry for an object that was just applied (or found up to date). */
export function inventoryEntry(manifest: KubeObject, digest: string, preserve: boolean): InventoryEntry {
  return {
    id: objectId(refOf(manifest)),
    v: versionOf(manifest.apiVersion),
    digest,
    ...(preserve ? { preserve: true as const } : {}),
  };
}

/** The object an entry stands for. */
export function entryRef(entry: InventoryEntry): ObjectRef {
  return refOfId(entry.id, entry.v);
}

/** Reads the entries from the ConfigMap; none when it is absent. */
export function decodeInventory(configMap: KubeObject | undefined): InventoryEntry[] {
  const text = (configMap?.['data'] as Record<string, string> | undefined)?.[DATA_KEY];
  if (!text) return [];
  const parsed = JSON.parse(text) as { entries?: InventoryEntry[] };
  return parsed.entries ?? [];
}

/** The ConfigMap holding the entries, labelled as Flotilla's own. */
export function encodeInventory(entries: readonly InventoryEntry[], name: string = INVENTORY_NAME): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: INVENTORY_NAMESPACE, labels: { [MANAGED_BY_LABEL]: MANAGED_BY_VALUE } },
    data: { [DATA_KEY]: JSON.stringify({ entries }) },
  };
}

/**
 * The inventory after a pass: the entries of this pass in apply order, then the previous entries
 * still to keep (suspended objects, objects whose apply failed, prune survivors), each id once.
 */
export function nextInventory(current: readonly InventoryEntry[], keep: readonly InventoryEntry[]): InventoryEntry[] {
  const seen = new Set(current.map((e) => e.id));
  return [...current, ...keep.filter((e) => !seen.has(e.id) && seen.add(e.id))];
}

/**
 * A three-way merge after a lost compare-and-swap: `ours`, written over `base`, lost to a writer
 * that left `theirs`. Ours first; then their entries that ours lacks, except those this writer
 * dropped from `base` on purpose (pruned, abandoned): an object another writer applied must stay
 * listed, or no prune would ever know of it.
 */
export function mergeInventory(
  base: readonly InventoryEntry[],
  ours: readonly InventoryEntry[],
  theirs: readonly InventoryEntry[],
): InventoryEntry[] {
  const have = new Set(ours.map((e) => e.id));
  const dropped = new Set(base.map((e) => e.id).filter((id) => !have.has(id)));
  return [...ours, ...theirs.filter((e) => !have.has(e.id) && !dropped.has(e.id))];
}

/** Whether two inventories hold the same entries in the same order (no write needed). */
export function sameInventory(a: readonly InventoryEntry[], b: readonly InventoryEntry[]): boolean {
  return a.length === b.length && a.every((e, i) => JSON.stringify(e) === JSON.stringify(b[i]));
}
