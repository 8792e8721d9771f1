/**
 * What the runner reports while it works: a discriminated union the CLI renders and the
 * reconcile pass collects. Expected outcomes (unchanged, conflict, skipped) are data, not throws.
 */
import type { ObjectRef } from '../model/index.ts';
import type { PruneBlock } from './prune-plan.ts';

/** What happened to one desired object. */
export type ObjectAction = 'created' | 'configured' | 'unchanged' | 'conflict' | 'failed' | 'suspended' | 'skipped';

export interface ObjectOutcome {
  cluster: string;
  ref: ObjectRef;
  action: ObjectAction;
  /** For `conflict` and `failed`: a typed error whose message names the object and the cluster. */
  error?: Error;
}

/** What happened to one prune candidate. */
export type PruneAction = 'deleted' | 'skipped' | 'failed';

export interface PruneOutcome {
  cluster: string;
  ref: ObjectRef;
  action: PruneAction;
  reason?: string;
  error?: Error;
}

/** One cluster's pass, when it is over. Extensible: later stages add fields. */
export interface ClusterApplyResult {
  cluster: string;
  objects: ObjectOutcome[];
  pruned: PruneOutcome[];
  pruneBlocked?: PruneBlock;
  /** Whether the inventory in the member changed. */
  inventoryWritten: boolean;
  /** The cluster could not be worked on at all (unreachable, bad credentials, missing context). */
  error?: Error;
}

export type ApplyEvent =
  | { type: 'cluster-started'; cluster: string; objects: number }
  | { type: 'object'; outcome: ObjectOutcome }
  | { type: 'wait'; cluster: string; ref: ObjectRef; condition: 'Established' }
  /** Another writer holds the member's inventory Lease: this pass waits for it (reported once). */
  | { type: 'locked'; cluster: string; holder: string; since?: string }
  | { type: 'prune'; outcome: PruneOutcome }
  | { type: 'prune-blocked'; cluster: string; block: PruneBlock }
  | { type: 'inventory'; cluster: string; entries: number; written: boolean }
  | { type: 'cluster-finished'; result: ClusterApplyResult };

/** Whether a cluster's pass had any failure (exit code 1). */
export function clusterFailed(result: ClusterApplyResult): boolean {
  return (
    result.error !== undefined ||
    result.objects.some((o) => o.action === 'failed' || o.action === 'conflict') ||
    result.pruned.some((p) => p.action === 'failed') ||
    (result.pruneBlocked !== undefined && result.pruneBlocked.reason !== 'disabled')
  );
}
