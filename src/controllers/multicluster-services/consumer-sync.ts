/**
 * Brings one consumer's dispatched EndpointSlices to its plan (docs/karmada-compatibility.md#dispatched-endpointslices)
 * with server-side apply, through an inventory of their own, `flotilla-system/<inventory name>-endpointslices`, so
 * that a restart, however the last process ended, finds every slice it made. A slice is listed there before it is
 * created and unlisted only once it is gone; only listed slices that still carry the dispatched labels are ever
 * updated or deleted, so another fleet's copies, and anything of the same name Flotilla did not make, are left alone.
 */
import {
  compareBytes,
  DISPATCHED_SLICE_MANAGER,
  ENDPOINTSLICE_MANAGED_BY_LABEL,
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  refOf,
} from '../../model/index.ts';
import type { EndpointSlice, KubeObject } from '../../model/index.ts';
import type { InventoryEntry, StoredInventory, KubeClient } from '../../apply/index.ts';
import {
  readStoredInventory,
  swapInventory,
  FIELD_MANAGER,
  containedIn,
  desiredDigest,
  sameJson,
  objectId,
} from '../../apply/index.ts';
import { frozenKeyOf, type ConsumerPlan } from './dispatch-plan.ts';

/** The selector of every dispatched slice Flotilla wrote: what a consumer is listed by. */
export const DISPATCHED_SELECTOR = `${ENDPOINTSLICE_MANAGED_BY_LABEL}=${DISPATCHED_SLICE_MANAGER},${MANAGED_BY_LABEL}=${MANAGED_BY_VALUE}`;

/** The inventory of the dispatched slices beside a fleet's inventory. */
export const sliceInventoryName = (inventoryName: string): string => `${inventoryName}-endpointslices`;

/** What the controller knows of one consumer: its slice inventory as last read or written, and its listed slices. */
export interface ConsumerState {
  inventory: StoredInventory;
  /** The live slices the inventory lists, by inventory id. */
  live: Map<string, KubeObject>;
}

/** What one sync did. */
export interface ConsumerSyncResult {
  state: ConsumerState;
  applied: number;
  deleted: number;
  /** The first failure; the rest of the plan was still carried out. */
  error?: Error;
}

const WRITE = { fieldManager: FIELD_MANAGER, force: true, dryRun: false } as const;

/** Reads a consumer's slice inventory and the live slices it lists. */
export async function readConsumerState(client: KubeClient, inventoryName: string): Promise<ConsumerState> {
  const [inventory, listed] = await Promise.all([
    readStoredInventory(client, sliceInventoryName(inventoryName)),
    client.list({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', labelSelector: DISPATCHED_SELECTOR }),
  ]);
  const ours = new Set(inventory.entries.map((e) => e.id));
  const live = new Map(
    listed.flatMap((s) => {
      const id = objectId(refOf(s));
      return ours.has(id) ? [[id, s] as const] : [];
    }),
  );
  return { inventory, live };
}

const entryOf = (slice: KubeObject): InventoryEntry => ({
  id: objectId(refOf(slice)),
  v: 'v1',
  digest: desiredDigest(slice),
});

/**
 * Whether a slice of the same name exists that is not a live one of this inventory: someone else's, never written
 * over. Also asked of a listed slice that is not live (a process died between listing and creating it, or someone
 * deleted it, and perhaps made their own of that name since).
 */
async function foreign(client: KubeClient, slice: KubeObject): Promise<boolean> {
  return (await client.get(refOf(slice))) !== undefined;
}

/**
 * Whether the live copy already is `slice`: its endpoints and ports exactly (a field the provider dropped goes from
 * the copy too; an empty list reads back as null), its labels and annotations at least.
 */
function holds(live: KubeObject, slice: EndpointSlice): boolean {
  const held = live as EndpointSlice;
  return (
    containedIn(slice.metadata, held.metadata) &&
    held.addressType === slice.addressType &&
    sameJson(held.endpoints ?? [], slice.endpoints ?? []) &&
    sameJson(held.ports ?? [], slice.ports ?? [])
  );
}

/** Carries out the plan: new slices listed first, then applied; stale ones deleted, then unlisted. */
export async function syncConsumer(
  client: KubeClient,
  plan: ConsumerPlan,
  state: ConsumerState,
  inventoryName: string,
): Promise<ConsumerSyncResult> {
  const name = sliceInventoryName(inventoryName);
  const listed = new Set(state.inventory.entries.map((e) => e.id));
  const live = new Map(state.live);
  let error: Error | undefined;
  const fail = (e: unknown): void => {
    error ??= e instanceof Error ? e : new Error(String(e));
  };
  const added: KubeObject[] = [];
  /** Planned slices not written this time; `theirs`, those someone else holds, which are not listed either. */
  const [unwritten, theirs] = [new Set<string>(), new Set<string>()];
  for (const [id, slice] of plan.slices) {
    if (live.has(id)) continue;
    try {
      if (await foreign(client, slice)) {
        const at = `${slice.metadata.namespace}/${slice.metadata.name}`;
        fail(new Error(`EndpointSlice ${at} exists and is not Flotilla's: left alone`));
        unwritten.add(id);
        theirs.add(id);
        continue;
      }
      if (!listed.has(id)) added.push(slice);
    } catch (e) {
      fail(e);
      unwritten.add(id);
    }
  }
  let inventory = state.inventory;
  if (added.length > 0)
    inventory = await swapInventory(client, inventory, [...inventory.entries, ...added.map(entryOf)], name);
  const written = new Set(added.map((s) => objectId(refOf(s))));
  let applied = 0;
  for (const [id, slice] of plan.slices) {
    if (unwritten.has(id) || (!listed.has(id) && !written.has(id))) continue;
    const current = live.get(id);
    if (current && holds(current, slice)) continue;
    try {
      live.set(id, await client.apply(slice, WRITE));
      applied++;
    } catch (e) {
      fail(e);
    }
  }
  let deleted = 0;
  const kept: string[] = [];
  for (const id of listed) {
    if (plan.slices.has(id)) continue;
    const current = live.get(id);
    if (!current) continue;
    if (plan.frozen.has(frozenKeyOf(current))) {
      kept.push(id);
      continue;
    }
    try {
      await client.delete(refOf(current));
      live.delete(id);
      deleted++;
    } catch (e) {
      fail(e);
      kept.push(id);
    }
  }
  const byId = new Map(inventory.entries.map((e) => [e.id, e]));
  const entries = [
    ...[...plan.slices]
      .filter(([id]) => (listed.has(id) || written.has(id)) && !theirs.has(id))
      .map(([, s]) => entryOf(s)),
    ...kept.flatMap((id) => byId.get(id) ?? []),
  ].sort((a, b) => compareBytes(a.id, b.id));
  if (!sameJson(entries, inventory.entries)) inventory = await swapInventory(client, inventory, entries, name);
  for (const id of [...live.keys()]) if (!entries.some((e) => e.id === id)) live.delete(id);
  return { state: { inventory, live }, applied, deleted, ...(error ? { error } : {}) };
}
