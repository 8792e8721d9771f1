import type { Candidate } from '../candidate.ts';

/** What a region's score depends on besides its clusters. */
export interface GroupScoreInput {
  /** Duplicated placements (or no replicaScheduling) ignore capacity beyond "fits all replicas". */
  readonly duplicated: boolean;
  readonly replicas: number;
  /** minGroups of the constraint for this group type (region). */
  readonly groupMinGroups: number;
  /** minGroups of the `cluster` constraint. */
  readonly clusterMinGroups: number;
}

/**
 * A group's score (pkg/scheduler/core/spreadconstraint/group_clusters.go,
 * docs/karmada-compatibility.md#spread-constraints), over its clusters in the global order. Duplicated: clusters that
 * fit every replica count 1000 each, plus their mean score. Divided: how much of ceil(replicas / minGroups) the first
 * clusters cover, ×1000, plus the mean score of the clusters counted.
 */
export function groupScore(clusters: readonly Candidate[], input: GroupScoreInput): number {
  if (input.duplicated) {
    const valid = clusters.filter((c) => c.available >= input.replicas);
    if (valid.length === 0) return 0;
    const scores = valid.reduce((s, c) => s + c.score, 0);
    return valid.length * 1000 + Math.trunc(scores / valid.length);
  }
  // A minGroups of 0 would divide by zero in Go; the webhook defaults it to 1.
  const groupMin = Math.max(1, input.groupMinGroups);
  const target = Math.ceil(input.replicas / groupMin);
  const clusterMin = Math.max(input.clusterMinGroups, groupMin);
  let sum = 0;
  let scores = 0;
  let count = 0;
  for (const c of clusters) {
    sum += c.available;
    scores += c.score;
    count += 1;
    if (count >= clusterMin && sum >= target) break;
  }
  if (sum < target) return sum * 1000 + Math.trunc(scores / clusters.length);
  return target * 1000 + Math.trunc(scores / count);
}
