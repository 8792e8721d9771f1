import { compareNames } from './name-order.ts';
import type { ClusterView } from './cluster-view.ts';

/** A feasible cluster with what selection and assignment need (Karmada's ClusterDetailInfo). */
export interface Candidate {
  readonly name: string;
  readonly view: ClusterView;
  /** Sum of the score plugins. */
  readonly score: number;
  /** The estimator's answer: room for this many more replicas. */
  readonly allocatable: number;
  /** allocatable + the replicas the previous result gave this cluster. */
  readonly available: number;
  /** 0 for the affinity's own clusters, i for the i-th overflow tier (docs/karmada-compatibility.md#overflow-tiers). */
  readonly tier: number;
}

/**
 * The global cluster order (pkg/scheduler/core/spreadconstraint/util.go,
 * docs/karmada-compatibility.md#spread-constraints): overflow tier ascending, score descending, available replicas
 * descending, name ascending.
 */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return a.tier - b.tier || b.score - a.score || b.available - a.available || compareNames(a.name, b.name);
}
