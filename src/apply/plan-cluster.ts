/**
 * The live plan of one cluster (issue 7, item 7): every existing object is dry-run applied and
 * the server's answer compared with the live object, so defaulted fields never show as drift;
 * objects to create are not sent; prune candidates are planned as `apply --prune` would delete
 * them. Nothing is written.
 */
import { refOf } from '../model/index.ts';
import type { KubeObject, ObjectRef } from '../model/index.ts';
import { stepObject } from './apply-object.ts';
import type { RetainFn } from './apply-object.ts';
import { mapLimit } from './concurrency.ts';
import { entryRef } from './inventory.ts';
import type { InventoryEntry } from './inventory.ts';
import { readStoredInventory } from './inventory-store.ts';
import type { StoredInventory } from './inventory-store.ts';
import type { KubeClient } from './kube-client.ts';
import { readLive } from './live-state.ts';
import { foreignObjectsIn } from './namespace-contents.ts';
import { diffable } from './normalize.ts';
import { planPrune } from './prune-plan.ts';
import type { PrunePlan, PruneSettings } from './prune-plan.ts';
import { triage } from './triage.ts';
import type { DesiredObject, TriagedObject } from './triage.ts';

/** One object of the live plan; `before` and `after` as diffs show them (server fields left out). */
export interface PlannedObject {
  ref: ObjectRef;
  action: 'create' | 'update' | 'unchanged' | 'conflict' | 'suspended' | 'skipped' | 'failed';
  before?: KubeObject;
  after?: KubeObject;
  error?: Error;
}

export interface ClusterLivePlan {
  cluster: string;
  objects: PlannedObject[];
  prune?: PrunePlan;
  /** The cluster could not be planned (unreachable, bad credentials, missing context). */
  error?: Error;
}

export interface ClusterPlanOptions {
  retain: RetainFn;
  /** @default 16 */
  concurrency: number;
  prune: PruneSettings;
  /** @default 'flotilla-inventory' */
  inventoryName?: string;
}

/**
 * Reads a cluster's inventory and the live copies of its Work in bulk, and triages the Work: the
 * first step of both the apply and the live plan. `checkAll` as in {@link triage}.
 */
export async function readAndTriage(
  client: KubeClient,
  items: readonly DesiredObject[],
  options: { concurrency: number; inventoryName?: string | undefined },
  checkAll: boolean,
): Promise<{ inventory: InventoryEntry[]; stored: StoredInventory; triaged: TriagedObject[] }> {
  const stored = await readStoredInventory(client, options.inventoryName);
  const live = await readLive(
    client,
    items.filter((i) => !i.suspended).map((i) => refOf(i.manifest)),
    options.concurrency,
  );
  return { inventory: stored.entries, stored, triaged: triage(items, live, stored.entries, checkAll) };
}

/**
 * The prune plan against the cluster as it is now: the live copies of the inventory's objects
 * the Work no longer holds, through {@link planPrune}. The same for the apply and the live plan,
 * so a plan shows exactly what `apply --prune` would delete.
 */
export async function planPruneLive(
  client: KubeClient,
  inventory: readonly InventoryEntry[],
  triaged: readonly TriagedObject[],
  settings: PruneSettings,
  concurrency: number,
  keptCopies: ReadonlyMap<string, string> = new Map(),
): Promise<PrunePlan> {
  const desiredIds = new Set(triaged.map((t) => t.id));
  const live = await readLive(client, inventory.filter((e) => !desiredIds.has(e.id)).map(entryRef), concurrency);
  const namespacesInUse = new Set(triaged.map((t) => t.ref.namespace).filter((n) => n !== ''));
  // Only a prune that may happen looks inside the Namespaces it would delete.
  const mayPrune = settings.enabled && !settings.sourceHasErrors && !settings.allowMassPrune;
  const namespaces = mayPrune
    ? inventory
        .filter(
          (e) =>
            !desiredIds.has(e.id) &&
            live.has(e.id) &&
            entryRef(e).kind === 'Namespace' &&
            entryRef(e).apiVersion === 'v1',
        )
        .map((e) => entryRef(e).name)
        .filter((name) => !namespacesInUse.has(name))
    : [];
  const foreignObjects = await foreignObjectsIn(client, namespaces, concurrency);
  return planPrune({
    cluster: client.cluster,
    inventory,
    desiredIds,
    settings,
    keptCopies,
    live,
    namespacesInUse,
    foreignObjects,
  });
}

/** Plans one cluster against its live state; never throws. */
export async function planCluster(
  client: KubeClient,
  items: readonly DesiredObject[],
  options: ClusterPlanOptions,
  keptCopies: ReadonlyMap<string, string> = new Map(),
): Promise<ClusterLivePlan> {
  try {
    const { inventory, triaged } = await readAndTriage(client, items, options, true);
    const objects = await mapLimit(triaged, options.concurrency, async (t): Promise<PlannedObject> => {
      const before = t.live && diffable(t.live);
      try {
        const step = await stepObject(client, t, options.retain, true);
        return {
          ref: t.ref,
          action: step.action,
          ...(before ? { before } : {}),
          ...(step.after ? { after: diffable(step.after) } : {}),
          ...(step.error ? { error: step.error } : {}),
        };
      } catch (error) {
        return { ref: t.ref, action: 'failed', error: error as Error };
      }
    });
    const prune = await planPruneLive(client, inventory, triaged, options.prune, options.concurrency, keptCopies);
    return { cluster: client.cluster, objects, prune };
  } catch (error) {
    return { cluster: client.cluster, objects: [], error: error as Error };
  }
}
