/**
 * A Pull member's Work, as its folder on the works branch holds it, in the shape the apply engine
 * takes (docs/karmada-compatibility.md#pull-mode): the same desired objects, prune settings and
 * kept copies the hub's apply step gives a Push member. Pure.
 */
import { refKey, refOf } from '../model/index.ts';
import type { KubeObject, WorkDocument } from '../model/index.ts';
import type { ClusterApplyResult, InventoryEntry, PruneSettings, DesiredObject } from '../apply/index.ts';
import { inventoryEntry, comparable, containedIn, desiredDigest } from '../apply/index.ts';

/** The apply engine's input for one Work. */
export interface AgentWork {
  items: DesiredObject[];
  prune: PruneSettings;
  keptCopies: Map<string, string>;
}

/** The Work's manifests (in work.json's order) as desired objects, with work.json's prune and kept copies. */
export function agentWork(document: WorkDocument, manifests: readonly KubeObject[]): AgentWork {
  return {
    items: manifests.map((manifest, i) => ({
      manifest,
      suspended: document.objects[i]?.suspended ?? false,
      preserveOnDeletion: document.objects[i]?.preserveOnDeletion ?? false,
    })),
    prune: {
      enabled: document.prune.enabled,
      maxFraction: document.prune.maxFraction,
      allowMassPrune: document.prune.allowMassPrune,
      sourceHasErrors: document.prune.sourceHasErrors,
    },
    keptCopies: new Map(document.keptCopies.map((k) => [k.template, k.reason])),
  };
}

/**
 * `--report-only` (another tool, Argo CD or Flux, applies the folder): the Work's objects that the
 * member holds with every field the Work gives them count as applied at their digest, as the apply
 * engine's triage counts an object unchanged; the others as not applied yet.
 */
export function observedApply(
  cluster: string,
  manifests: readonly KubeObject[],
  live: ReadonlyMap<string, KubeObject>,
): { result: ClusterApplyResult; inventory: InventoryEntry[] } {
  const there = manifests.filter((m) => {
    const copy = live.get(refKey(refOf(m)));
    return copy !== undefined && containedIn(comparable(m), copy);
  });
  return {
    result: {
      cluster,
      objects: there.map((m) => ({ cluster, ref: refOf(m), action: 'unchanged' as const })),
      pruned: [],
      inventoryWritten: false,
    },
    inventory: there.map((m) => inventoryEntry(m, desiredDigest(m), false)),
  };
}
