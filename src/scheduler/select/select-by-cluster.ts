import type { SpreadConstraint } from '../../model/index.ts';
import type { Candidate } from '../candidate.ts';
import { SchedulerError } from '../errors/index.ts';

/** Replicas "don't care" marker: Duplicated placements skip the capacity check (InvalidReplicas). */
export const ANY_REPLICAS = -1;

function total(clusters: readonly Candidate[]): number {
  return clusters.reduce((s, c) => s + c.available, 0);
}

/**
 * Karmada's selectClustersByAvailableResource: take the first `count` clusters; while they
 * cannot hold `replicas`, walk them from the last to the first and swap each for the
 * unselected cluster with the most available replicas, if it has strictly more.
 */
export function selectByAvailableResource(
  ordered: readonly Candidate[],
  count: number,
  replicas: number,
): Candidate[] | null {
  const chosen = ordered.slice(0, count);
  const rest = ordered.slice(count);
  for (let at = chosen.length - 1; at >= 0 && total(chosen) < replicas; at--) {
    let best = -1;
    let most = (chosen[at] as Candidate).available;
    rest.forEach((c, i) => {
      if (c.available > most) {
        best = i;
        most = c.available;
      }
    });
    if (best < 0) continue;
    const swapped = chosen[at] as Candidate;
    chosen[at] = rest[best] as Candidate;
    rest[best] = swapped;
  }
  return total(chosen) >= replicas ? chosen : null;
}

/**
 * Selection by the `cluster` constraint (select_clusters_by_cluster.go,
 * docs/karmada-compatibility.md#spread-constraints): at least minGroups feasible clusters, at most maxGroups chosen (an
 * unset maxGroups chooses none, as in Karmada), swapping in bigger clusters until `replicas` fit.
 */
export function selectByCluster(
  ordered: readonly Candidate[],
  constraint: SpreadConstraint,
  replicas: number,
): Candidate[] | SchedulerError {
  if (ordered.length < (constraint.minGroups ?? 0)) {
    return new SchedulerError('the number of feasible clusters is less than spreadConstraint.MinGroups');
  }
  const count = Math.min(ordered.length, constraint.maxGroups ?? 0);
  if (replicas === ANY_REPLICAS) return ordered.slice(0, count);
  const chosen = selectByAvailableResource(ordered, count, replicas);
  if (!chosen || chosen.length === 0) {
    return new SchedulerError(`no enough resource when selecting ${count} clusters`);
  }
  return chosen;
}
