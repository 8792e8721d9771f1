import type { Placement, SpreadConstraint, SpreadFieldValue } from '../../model/index.ts';
import type { Candidate } from '../candidate.ts';
import { SchedulerError } from '../errors/index.ts';
import { ANY_REPLICAS, selectByCluster } from './select-by-cluster.ts';
import { selectByRegion } from './select-by-region.ts';

/** Static weights ignore spread constraints (select_clusters.go shouldIgnoreSpreadConstraint). */
export function ignoresSpreadConstraints(placement: Placement): boolean {
  const rs = placement.replicaScheduling;
  if (rs?.replicaSchedulingType !== 'Divided' || rs.replicaDivisionPreference !== 'Weighted') return false;
  const wp = rs.weightPreference;
  return !wp || ((wp.staticWeightList?.length ?? 0) > 0 && !wp.dynamicWeight);
}

/** Duplicated placements do not weigh capacity (shouldIgnoreAvailableResource). */
export function ignoresAvailableResource(placement: Placement): boolean {
  const rs = placement.replicaScheduling;
  return !rs || rs.replicaSchedulingType === 'Duplicated';
}

/**
 * Karmada's SelectBestClusters (docs/karmada-compatibility.md#spread-constraints) over candidates already in the global
 * order. Without constraints, or with static weights, every candidate is selected. Otherwise a
 * `region` constraint drives region selection, else a `cluster` constraint drives cluster
 * selection; `zone` and `provider` constraints only filter (docs/karmada-compatibility.md#filter-and-score-plugins),
 * and `spreadByLabel` is not implemented by Karmada: alone it fails with Karmada's error, beside a `cluster` constraint
 * it is ignored (docs/karmada-compatibility.md#karmada-quirks, kept for fidelity).
 */
export function selectClusters(
  ordered: readonly Candidate[],
  placement: Placement,
  replicas: number,
): Candidate[] | SchedulerError {
  const constraints = placement.spreadConstraints ?? [];
  if (constraints.length === 0 || ignoresSpreadConstraints(placement)) return [...ordered];
  const duplicated = ignoresAvailableResource(placement);
  const byField = new Map<SpreadFieldValue, SpreadConstraint>();
  for (const c of constraints) if (c.spreadByField) byField.set(c.spreadByField, c);
  const region = byField.get('region');
  const cluster = byField.get('cluster');
  if (region) return selectByRegion(ordered, region, cluster ?? {}, { duplicated, replicas });
  if (cluster) return selectByCluster(ordered, cluster, duplicated ? ANY_REPLICAS : replicas);
  return new SchedulerError('just support cluster and region spread constraint');
}
