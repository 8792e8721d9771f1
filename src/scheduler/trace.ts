/**
 * Why a binding was scheduled as it was, for `flotilla explain`: filled only when a caller passes
 * a trace, so normal scheduling pays one undefined check per cluster and nothing else.
 */
import type { ClusterAffinity } from '../model/index.ts';
import type { Strategy } from './strategy.ts';

/** One cluster in one attempt: the filter that rejected it, or what it scored and was given. */
export interface ClusterVerdict {
  name: string;
  /** The cluster is being deleted: never a candidate. */
  deleting?: true;
  /** The first filter plugin that rejected the cluster, and its reason. */
  rejectedBy?: { plugin: string; reason: string };
  /** Sum of the score plugins, for clusters that passed every filter. */
  score?: number;
  /** The estimator's room for more replicas. */
  allocatable?: number;
  /** allocatable plus the replicas the previous result gave the cluster. */
  available?: number;
  /** 0 for the affinity's own clusters, i for the i-th overflow tier. */
  tier?: number;
  /** Kept by spread-constraint selection (every feasible cluster when there are no constraints). */
  selected?: boolean;
  /** Replicas assigned, when the attempt succeeded and the cluster is a target. */
  replicas?: number;
}

/** One scheduling attempt: placement.clusterAffinity or one clusterAffinities term. */
export interface AttemptTrace {
  affinityName?: string;
  affinity?: ClusterAffinity;
  overflowTiers: number;
  clusters: ClusterVerdict[];
  /** Why the attempt failed; absent when it succeeded. */
  error?: string;
}

/** Every attempt the scheduler made for one binding, in order. */
export interface ScheduleTrace {
  strategy?: Strategy;
  replicas: number;
  attempts: AttemptTrace[];
}

/** An empty trace to pass to the scheduler. */
export function newTrace(): ScheduleTrace {
  return { replicas: 0, attempts: [] };
}
