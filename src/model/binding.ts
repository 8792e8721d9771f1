import type { ObjectRef } from './identity.ts';
import type {
  Component,
  ConflictResolution,
  FailoverBehavior,
  Placement,
  ReplicaRequirements,
  Suspension,
  TargetCluster,
} from './karmada.ts';

/** What claims a template: a propagation policy, or a MultiClusterService claiming its Service. */
export interface PolicyRef {
  kind: 'PropagationPolicy' | 'ClusterPropagationPolicy' | 'MultiClusterService';
  namespace: string;
  name: string;
}

/**
 * What the detector builds for a claimed template (Karmada's ResourceBinding spec, less the
 * fields only a control plane has). The scheduler fills `clusters`.
 */
export interface BindingSpec {
  resource: ObjectRef;
  policy: PolicyRef;
  replicas: number;
  replicaRequirements?: ReplicaRequirements;
  components?: Component[];
  placement: Placement;
  propagateDeps: boolean;
  conflictResolution: ConflictResolution;
  preserveResourcesOnDeletion: boolean;
  failover?: FailoverBehavior;
  suspension?: Suspension;
  schedulerName: string;
  /** Instantiated from placement.workloadAffinity when its feature gate is on; absent when neither group applies. */
  workloadAffinityGroups?: WorkloadAffinityGroups;
}

/**
 * Karmada's ResourceBinding `spec.workloadAffinityGroups`: each group named `<groupByLabelKey>=<value>` from the
 * template's label, scoped to the binding's namespace.
 */
export interface WorkloadAffinityGroups {
  affinityGroup?: string;
  antiAffinityGroup?: string;
}

/** A binding after scheduling: `clusters` empty with `error` set when it could not be placed. */
export interface ScheduledBinding extends BindingSpec {
  clusters: TargetCluster[];
  error: string | null;
  /** The clusterAffinities term in use (Karmada's schedulerObservingAffinityName). */
  affinityName?: string;
  /**
   * JSON of the placement `clusters` were scheduled with: Karmada's
   * `policy.karmada.io/applied-placement` annotation, which the next pass compares with the
   * policy's placement to decide whether to schedule again (docs/karmada-compatibility.md#when-a-binding-is-scheduled).
   * Kept verbatim while the binding is not scheduled again; absent when it never was.
   */
  appliedPlacement?: string;
}
