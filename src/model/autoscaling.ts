/**
 * Karmada's federated autoscaling kinds (autoscaling.karmada.io/v1alpha1): FederatedHPA, which
 * runs the Kubernetes HPA algorithm over the pods of every member that runs a workload, and
 * CronFederatedHPA, which scales a workload or a FederatedHPA's bounds on cron schedules. The
 * metric, behavior and status shapes are Kubernetes' autoscaling/v2, which Karmada embeds; field
 * names are Karmada's, so existing YAML is read unchanged.
 */
import type { ObjectRef } from './identity.ts';
import type { Condition, KubeObject, ObjectMeta } from './kube.ts';

export const AUTOSCALING_GROUP_VERSION = 'autoscaling.karmada.io/v1alpha1';

/** The workload (or, for a CronFederatedHPA, the FederatedHPA) an autoscaler acts on, in its own namespace. */
export interface CrossVersionObjectReference {
  apiVersion?: string;
  kind: string;
  name: string;
}

/** The object an autoscaler in `namespace` targets. */
export function targetRef(namespace: string, ref: CrossVersionObjectReference): ObjectRef {
  return { apiVersion: ref.apiVersion ?? '', kind: ref.kind, namespace, name: ref.name };
}

/** Whether a CronFederatedHPA's target is a FederatedHPA (its bounds are scaled), not a workload. */
export function targetsFederatedHPA(ref: CrossVersionObjectReference): boolean {
  return ref.kind === 'FederatedHPA' && ref.apiVersion?.startsWith('autoscaling.karmada.io/') === true;
}

export type MetricTargetType = 'Utilization' | 'Value' | 'AverageValue';

export interface MetricTarget {
  type: MetricTargetType;
  value?: string | number;
  averageValue?: string | number;
  /** Percent of the pods' requests. */
  averageUtilization?: number;
}

export interface ResourceMetricSource {
  name: string;
  target: MetricTarget;
}

export interface ContainerResourceMetricSource extends ResourceMetricSource {
  container: string;
}

/** A Pods, Object or External source: read so it is recognised; Flotilla has no custom metrics API to ask. */
export interface CustomMetricSource {
  metric: { name: string; selector?: unknown };
  target: MetricTarget;
  describedObject?: CrossVersionObjectReference;
}

export type MetricSourceType = 'Resource' | 'ContainerResource' | 'Pods' | 'Object' | 'External';

export interface MetricSpec {
  type: MetricSourceType;
  resource?: ResourceMetricSource;
  containerResource?: ContainerResourceMetricSource;
  pods?: CustomMetricSource;
  object?: CustomMetricSource;
  external?: CustomMetricSource;
}

export interface HPAScalingPolicy {
  type: 'Pods' | 'Percent';
  value: number;
  periodSeconds: number;
}

export type ScalingPolicySelect = 'Max' | 'Min' | 'Disabled';

export interface HPAScalingRules {
  stabilizationWindowSeconds?: number;
  selectPolicy?: ScalingPolicySelect;
  policies?: HPAScalingPolicy[];
}

export interface HorizontalPodAutoscalerBehavior {
  scaleUp?: HPAScalingRules;
  scaleDown?: HPAScalingRules;
}

export interface FederatedHPASpec {
  scaleTargetRef: CrossVersionObjectReference;
  /** Defaults to 1 (Karmada's webhook). */
  minReplicas?: number;
  maxReplicas: number;
  /** Defaults to 80% average CPU utilization. */
  metrics?: MetricSpec[];
  behavior?: HorizontalPodAutoscalerBehavior;
}

/** The current value of one metric, in the shape of its source. */
export interface MetricValueStatus {
  value?: string;
  averageValue?: string;
  averageUtilization?: number;
}

/** One per metric of the spec, in its order; a metric that could not be computed is an empty one (type ''). */
export interface MetricStatus {
  type: MetricSourceType | '';
  resource?: { name: string; current: MetricValueStatus };
  containerResource?: { name: string; container: string; current: MetricValueStatus };
}

export type HPAConditionType = 'AbleToScale' | 'ScalingActive' | 'ScalingLimited';

/** An HPA condition; the status branch leaves out its transition time (docs/architecture.md, "Status"). */
export interface HPACondition extends Omit<Condition, 'type'> {
  type: HPAConditionType;
}

/** Kubernetes' HorizontalPodAutoscalerStatus, which a FederatedHPA reports. */
export interface FederatedHPAStatus {
  currentReplicas: number;
  desiredReplicas: number;
  /** RFC 3339. */
  lastScaleTime?: string;
  currentMetrics?: MetricStatus[];
  conditions?: HPACondition[];
}

/** autoscaling.karmada.io/v1alpha1 FederatedHPA (namespaced). */
export interface FederatedHPA extends KubeObject {
  kind: 'FederatedHPA';
  metadata: ObjectMeta & { name: string; namespace: string };
  spec: FederatedHPASpec;
  status?: FederatedHPAStatus;
}

export interface CronFederatedHPARule {
  /** Unique in the CronFederatedHPA; its execution history is keyed by it. */
  name: string;
  /** Five fields or a descriptor (docs/karmada-compatibility.md#cronfederatedhpa). */
  schedule: string;
  /** Set the workload's replicas (a workload target). */
  targetReplicas?: number;
  /** Set the FederatedHPA's minReplicas and/or maxReplicas (a FederatedHPA target). */
  targetMinReplicas?: number;
  targetMaxReplicas?: number;
  /** Defaults to false. */
  suspend?: boolean;
  /** An IANA time zone; absent: the time zone of the `run` process. */
  timeZone?: string;
  /** Defaults to 3, 1 to 32. */
  successfulHistoryLimit?: number;
  /** Defaults to 3, 0 to 32. */
  failedHistoryLimit?: number;
}

export interface CronFederatedHPASpec {
  scaleTargetRef: CrossVersionObjectReference;
  rules: CronFederatedHPARule[];
}

export interface SuccessfulExecution {
  /** RFC 3339: when the schedule said. */
  scheduleTime: string;
  /** RFC 3339: when it ran. */
  executionTime: string;
  appliedReplicas?: number;
  appliedMinReplicas?: number;
  appliedMaxReplicas?: number;
}

export interface FailedExecution {
  scheduleTime: string;
  executionTime: string;
  message: string;
}

export interface ExecutionHistory {
  ruleName: string;
  /** RFC 3339; absent while the rule is suspended. */
  nextExecutionTime?: string;
  /** Newest first, at most the rule's successfulHistoryLimit. */
  successfulExecutions?: SuccessfulExecution[];
  /** Newest first, at most the rule's failedHistoryLimit. */
  failedExecutions?: FailedExecution[];
}

export interface CronFederatedHPAStatus {
  executionHistories?: ExecutionHistory[];
}

/** autoscaling.karmada.io/v1alpha1 CronFederatedHPA (namespaced). */
export interface CronFederatedHPA extends KubeObject {
  kind: 'CronFederatedHPA';
  metadata: ObjectMeta & { name: string; namespace: string };
  spec: CronFederatedHPASpec;
  status?: CronFederatedHPAStatus;
}
