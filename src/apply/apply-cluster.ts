/**
 * One cluster's pass: take the inventory Lease, read the inventory and the live objects
 * in bulk, triage, apply stage 1 (CRDs, Namespaces) and wait for the CRDs, apply stage 2, prune,
 * write the inventory when it changed, give the Lease back. A no-op pass writes only the Lease.
 */
import { groupKind } from '../model/index.ts';
import type { KubeObject, ObjectRef } from '../model/index.ts';
import { stepObject } from './apply-object.ts';
import type { RetainFn } from './apply-object.ts';
import { mapLimit } from './concurrency.ts';
import type { ApplyEvent, ClusterApplyResult, ObjectOutcome, PruneOutcome } from './events.ts';
import { INVENTORY_NAME, inventoryEntry, nextInventory, sameInventory } from './inventory.ts';
import type { InventoryEntry } from './inventory.ts';
import { lockInventory } from './inventory-lock.ts';
import type { HeldInventoryLock, InventoryLockOptions } from './inventory-lock.ts';
import { swapInventory } from './inventory-store.ts';
import type { StoredInventory } from './inventory-store.ts';
import type { KubeClient } from './kube-client.ts';
import { planPruneLive, readAndTriage } from './plan-cluster.ts';
import { DEFAULT_PRUNE_SETTINGS, describeSkip } from './prune-plan.ts';
import type { PrunePlan, PruneSettings } from './prune-plan.ts';
import type { DesiredObject, TriagedObject } from './triage.ts';
import { waitEstablished } from './wait-established.ts';

export interface ApplyOptions {
  prune: PruneSettings;
  /** Requests in flight at once per cluster. @default 16 */
  concurrency: number;
  /** How long stage 1 waits for a CRD to be Established. @default 60000 */
  crdTimeoutMs: number;
  /** The interpreter's Retain. @default the desired object unchanged */
  retain: RetainFn;
  /** The inventory ConfigMap's name in `flotilla-system`: one per fleet repository applying to a cluster. @default 'flotilla-inventory' */
  inventoryName: string;
  /** The inventory Lease (named after the inventory): who holds it, and how long a holder that stops renewing keeps it. */
  lock: Partial<InventoryLockOptions>;
}

export const DEFAULT_APPLY_OPTIONS: Readonly<ApplyOptions> = Object.freeze({
  prune: DEFAULT_PRUNE_SETTINGS,
  concurrency: 16,
  crdTimeoutMs: 60_000,
  retain: (desired: KubeObject) => desired,
  inventoryName: INVENTORY_NAME,
  lock: {},
});

const ACTION = {
  create: 'created',
  update: 'configured',
  unchanged: 'unchanged',
  conflict: 'conflict',
  suspended: 'suspended',
  skipped: 'skipped',
} as const;

async function applyStage(
  client: KubeClient,
  objects: readonly TriagedObject[],
  options: ApplyOptions,
  emit: (e: ApplyEvent) => void,
): Promise<ObjectOutcome[]> {
  return mapLimit(objects, options.concurrency, async (object) => {
    const outcome: ObjectOutcome = await stepObject(client, object, options.retain, false).then(
      (step) => ({
        cluster: client.cluster,
        ref: object.ref,
        action: ACTION[step.action],
        ...(step.error ? { error: step.error } : {}),
      }),
      (error: unknown) => ({
        cluster: client.cluster,
        ref: object.ref,
        action: 'failed' as const,
        error: error as Error,
      }),
    );
    emit({ type: 'object', outcome });
    return outcome;
  });
}

async function applyAll(
  client: KubeClient,
  triaged: readonly TriagedObject[],
  options: ApplyOptions,
  emit: (e: ApplyEvent) => void,
): Promise<ObjectOutcome[]> {
  const first = triaged.filter((t) => t.stage === 1);
  const outcomes = await applyStage(client, first, options, emit);
  const written = (i: number) => outcomes[i]?.action === 'created' || outcomes[i]?.action === 'configured';
  const crds = first.filter(
    (t, i) => groupKind(t.ref.apiVersion, t.ref.kind) === 'apiextensions.k8s.io/CustomResourceDefinition' && written(i),
  );
  for (const crd of crds) emit({ type: 'wait', cluster: client.cluster, ref: crd.ref, condition: 'Established' });
  await waitEstablished(
    client,
    crds.map((c) => c.ref.name),
    options.crdTimeoutMs,
  );
  return [
    ...outcomes,
    ...(await applyStage(
      client,
      triaged.filter((t) => t.stage === 2),
      options,
      emit,
    )),
  ];
}

/** Deletes in reverse apply order: everything else first, then Namespaces and CRDs (which hold the rest). */
async function prune(
  client: KubeClient,
  plan: PrunePlan,
  options: ApplyOptions,
  emit: (e: ApplyEvent) => void,
): Promise<PruneOutcome[]> {
  const outcomes: PruneOutcome[] = plan.skipped.map((s) => ({
    cluster: client.cluster,
    ref: s.candidate.ref,
    action: 'skipped',
    reason: describeSkip(s),
  }));
  for (const outcome of outcomes) emit({ type: 'prune', outcome });
  const holders = new Set(['core/Namespace', 'apiextensions.k8s.io/CustomResourceDefinition']);
  const isHolder = (ref: ObjectRef) => holders.has(groupKind(ref.apiVersion, ref.kind));
  for (const wave of [plan.deletes.filter((c) => !isHolder(c.ref)), plan.deletes.filter((c) => isHolder(c.ref))]) {
    outcomes.push(
      ...(await mapLimit(wave, options.concurrency, async (c) => {
        const outcome: PruneOutcome = await client.delete(c.ref, 'Background').then(
          () => ({ cluster: client.cluster, ref: c.ref, action: 'deleted' as const }),
          (error: unknown) => ({
            cluster: client.cluster,
            ref: c.ref,
            action: 'failed' as const,
            error: error as Error,
          }),
        );
        emit({ type: 'prune', outcome });
        return outcome;
      })),
    );
  }
  return outcomes;
}

/** This pass's inventory: applied and unchanged objects in apply order; previous entries of suspended or failed ones. */
function currentEntries(
  triaged: readonly TriagedObject[],
  outcomes: readonly ObjectOutcome[],
  previous: ReadonlyMap<string, InventoryEntry>,
): InventoryEntry[] {
  return triaged.flatMap((t, i) => {
    const action = outcomes[i]?.action;
    if (action === 'created' || action === 'configured' || action === 'unchanged')
      return [inventoryEntry(t.item.manifest, t.digest, t.item.preserveOnDeletion)];
    const kept = previous.get(t.id);
    return kept && (action === 'failed' || action === 'suspended') ? [kept] : [];
  });
}

/**
 * Lists in the inventory, before they are applied, the objects it does not list yet: a pass cut
 * short between creating an object and writing the inventory (kill -9, the member going away)
 * would otherwise leave an object Flotilla made that no later prune knows of. Returns what the
 * member's inventory now holds; no write when every object is listed already.
 */
async function recordIntent(
  client: KubeClient,
  stored: StoredInventory,
  triaged: readonly TriagedObject[],
  options: ApplyOptions,
): Promise<StoredInventory> {
  const listed = new Set(stored.entries.map((e) => e.id));
  const added = triaged
    // Only objects that do not exist yet: one that exists is someone's until a pass has applied it.
    .filter((t) => !listed.has(t.id) && t.triage === 'create')
    .map((t) => inventoryEntry(t.item.manifest, t.digest, t.item.preserveOnDeletion));
  if (added.length === 0) return stored;
  return swapInventory(client, stored, [...stored.entries, ...added], options.inventoryName);
}

/**
 * Applies one cluster's Work and prunes what it no longer holds, except the copies of
 * `keptCopies`' templates (template refKey → why); never throws.
 */
export async function applyCluster(
  member: KubeClient,
  items: readonly DesiredObject[],
  options: ApplyOptions,
  emit: (e: ApplyEvent) => void,
  keptCopies: ReadonlyMap<string, string> = new Map(),
): Promise<ClusterApplyResult> {
  const result: ClusterApplyResult = { cluster: member.cluster, objects: [], pruned: [], inventoryWritten: false };
  emit({ type: 'cluster-started', cluster: member.cluster, objects: items.length });
  let lock: HeldInventoryLock | undefined;
  try {
    // Held from before the inventory is read until after it is written: no other writer's pass
    // interleaves with this one. Losing it aborts what is left of the member's work.
    lock = await lockInventory(member, options.inventoryName, {
      ...options.lock,
      onWait: (holder, since) => emit({ type: 'locked', cluster: member.cluster, holder, ...(since ? { since } : {}) }),
    });
    const client = member.withSignal(lock.signal);
    const { inventory, stored, triaged } = await readAndTriage(client, items, options, false);
    triaged.sort((a, b) => a.stage - b.stage);
    const recorded = await recordIntent(client, stored, triaged, options);
    result.objects = await applyAll(client, triaged, options, emit);

    const plan = await planPruneLive(client, inventory, triaged, options.prune, options.concurrency, keptCopies);
    if (plan.blocked) {
      result.pruneBlocked = plan.blocked;
      emit({ type: 'prune-blocked', cluster: client.cluster, block: plan.blocked });
    }
    result.pruned = await prune(client, plan, options, emit);

    const failed = new Set(result.pruned.filter((p) => p.action === 'failed').map((p) => p.ref));
    const survivors = plan.deletes.filter((c) => failed.has(c.ref)).map((c) => c.entry);
    const next = nextInventory(currentEntries(triaged, result.objects, new Map(inventory.map((e) => [e.id, e]))), [
      ...plan.kept,
      ...survivors,
    ]);
    const changed = !sameInventory(recorded.entries, next);
    const final = changed ? await swapInventory(client, recorded, next, options.inventoryName) : recorded;
    result.inventoryWritten = changed || recorded !== stored;
    emit({
      type: 'inventory',
      cluster: client.cluster,
      entries: final.entries.length,
      written: result.inventoryWritten,
    });
  } catch (error) {
    result.error = error as Error;
  } finally {
    await lock?.release();
  }
  return result;
}
