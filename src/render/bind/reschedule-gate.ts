/**
 * Karmada's "should I schedule" gate (docs/karmada-compatibility.md#when-a-binding-is-scheduled,
 * pkg/scheduler/scheduler.go doScheduleBinding): scheduling is stateful, so a binding whose placement, replicas and
 * target clusters are as they were keeps its clusters, unless it is not a Divided workload. This is why a
 * Divided workload does not spread to a new cluster, nor move back to a member it was evicted from.
 *
 * A reschedule request (Karmada's `rescheduleTriggeredAt`, set by a WorkloadRebalancer) reaches
 * the gate as a binding without a previous schedule: the workload rebalancer controller
 * (src/controllers/rebalancer/) drops it for that pass, so the binding is scheduled afresh.
 */
import { isDeepStrictEqual } from 'node:util';
import { isRecord } from '../../model/index.ts';
import type { BindingSpec, Cluster, ClusterAffinityTerm, Placement, TargetCluster } from '../../model/index.ts';

/** What the last scheduling left on a binding, as far as the gate reads it. */
export interface LastScheduling {
  clusters: readonly TargetCluster[];
  /** The `policy.karmada.io/applied-placement` annotation: the placement JSON; absent when there was none. */
  appliedPlacement?: string;
  /** Karmada's status.schedulerObservingAffinityName. */
  affinityName?: string;
}

/** Why a binding is scheduled in this pass, in the order Karmada checks. */
export type RescheduleReason =
  | 'placement changed'
  | 'replicas changed'
  | 'not a workload, or Duplicated'
  | 'a target cluster is being deleted';

/** Karmada's Placement.ReplicaSchedulingType(): no replicaScheduling means Duplicated. */
function isDuplicated(placement: Placement): boolean {
  return (
    placement.replicaScheduling === undefined || placement.replicaScheduling.replicaSchedulingType === 'Duplicated'
  );
}

function isWorkload(spec: Pick<BindingSpec, 'replicas' | 'replicaRequirements' | 'components'>): boolean {
  return spec.replicas > 0 || spec.replicaRequirements !== undefined || (spec.components?.length ?? 0) > 0;
}

/** The placement as the annotation would record it: what JSON drops (undefined fields) is dropped here too. */
function asJson(placement: Placement): unknown {
  return JSON.parse(JSON.stringify(placement));
}

function termNamed(terms: readonly ClusterAffinityTerm[] | undefined, name: string): ClusterAffinityTerm | undefined {
  return terms?.find((t) => t.affinityName === name);
}

/**
 * Karmada's placementChanged (pkg/scheduler/helper.go). Edits to clusterAffinities terms other
 * than the observed one do not count, so a binding that fell back to a later term stays there.
 */
export function placementChanged(
  placement: Placement,
  applied: string | undefined,
  observedAffinityName: string | undefined,
): boolean {
  if (applied === undefined || applied === '') return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(applied);
  } catch {
    // Karmada logs the unmarshal error and treats the placement as unchanged.
    return false;
  }
  if (!isRecord(parsed)) return false;
  const current = asJson(placement) as Record<string, unknown>;
  if (isDeepStrictEqual(current, parsed)) return false;
  const fields = ['clusterAffinity', 'clusterTolerations', 'spreadConstraints', 'replicaScheduling'] as const;
  if (fields.some((f) => !isDeepStrictEqual(current[f], parsed[f]))) return true;
  if (!observedAffinityName) return true;
  const now = termNamed(current['clusterAffinities'] as ClusterAffinityTerm[] | undefined, observedAffinityName);
  const then = termNamed(
    Array.isArray(parsed['clusterAffinities']) ? (parsed['clusterAffinities'] as ClusterAffinityTerm[]) : undefined,
    observedAffinityName,
  );
  return now === undefined || then === undefined || !isDeepStrictEqual(now, then);
}

/** Karmada's IsBindingReplicasChanged: only a placement with replicaScheduling compares replicas. */
function replicasChanged(
  spec: Pick<BindingSpec, 'placement' | 'replicas'>,
  clusters: readonly TargetCluster[],
): boolean {
  const strategy = spec.placement.replicaScheduling;
  if (strategy === undefined) return false;
  if (strategy.replicaSchedulingType === 'Duplicated') return clusters.some((c) => c.replicas !== spec.replicas);
  if (strategy.replicaSchedulingType === 'Divided')
    return clusters.reduce((sum, c) => sum + c.replicas, 0) !== spec.replicas;
  return false;
}

/** A target cluster has left the repository, or carries a deletion timestamp. */
function targetBeingDeleted(targets: readonly TargetCluster[], clusters: readonly Cluster[]): boolean {
  const byName = new Map(clusters.map((c) => [c.metadata.name, c]));
  return targets.some((t) => {
    const cluster = byName.get(t.name);
    return cluster === undefined || cluster.metadata['deletionTimestamp'] != null;
  });
}

/**
 * Whether a binding is scheduled in this pass, and why; undefined when it keeps `last` as it is.
 * `last` undefined is a binding never scheduled (no applied placement). Pure.
 */
export function rescheduleReason(
  spec: Pick<BindingSpec, 'placement' | 'replicas' | 'replicaRequirements' | 'components'>,
  last: LastScheduling | undefined,
  clusters: readonly Cluster[],
): RescheduleReason | undefined {
  if (placementChanged(spec.placement, last?.appliedPlacement, last?.affinityName)) return 'placement changed';
  const targets = last?.clusters ?? [];
  if (replicasChanged(spec, targets)) return 'replicas changed';
  if (!isWorkload(spec) || isDuplicated(spec.placement)) return 'not a workload, or Duplicated';
  if (targetBeingDeleted(targets, clusters)) return 'a target cluster is being deleted';
  return undefined;
}
