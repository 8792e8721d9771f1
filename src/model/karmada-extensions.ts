/**
 * Karmada kinds Flotilla loads but whose controllers are not part of a pass yet: cluster taint
 * policies, federated resource quotas, workload rebalancers and the search cache's resource
 * registries. Field names are Karmada's (policy.karmada.io, apps.karmada.io, search.karmada.io
 * v1alpha1), so existing YAML is read unchanged.
 */
import type { ClusterAffinity } from './karmada.ts';
import type { Condition, KubeObject, ObjectMeta, ResourceList, TaintEffect } from './kube.ts';

export const APPS_GROUP_VERSION = 'apps.karmada.io/v1alpha1';
export const SEARCH_GROUP_VERSION = 'search.karmada.io/v1alpha1';

/** A condition of the Cluster's status that a ClusterTaintPolicy waits for. */
export interface MatchCondition {
  conditionType: string;
  operator: 'In' | 'NotIn';
  statusValues: ('True' | 'False' | 'Unknown')[];
}

/** A taint a ClusterTaintPolicy adds to or removes from its clusters. */
export interface ClusterTaintPolicyTaint {
  key: string;
  effect: TaintEffect;
  value?: string;
}

export interface ClusterTaintPolicySpec {
  /** Absent: every cluster. */
  targetClusters?: ClusterAffinity;
  /** ANDed; empty means the taints are never added. */
  addOnConditions?: MatchCondition[];
  /** ANDed; empty means the taints are never removed. */
  removeOnConditions?: MatchCondition[];
  taints: ClusterTaintPolicyTaint[];
}

/** policy.karmada.io/v1alpha1 ClusterTaintPolicy (cluster-scoped). */
export interface ClusterTaintPolicy extends KubeObject {
  kind: 'ClusterTaintPolicy';
  metadata: ObjectMeta & { name: string };
  spec: ClusterTaintPolicySpec;
}

/** One cluster's share of a FederatedResourceQuota. */
export interface StaticClusterAssignment {
  clusterName: string;
  hard: ResourceList;
}

export interface FederatedResourceQuotaSpec {
  /** Hard limits for the namespace across every cluster. */
  overall: ResourceList;
  staticAssignments?: StaticClusterAssignment[];
}

/** One member's ResourceQuota status as a FederatedResourceQuota aggregates it. */
export interface ClusterQuotaStatus {
  clusterName: string;
  hard?: ResourceList;
  used?: ResourceList;
}

export interface FederatedResourceQuotaStatus {
  overall?: ResourceList;
  overallUsed?: ResourceList;
  aggregatedStatus?: ClusterQuotaStatus[];
}

/** policy.karmada.io/v1alpha1 FederatedResourceQuota (namespaced). */
export interface FederatedResourceQuota extends KubeObject {
  kind: 'FederatedResourceQuota';
  spec: FederatedResourceQuotaSpec;
  status?: FederatedResourceQuotaStatus;
}

/** A workload a WorkloadRebalancer reschedules; no namespace means a cluster-scoped one. */
export interface RebalancerWorkload {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
}

export interface WorkloadRebalancerSpec {
  workloads: RebalancerWorkload[];
  /** Seconds after it finished until the rebalancer deletes itself; absent: never. */
  ttlSecondsAfterFinished?: number;
}

/** apps.karmada.io/v1alpha1 WorkloadRebalancer (cluster-scoped): a one-off fresh reschedule. */
export interface WorkloadRebalancer extends KubeObject {
  kind: 'WorkloadRebalancer';
  metadata: ObjectMeta & { name: string };
  spec: WorkloadRebalancerSpec;
}

/** A kind (in some or every namespace) the search cache collects. */
export interface RegistrySelector {
  apiVersion: string;
  kind: string;
  namespace?: string;
}

/** Where Karmada's search keeps its cache: an OpenSearch cluster (absent: memory). */
export interface BackendStoreConfig {
  openSearch?: { addresses?: string[]; secretRef?: { namespace?: string; name?: string } };
}

/** Every field may be absent: Karmada's search API server requires none (absent targetCluster: every cluster). */
export interface ResourceRegistrySpec {
  targetCluster?: ClusterAffinity;
  resourceSelectors?: RegistrySelector[];
  backendStore?: BackendStoreConfig;
}

/** search.karmada.io/v1alpha1 ResourceRegistry (cluster-scoped): what the search cache collects from where. */
export interface ResourceRegistry extends KubeObject {
  kind: 'ResourceRegistry';
  metadata: ObjectMeta & { name: string };
  spec: ResourceRegistrySpec;
  status?: { conditions?: Condition[] };
}
