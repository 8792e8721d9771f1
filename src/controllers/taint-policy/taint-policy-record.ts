/**
 * The taints ClusterTaintPolicies added, as the status branch records them: in the cluster
 * documents' `spec.taints`, beside the failover's, as Karmada keeps both on the Cluster object.
 * Karmada records no owner for a taint, so neither does the branch: read back, a member's taints
 * are all offered to the taint policy controller, which keeps those its policies list. Failover's
 * record section writes them, beside its own (controllers/failover/record-section.ts).
 */
import type { Taint } from '../../model/index.ts';

/** Policy-added taints, by member. */
export type TaintPolicyRecord = ReadonlyMap<string, readonly Taint[]>;

declare module '../controller-records.ts' {
  interface ControllerRecords {
    /** The taints ClusterTaintPolicies added, by member; read back, every taint of the cluster documents. */
    'taint-policy': TaintPolicyRecord;
  }
}
