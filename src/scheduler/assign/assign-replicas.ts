import type { ClusterPreferences, TargetCluster } from '../../model/index.ts';
import type { Candidate } from '../candidate.ts';
import { SchedulerError, type ScheduleError, UnschedulableError } from '../errors/index.ts';
import type { Strategy } from '../strategy.ts';
import { assignDynamic } from './dynamic.ts';
import { assignByStaticWeight } from './static-weight.ts';

/** Everything the assignment step needs besides the selected clusters. */
export interface AssignmentInput {
  /** undefined: the placement names no strategy Karmada supports. */
  readonly strategy: Strategy | undefined;
  readonly unsupportedMessage: string;
  readonly replicas: number;
  /** replicas > 0 or replicaRequirements set (docs/karmada-compatibility.md#assigning-replicas). */
  readonly workload: boolean;
  readonly weightPreference: ClusterPreferences | undefined;
  readonly previous: readonly TargetCluster[];
  readonly fresh: boolean;
  readonly descending: boolean;
  /** The clusterAffinities term in use has overflow tiers (docs/karmada-compatibility.md#overflow-tiers). */
  readonly overflow: boolean;
}

function runStrategy(
  strategy: Strategy,
  clusters: readonly Candidate[],
  replicas: number,
  input: AssignmentInput,
): TargetCluster[] | UnschedulableError {
  switch (strategy) {
    case 'Duplicated':
      return clusters.map((c) => ({ name: c.name, replicas }));
    case 'StaticWeight':
      return assignByStaticWeight(clusters, input.weightPreference, replicas, input.descending);
    case 'Aggregated':
    case 'DynamicWeight': {
      const { previous, fresh, descending } = input;
      return assignDynamic(clusters, { aggregated: strategy === 'Aggregated', replicas, previous, fresh, descending });
    }
  }
}

/**
 * Overflow tiers (common.go, docs/karmada-compatibility.md#overflow-tiers): fill tier 0, then tier 1, ..., each with at
 * most its clusters' available replicas, dividing within the tier by the normal strategy.
 */
function assignByTiers(
  strategy: Strategy,
  selected: readonly Candidate[],
  input: AssignmentInput,
): TargetCluster[] | UnschedulableError {
  const tiers = [...new Set(selected.map((c) => c.tier))].sort((a, b) => a - b);
  const out: TargetCluster[] = [];
  let remaining = input.replicas;
  for (const tier of tiers) {
    if (remaining <= 0) break;
    const members = selected.filter((c) => c.tier === tier);
    const capacity = members.reduce((s, c) => s + c.available, 0);
    const share = Math.min(remaining, capacity);
    const result = runStrategy(strategy, members, share, input);
    if (result instanceof UnschedulableError) return result;
    out.push(...result);
    remaining -= share;
  }
  if (remaining > 0) return new UnschedulableError('Clusters available replicas are not enough to schedule.');
  return out;
}

/**
 * Karmada's AssignReplicas (pkg/scheduler/core/common.go, docs/karmada-compatibility.md#assigning-replicas).
 * Non-workloads go to every selected cluster with 0 replicas; workloads run the strategy (tier by tier with
 * overflow), then lose their 0-replica entries.
 */
export function assignReplicas(
  selected: readonly Candidate[],
  input: AssignmentInput,
): TargetCluster[] | ScheduleError {
  if (selected.length === 0) return new SchedulerError('no clusters available to schedule');
  if (!input.workload) return selected.map((c) => ({ name: c.name, replicas: 0 }));
  if (!input.strategy) return new SchedulerError(input.unsupportedMessage);
  const result = input.overflow
    ? assignByTiers(input.strategy, selected, input)
    : runStrategy(input.strategy, selected, input.replicas, input);
  if (result instanceof UnschedulableError) return result;
  return result.filter((t) => t.replicas > 0);
}
