import type { KubeObject, ObjectRef } from '../../model/index.ts';
import type { InventoryEntry } from '../inventory.ts';

/** An object the previous inventory holds and the new Work lacks, with its live copy. */
export interface PruneCandidate {
  entry: InventoryEntry;
  ref: ObjectRef;
  live: KubeObject;
}

/** What every filter may consult besides the candidate. */
export interface PruneContext {
  /** Namespaces that objects of the new Work live in. */
  namespacesInUse: ReadonlySet<string>;
  /** Templates (refKey, the live object's template annotation) whose copy stays in this cluster, with why. */
  keptCopies: ReadonlyMap<string, string>;
  /** Namespaces that such a kept copy lives in. */
  namespacesOfKeptCopies: ReadonlySet<string>;
  /** Per Namespace about to be pruned, what it holds that Flotilla does not own. */
  foreignObjects: ReadonlyMap<string, readonly string[]>;
  /** `--allow-mass-prune`: such a Namespace is deleted all the same. */
  allowForeignObjectsPrune: boolean;
}

/**
 * Why a candidate is not deleted. `keep` says whether it stays in the inventory (to be pruned
 * later) or is abandoned: left in the cluster and forgotten.
 */
export interface PruneSkip {
  filter: string;
  reason: string;
  keep: boolean;
}

/** One prune rule: a name and a check that returns a skip, or undefined to let the delete go on. */
export interface PruneFilter {
  readonly name: string;
  check(candidate: PruneCandidate, context: PruneContext): PruneSkip | undefined;
}
