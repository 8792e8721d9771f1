/**
 * Karmada's API types (policy.karmada.io, cluster.karmada.io, config.karmada.io), with the field
 * names of Karmada v1alpha1 so existing Karmada YAML is read unchanged. Semantics live in the
 * modules that use them; see docs/karmada-compatibility.md#objects-and-validation.
 */
import type {
  Condition,
  KubeObject,
  LabelSelector,
  NodeSelectorRequirement,
  ObjectMeta,
  ResourceList,
  Taint,
  Toleration,
} from './kube.ts';

export const POLICY_GROUP_VERSION = 'policy.karmada.io/v1alpha1';
export const CLUSTER_GROUP_VERSION = 'cluster.karmada.io/v1alpha1';
export const CONFIG_GROUP_VERSION = 'config.karmada.io/v1alpha1';

export interface ResourceSelector {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name?: string;
  labelSelector?: LabelSelector;
}

export interface FieldSelector {
  matchExpressions?: NodeSelectorRequirement[];
}

export interface ClusterAffinity {
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
  clusterNames?: string[];
  exclude?: string[];
}

export interface OverflowAffinity extends ClusterAffinity {
  affinityName: string;
}

export interface ClusterAffinityTerm extends ClusterAffinity {
  affinityName: string;
  overflowAffinities?: OverflowAffinity[];
}

export type SpreadFieldValue = 'cluster' | 'region' | 'zone' | 'provider';

export interface SpreadConstraint {
  spreadByField?: SpreadFieldValue;
  spreadByLabel?: string;
  minGroups?: number;
  maxGroups?: number;
}

export interface StaticClusterWeight {
  targetCluster: ClusterAffinity;
  weight: number;
}

export interface ClusterPreferences {
  staticWeightList?: StaticClusterWeight[];
  dynamicWeight?: 'AvailableReplicas';
}

export type ReplicaSchedulingType = 'Duplicated' | 'Divided';
export type ReplicaDivisionPreference = 'Aggregated' | 'Weighted';

export interface ReplicaSchedulingStrategy {
  replicaSchedulingType?: ReplicaSchedulingType;
  replicaDivisionPreference?: ReplicaDivisionPreference;
  weightPreference?: ClusterPreferences;
}

export interface Placement {
  clusterAffinity?: ClusterAffinity;
  clusterAffinities?: ClusterAffinityTerm[];
  clusterTolerations?: Toleration[];
  spreadConstraints?: SpreadConstraint[];
  replicaScheduling?: ReplicaSchedulingStrategy;
  /** Alpha in Karmada, acted on only behind the WorkloadAffinity feature gate (off by default). */
  workloadAffinity?: WorkloadAffinity | null;
}

/** Co-locate (affinity) or separate (antiAffinity) workloads sharing a template label's value. */
export interface WorkloadAffinity {
  affinity?: { groupByLabelKey: string };
  antiAffinity?: { groupByLabelKey: string };
}

export type PurgeMode = 'Directly' | 'Gracefully' | 'Never';

export interface StatePreservation {
  rules: { aliasLabelName: string; jsonPath: string }[];
}

export interface FailoverBehavior {
  application?: {
    decisionConditions?: { tolerationSeconds?: number };
    purgeMode?: PurgeMode;
    gracePeriodSeconds?: number;
    statePreservation?: StatePreservation;
  };
  cluster?: {
    purgeMode?: PurgeMode;
    statePreservation?: StatePreservation;
  };
}

export interface Suspension {
  dispatching?: boolean;
  dispatchingOnClusters?: { clusterNames?: string[] };
}

export type ConflictResolution = 'Abort' | 'Overwrite';

export interface PropagationSpec {
  resourceSelectors: ResourceSelector[];
  association?: boolean;
  propagateDeps?: boolean;
  placement?: Placement;
  priority?: number;
  preemption?: 'Always' | 'Never';
  dependentOverrides?: string[];
  schedulerName?: string;
  failover?: FailoverBehavior;
  conflictResolution?: ConflictResolution;
  activationPreference?: '' | 'Lazy';
  suspension?: Suspension;
  preserveResourcesOnDeletion?: boolean;
  schedulePriority?: { priorityClassSource?: string; priorityClassName?: string };
}

/**
 * A PropagationPolicy or ClusterPropagationPolicy; `MultiClusterService` is the policy the
 * detector makes of one for the Service it claims (src/render/detect/multicluster-service-claims.ts).
 */
export interface PropagationPolicy extends KubeObject {
  kind: 'PropagationPolicy' | 'ClusterPropagationPolicy' | 'MultiClusterService';
  spec: PropagationSpec;
}

export type PatchOperator = 'add' | 'remove' | 'replace';

export interface PlaintextOverrider {
  path: string;
  operator: PatchOperator;
  value?: unknown;
}

export interface ImageOverrider {
  predicate?: { path: string };
  component: 'Registry' | 'Repository' | 'Tag';
  operator: PatchOperator;
  value?: string;
}

export interface CommandArgsOverrider {
  containerName: string;
  operator: 'add' | 'remove';
  value?: string[];
}

export interface LabelAnnotationOverrider {
  operator: PatchOperator;
  value?: Record<string, string>;
}

export interface YAMLPatchOperation {
  subPath: string;
  operator: PatchOperator;
  value?: unknown;
}

export interface FieldOverrider {
  fieldPath: string;
  json?: YAMLPatchOperation[];
  yaml?: YAMLPatchOperation[];
}

export interface Overriders {
  plaintext?: PlaintextOverrider[];
  imageOverrider?: ImageOverrider[];
  commandOverrider?: CommandArgsOverrider[];
  argsOverrider?: CommandArgsOverrider[];
  labelsOverrider?: LabelAnnotationOverrider[];
  annotationsOverrider?: LabelAnnotationOverrider[];
  fieldOverrider?: FieldOverrider[];
}

export interface RuleWithCluster {
  targetCluster?: ClusterAffinity;
  overriders: Overriders;
}

export interface OverrideSpec {
  resourceSelectors?: ResourceSelector[];
  overrideRules?: RuleWithCluster[];
  /** Deprecated single-rule form; used only when overrideRules is empty. */
  targetCluster?: ClusterAffinity;
  /** Deprecated single-rule form; used only when overrideRules is empty. */
  overriders?: Overriders;
}

export interface OverridePolicy extends KubeObject {
  kind: 'OverridePolicy' | 'ClusterOverridePolicy';
  spec: OverrideSpec;
}

export interface ResourceModelRange {
  name: string;
  min: string | number;
  max: string | number;
}

export interface ResourceModel {
  grade: number;
  ranges: ResourceModelRange[];
}

export interface APIEnablement {
  groupVersion: string;
  resources?: { name: string; kind: string }[];
}

export interface ResourceSummary {
  allocatable?: ResourceList;
  allocating?: ResourceList;
  allocated?: ResourceList;
  allocatableModelings?: { grade: number; count: number }[];
}

export interface ClusterSpec {
  id?: string;
  syncMode?: 'Push' | 'Pull';
  apiEndpoint?: string;
  provider?: string;
  region?: string;
  zone?: string;
  zones?: string[];
  taints?: Taint[];
  resourceModels?: ResourceModel[];
  [key: string]: unknown;
}

export interface ClusterStatus {
  kubernetesVersion?: string;
  apiEnablements?: APIEnablement[];
  conditions?: Condition[];
  nodeSummary?: { totalNum?: number; readyNum?: number };
  resourceSummary?: ResourceSummary;
}

export interface Cluster extends KubeObject {
  kind: 'Cluster';
  metadata: ObjectMeta & { name: string };
  spec: ClusterSpec;
  status?: ClusterStatus;
}

export interface LuaScript {
  luaScript: string;
}

export interface CustomizationRules {
  retention?: LuaScript;
  replicaResource?: LuaScript;
  componentResource?: LuaScript;
  replicaRevision?: LuaScript;
  statusReflection?: LuaScript;
  statusAggregation?: LuaScript;
  healthInterpretation?: LuaScript;
  dependencyInterpretation?: LuaScript;
}

export interface ResourceInterpreterCustomization extends KubeObject {
  kind: 'ResourceInterpreterCustomization';
  spec: {
    target: { apiVersion: string; kind: string };
    customizations: CustomizationRules;
  };
}

/** Per-replica needs of a workload (Karmada's ReplicaRequirements). */
export interface ReplicaRequirements {
  nodeClaim?: {
    hardNodeAffinity?: unknown;
    nodeSelector?: Record<string, string>;
    tolerations?: Toleration[];
  };
  resourceRequest?: ResourceList;
  namespace?: string;
  priorityClassName?: string;
}

export interface Component {
  name: string;
  replicas: number;
  replicaRequirements?: ReplicaRequirements;
}

/** One entry of a scheduling result (Karmada's TargetCluster). */
export interface TargetCluster {
  name: string;
  replicas: number;
}

export type HealthState = 'Healthy' | 'Unhealthy' | 'Unknown';

/** Karmada's AggregatedStatusItem: one member's view of one template. */
export interface AggregatedStatusItem {
  clusterName: string;
  status?: Record<string, unknown>;
  applied?: boolean;
  appliedMessage?: string;
  health?: HealthState;
}

/** Why a binding is being evicted from a member (Karmada's EvictionReason*). */
export type EvictionReason = 'TaintUntolerated' | 'ApplicationFailure';

/** Karmada's EvictionProducer*: the taint manager, or the RB / CRB application failover controller. */
export type EvictionProducer =
  | 'TaintManager'
  | 'resource-binding-application-failover-controller'
  | 'cluster-resource-binding-application-failover-controller';

/**
 * Karmada's GracefulEvictionTask (ResourceBinding `spec.gracefulEvictionTasks`,
 * docs/karmada-compatibility.md#failover-and-eviction), less the alpha state-preservation fields.
 */
export interface GracefulEvictionTask {
  fromCluster: string;
  purgeMode: PurgeMode;
  /** The evicted member's replicas, when it had any. */
  replicas?: number;
  reason: EvictionReason;
  producer: EvictionProducer;
  /** Application failover with purgeMode Gracefully: the task's own timeout. */
  gracePeriodSeconds?: number;
  /** purgeMode Never: the old copy stays until a human sets this to false. */
  suppressDeletion?: boolean;
  /** RFC 3339. */
  creationTimestamp: string;
}
