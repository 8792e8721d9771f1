/**
 * Which objects a pass prunes in one cluster: exactly the previous inventory minus the new
 * Work, through the filters, in reverse apply order, and none at all when prune is off, when
 * the source has errors, or when it would delete more than the safety share of the inventory.
 * Pure.
 */
import { describeRef, TEMPLATE_ANNOTATION } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';
import { entryRef } from './inventory.ts';
import type { InventoryEntry } from './inventory.ts';
import { pruneFilters } from './prune-filters/index.ts';
import type { PruneCandidate, PruneSkip } from './prune-filters/index.ts';

/** The prune settings of one pass. */
export interface PruneSettings {
  /** `--prune` or `prune.enabled` in flotilla.yaml. @default false */
  enabled: boolean;
  /** The share of a cluster's inventory one pass may delete. @default 0.25 */
  maxFraction: number;
  /** `--allow-mass-prune`. @default false */
  allowMassPrune: boolean;
  /** Files of the source failed to parse, validate or render: the Work may be incomplete. @default false */
  sourceHasErrors: boolean;
  /**
   * Per cluster: templates (refKey) whose copy there is an evicted one meant to go (failover clean-up). Their deletes
   * are not counted against `maxFraction`, which guards against source changes, not against a member's recovery.
   */
  released?: ReadonlyMap<string, ReadonlySet<string>>;
}

export const DEFAULT_PRUNE_SETTINGS: Readonly<PruneSettings> = Object.freeze({
  enabled: false,
  maxFraction: 0.25,
  allowMassPrune: false,
  sourceHasErrors: false,
});

/** Why nothing is pruned in this cluster this pass. */
export type PruneBlock = { reason: 'disabled' | 'source-errors' | 'mass-prune'; message: string };

export interface PrunePlan {
  /** To delete, in reverse apply order. */
  deletes: PruneCandidate[];
  skipped: (PruneSkip & { candidate: PruneCandidate })[];
  /** Entries whose object is already gone: dropped from the inventory. */
  gone: InventoryEntry[];
  /** Entries that stay in the inventory (blocked, or skipped with keep). */
  kept: InventoryEntry[];
  blocked?: PruneBlock;
}

/**
 * Why `deletes` of a cluster's `inventory` objects are not pruned this pass, or `undefined` when they are; `judged`
 * of them (all by default) count against the mass-prune share.
 */
export function pruneBlock(
  settings: PruneSettings,
  cluster: string,
  deletes: number,
  inventory: number,
  judged = deletes,
): PruneBlock | undefined {
  if (deletes === 0) return undefined;
  if (!settings.enabled)
    return {
      reason: 'disabled',
      message: `cluster ${cluster}: ${deletes} object(s) to prune; prune is off (pass --prune or set prune.enabled in flotilla.yaml)`,
    };
  if (settings.sourceHasErrors) {
    return {
      reason: 'source-errors',
      message: `cluster ${cluster}: prune refused: the source has errors, so the Work may be incomplete and ${deletes} object(s) would be deleted by mistake; fix the errors first`,
    };
  }
  if (!settings.allowMassPrune && judged > settings.maxFraction * inventory) {
    return {
      reason: 'mass-prune',
      message: `cluster ${cluster}: prune refused: ${judged} of ${inventory} inventory objects would be deleted, more than ${Math.round(settings.maxFraction * 100)}%; pass --allow-mass-prune if this is intended (the usual cause is a second repository applying to the same members under the same inventory: give each its own --inventory-name)`,
    };
  }
  return undefined;
}

/** Namespaces holding a kept copy. */
function keptNamespaces(live: ReadonlyMap<string, KubeObject>, keptCopies: ReadonlyMap<string, string>): string[] {
  return [...live.values()]
    .filter((o) => keptCopies.has(o.metadata.annotations?.[TEMPLATE_ANNOTATION] ?? ''))
    .flatMap((o) => (o.metadata.namespace ? [o.metadata.namespace] : []));
}

/**
 * The prune plan. `inventory` is in apply order; `desiredIds` holds every object of the new Work
 * (suspended ones too: they are never pruned); `live` has the candidates' live copies by id;
 * `keptCopies` the templates whose copy stays although the Work lacks it (see the kept-copy filter).
 */
export function planPrune(input: {
  cluster: string;
  inventory: readonly InventoryEntry[];
  desiredIds: ReadonlySet<string>;
  live: ReadonlyMap<string, KubeObject>;
  namespacesInUse: ReadonlySet<string>;
  settings: PruneSettings;
  keptCopies?: ReadonlyMap<string, string>;
  /** Per Namespace candidate, the objects in it Flotilla does not own (see namespace-contents). */
  foreignObjects?: ReadonlyMap<string, readonly string[]>;
}): PrunePlan {
  const plan: PrunePlan = { deletes: [], skipped: [], gone: [], kept: [] };
  const filters = pruneFilters();
  const keptCopies = input.keptCopies ?? new Map<string, string>();
  const context = {
    namespacesInUse: input.namespacesInUse,
    keptCopies,
    namespacesOfKeptCopies: new Set(keptNamespaces(input.live, keptCopies)),
    foreignObjects: input.foreignObjects ?? new Map<string, string[]>(),
    allowForeignObjectsPrune: input.settings.allowMassPrune,
  };
  for (const entry of [...input.inventory].reverse()) {
    if (input.desiredIds.has(entry.id)) continue;
    const live = input.live.get(entry.id);
    if (!live) {
      plan.gone.push(entry);
      continue;
    }
    const candidate: PruneCandidate = { entry, ref: entryRef(entry), live };
    const skip = filters.map((f) => f.check(candidate, context)).find((s) => s !== undefined);
    if (skip) {
      plan.skipped.push({ ...skip, candidate });
      if (skip.keep) plan.kept.push(entry);
    } else plan.deletes.push(candidate);
  }
  // Kept entries in apply order, as the inventory held them: a pass that keeps the same objects writes no new inventory.
  const position = new Map(input.inventory.map((e, i) => [e.id, i]));
  const inInventoryOrder = (entries: InventoryEntry[]) =>
    entries.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const released = input.settings.released?.get(input.cluster);
  const judged = plan.deletes.filter((c) => !released?.has(c.live.metadata.annotations?.[TEMPLATE_ANNOTATION] ?? ''));
  const blocked = pruneBlock(input.settings, input.cluster, plan.deletes.length, input.inventory.length, judged.length);
  if (!blocked) return { ...plan, kept: inInventoryOrder(plan.kept) };
  return { ...plan, deletes: [], kept: inInventoryOrder([...plan.kept, ...plan.deletes.map((c) => c.entry)]), blocked };
}

/** A one-line description of a skipped candidate, for events and plans. */
export function describeSkip(skip: PrunePlan['skipped'][number]): string {
  return `${describeRef(skip.candidate.ref)}: not pruned: ${skip.reason}`;
}
