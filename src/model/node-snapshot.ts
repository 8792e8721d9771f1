import type { Taint } from './kube.ts';

/**
 * Karmada's util.Resource as numbers: milli-CPU, bytes and counts. Amounts of a member's node
 * stay far below 2^53, so plain numbers are exact.
 */
export interface NodeResources {
  milliCpu: number;
  memory: number;
  ephemeralStorage: number;
  pods: number;
  /** Extended, hugepages and attachable-volume resources, by name. */
  scalars: Record<string, number>;
}

/**
 * One node of a Push member as the accurate estimator reads it (Karmada's scheduler-estimator
 * NodeInfo, docs/karmada-compatibility.md#accurate-estimator): what the replica's node claim is
 * matched against, and what is left of its allocatable once the pods bound to it are counted.
 */
export interface NodeSnapshot {
  name: string;
  labels: Record<string, string>;
  taints: Taint[];
  /** spec.unschedulable (a cordoned node). */
  unschedulable: boolean;
  /** allocatable − requests of the pods bound to it; absent when they exceed it, so the node gives no replica. */
  idle?: NodeResources;
}

/** A pod of a Push member as the descheduler reads it: Ready, or waiting for a node the member's scheduler cannot find. */
export interface PodSnapshot {
  namespace: string;
  labels: Record<string, string>;
  ready: boolean;
  /** lastTransitionTime of a Pending pod's PodScheduled=False condition with reason Unschedulable; absent otherwise. */
  unschedulableSince?: string;
}

/** What the status step saw of a Push member's nodes and pods, for the next pass's scheduler and descheduler. */
export interface NodeObservation {
  nodes: NodeSnapshot[];
  /** Only the pods that are Ready or unschedulable. */
  pods: PodSnapshot[];
}
