/**
 * A Pull member's Work, as its folder on the works branch holds it, in the shape the apply engine
 * takes (docs/karmada-compatibility.md#pull-mode): the same desired objects, prune settings and
 * kept copies the hub's apply step gives a Push member. Pure.
 */
import type { KubeObject, WorkDocument } from '../../model/index.ts';
import type { PruneSettings } from '../../apply/prune-plan.ts';
import type { DesiredObject } from '../../apply/triage.ts';

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
