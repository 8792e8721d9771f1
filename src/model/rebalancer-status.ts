/**
 * A WorkloadRebalancer's status (apps.karmada.io/v1alpha1), as the status branch records it, with
 * Flotilla's two additions: the digest of the spec it ran (a repository has no generation) and,
 * once its ttlSecondsAfterFinished has passed, when it expired (Karmada deletes it then; Flotilla
 * never changes git).
 */
import type { RebalancerWorkload } from './karmada-extensions.ts';

export type RebalanceResult = 'Successful' | 'Failed';

/** Karmada's one failure reason: the workload has no binding. */
export const REBALANCE_OBJECT_NOT_FOUND = 'ReferencedBindingNotFound';

export interface ObservedWorkload {
  workload: RebalancerWorkload;
  /** Absent while the reschedule has not been triggered yet. */
  result?: RebalanceResult;
  reason?: typeof REBALANCE_OBJECT_NOT_FOUND;
}

export interface WorkloadRebalancerStatus {
  observedWorkloads: ObservedWorkload[];
  /** Counts the spec changes seen, from 1. */
  observedGeneration: number;
  /** RFC 3339; set when every workload has a result. */
  finishTime?: string;
  /** RFC 3339: finishTime + ttlSecondsAfterFinished, once passed. */
  expiredAt?: string;
}

/** One rebalancer's record: its name, the digest of the spec its status is for, the status. */
export interface RecordedRebalancer {
  name: string;
  specDigest: string;
  status: WorkloadRebalancerStatus;
}
