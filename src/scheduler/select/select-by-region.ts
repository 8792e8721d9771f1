import type { SpreadConstraint } from '../../model/index.ts';
import { type Candidate, compareCandidates } from '../candidate.ts';
import { SchedulerError } from '../errors/index.ts';
import { groupScore, type GroupScoreInput } from './group-score.ts';
import { type Group, selectGroups } from './select-groups.ts';

function regionsOf(ordered: readonly Candidate[]): Map<string, Candidate[]> {
  const regions = new Map<string, Candidate[]>();
  for (const c of ordered) {
    const region = c.view.cluster.spec.region;
    if (!region) continue;
    const list = regions.get(region);
    if (list) list.push(c);
    else regions.set(region, [c]);
  }
  return regions;
}

/**
 * Selection by the `region` constraint (select_clusters_by_region.go,
 * docs/karmada-compatibility.md#spread-constraints): choose regions with the group search (value = cluster count,
 * weight = region score, target = the cluster constraint's minGroups), take each chosen region's best cluster, then
 * fill up to the cluster constraint's maxGroups with the other clusters of the chosen regions in global order.
 * Capacity is only weighed through the region scores.
 */
export function selectByRegion(
  ordered: readonly Candidate[],
  region: SpreadConstraint,
  cluster: SpreadConstraint,
  score: Omit<GroupScoreInput, 'groupMinGroups' | 'clusterMinGroups'>,
): Candidate[] | SchedulerError {
  const regions = regionsOf(ordered);
  if (regions.size < (region.minGroups ?? 0)) {
    return new SchedulerError('the number of feasible region is less than spreadConstraint.MinGroups');
  }
  const scoreInput = { ...score, groupMinGroups: region.minGroups ?? 0, clusterMinGroups: cluster.minGroups ?? 0 };
  const groups: Group[] = [...regions].map(([name, members]) => ({
    name,
    value: members.length,
    weight: groupScore(members, scoreInput),
  }));
  const chosen = selectGroups(groups, region.minGroups ?? 0, region.maxGroups ?? 0, cluster.minGroups ?? 0);
  if (chosen.length === 0) {
    return new SchedulerError('the number of clusters is less than the cluster spreadConstraint.MinGroups');
  }
  const selected: Candidate[] = [];
  const others: Candidate[] = [];
  for (const group of chosen) {
    const [best, ...rest] = regions.get(group.name) ?? [];
    if (best) selected.push(best);
    others.push(...rest);
  }
  const count = Math.min(selected.length + others.length, cluster.maxGroups ?? 0);
  others.sort(compareCandidates);
  return [...selected, ...others.slice(0, Math.max(0, count - selected.length))];
}
