/**
 * The taints ClusterTaintPolicies added, as the status branch records them: in the cluster
 * documents' `spec.taints`, beside the failover's, as Karmada keeps both on the Cluster object.
 * Karmada records no owner for a taint, so neither does the branch: read back, a member's taints
 * are all offered to the taint policy controller, which keeps those its policies list.
 */
import type { Taint } from '../../model/index.ts';
import type { FailoverView } from '../failover/failover-view.ts';

/** Policy-added taints, by member. */
export type TaintPolicyRecord = ReadonlyMap<string, readonly Taint[]>;

/** The failover view with the policies' taints beside its own on each member (one taint per key and effect). */
export function withPolicyTaints(view: FailoverView, policy: TaintPolicyRecord): FailoverView {
  if (policy.size === 0) return view;
  const taints = new Map(view.taints);
  for (const [cluster, added] of policy) {
    const own = taints.get(cluster) ?? [];
    taints.set(cluster, [...own, ...added.filter((t) => !own.some((o) => o.key === t.key && o.effect === t.effect))]);
  }
  return { ...view, taints };
}

declare module '../controller-records.ts' {
  interface ControllerRecords {
    /** The taints ClusterTaintPolicies added, by member; read back, every taint of the cluster documents. */
    'taint-policy': TaintPolicyRecord;
  }
}
