/**
 * What the autoscaling controller of `run` records on the status branch, so a restarted loop,
 * `plan` and `apply` use the same replica counts: each FederatedHPA's status (Karmada's fields)
 * with a history of its scale events, each CronFederatedHPA's execution histories, and the
 * replica count each scaled workload has in place of its template's. Git is never changed: where
 * Karmada writes the template's replicas or the FederatedHPA's bounds, Flotilla records them.
 */
import type { CronFederatedHPAStatus, CrossVersionObjectReference, FederatedHPAStatus } from './autoscaling.ts';
import type { ObjectRef } from './identity.ts';

/** How many scale events a FederatedHPA's record keeps, newest first. */
export const SCALE_EVENT_HISTORY = 10;

/** One change of a workload's replica count. */
export interface ScaleEvent {
  /** RFC 3339. */
  time: string;
  from: number;
  to: number;
  reason: string;
}

/**
 * The minReplicas and maxReplicas CronFederatedHPA rules set on a FederatedHPA, and the spec's
 * bounds they replaced: once git's bounds differ from those, git's edit is the later write and wins.
 */
export interface CronLimits {
  minReplicas?: number;
  maxReplicas?: number;
  specMinReplicas: number;
  specMaxReplicas: number;
  /** Who set them: `CronFederatedHPA <namespace>/<name>`. */
  by: string;
}

/** A FederatedHPA as the loop last left it. */
export interface RecordedFederatedHPA {
  namespace: string;
  name: string;
  scaleTargetRef: CrossVersionObjectReference;
  status: FederatedHPAStatus;
  /** Newest first, at most {@link SCALE_EVENT_HISTORY}. */
  scaleEvents: ScaleEvent[];
  limits?: CronLimits;
}

/** A CronFederatedHPA as the loop last left it. */
export interface RecordedCronFederatedHPA {
  namespace: string;
  name: string;
  scaleTargetRef: CrossVersionObjectReference;
  status: CronFederatedHPAStatus;
}

/**
 * A workload's replica count as an autoscaler set it, used in place of its template's for
 * scheduling, Work and status. Once the template's replicas in git differ from `templateReplicas`
 * (the count when it was set), git's edit is the later write and wins.
 */
export interface ScaledWorkload {
  resource: ObjectRef;
  replicas: number;
  templateReplicas: number;
  /** `FederatedHPA <namespace>/<name>` or `CronFederatedHPA <namespace>/<name>`. */
  by: string;
}

/** Everything the autoscaling controller records, each list sorted by identity. */
export interface AutoscalingRecord {
  federatedHPAs: RecordedFederatedHPA[];
  cronFederatedHPAs: RecordedCronFederatedHPA[];
  workloads: ScaledWorkload[];
}

/** Nothing recorded. */
export function emptyAutoscalingRecord(): AutoscalingRecord {
  return { federatedHPAs: [], cronFederatedHPAs: [], workloads: [] };
}
