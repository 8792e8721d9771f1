import type { ObjectRef, Placement, ReplicaRequirements, TargetCluster } from '../model/index.ts';
import type { ScheduleError } from './errors/index.ts';

/** What the scheduler needs to know of one binding. */
export interface SchedulingInput {
  /** Template identity: the tie-break seed comes from it (README.md#flotilla-plan). */
  resource: ObjectRef;
  /** From the interpreter's InterpretReplica (0 for kinds without replicas). */
  replicas: number;
  /** Per-replica requests for the estimator. */
  replicaRequirements?: ReplicaRequirements;
  /** The policy's placement after the loader's webhook/CRD defaults. */
  placement: Placement;
  /** Last result: stable rescheduling (scale up/down keeps it) and ClusterLocality. */
  previous?: TargetCluster[];
  /** The clusterAffinities term in use last time (Karmada's schedulerObservingAffinityName). */
  previousAffinityName?: string;
  /** `fromCluster` of the binding's graceful eviction tasks (ClusterEviction filter). */
  evictedClusters?: string[];
  /**
   * A reschedule was requested (Karmada's rescheduleTriggeredAt,
   * docs/karmada-compatibility.md#when-a-binding-is-scheduled): dynamic strategies divide afresh (Fresh mode) and
   * clusterAffinities restart from the first term.
   * @default false
   */
  rescheduleRequested?: boolean;
  /**
   * Overrides the tie-break seed, e.g. with a synthetic UID (docs/karmada-compatibility.md#synthetic-uids).
   * @default `apiVersion/kind/namespace/name` of `resource`
   */
  uid?: string;
  /**
   * The clusters of the other bindings sharing this binding's workload affinity groups, as the pass stands when
   * it is scheduled (docs/karmada-compatibility.md#workload-affinity); absent when it has no group.
   */
  workloadAffinity?: WorkloadAffinityPeers;
}

/** Per group, one entry per peer binding: the clusters it targets (Karmada's spec.clusters, maybe none). */
export interface WorkloadAffinityPeers {
  affinity: readonly (readonly string[])[];
  antiAffinity: readonly (readonly string[])[];
}

/** A note for the plan: the scheduler never logs. */
export interface ScheduleDiagnostic {
  severity: 'warning';
  message: string;
}

/** The scheduling result of one binding. */
export interface ScheduleResult {
  /** Karmada's TargetCluster list, in Karmada's order; [] when unschedulable. */
  clusters: TargetCluster[];
  /** Why it could not be scheduled; `code` NoClusterFit is the one Karmada withdraws on. */
  error: ScheduleError | null;
  /** The clusterAffinities term used (kept from the input when every term failed). */
  affinityName?: string;
  diagnostics: ScheduleDiagnostic[];
}
