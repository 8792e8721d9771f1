import type { ClusterAffinity, NodeSnapshot, TargetCluster } from '../model/index.ts';
import { assignReplicas } from './assign/assign-replicas.ts';
import { type Candidate, compareCandidates } from './candidate.ts';
import { clusterMatches } from './cluster-affinity.ts';
import type { ClusterView } from './cluster-view.ts';
import { NoClusterFitError, type ScheduleError } from './errors/index.ts';
import { estimateOnNodes } from './accurate-estimator.ts';
import { estimateReplicas, MAX_INT32, type ReplicaRequest } from './estimator.ts';
import { firstRejection, runFilters, runScores } from './framework.ts';
import type { PluginContext, SchedulerPlugin } from './plugins/index.ts';
import { selectClusters } from './select/select-clusters.ts';
import type { Strategy } from './strategy.ts';
import type { AttemptTrace, ScheduleTrace } from './trace.ts';
import type { SchedulingInput } from './types.ts';

/** What one binding brings to every attempt, computed once per binding. */
export interface BindingRun {
  readonly input: SchedulingInput;
  /** The plugins that filter, then those that score (plugins/index.ts order). */
  readonly filters: readonly SchedulerPlugin[];
  readonly scorers: readonly SchedulerPlugin[];
  readonly strategy: Strategy | undefined;
  readonly unsupportedMessage: string;
  readonly requests: ReplicaRequest[] | null;
  /** The replica requirements as text: bindings asking alike share a member's accurate estimate. */
  readonly requirementsKey: string;
  readonly previous: readonly TargetCluster[];
  readonly previousReplicas: ReadonlyMap<string, number>;
  readonly evicted: ReadonlySet<string>;
  /** replicas > 0 or replicaRequirements set (docs/karmada-compatibility.md#assigning-replicas). */
  readonly workload: boolean;
  readonly descending: boolean;
  readonly warn: (message: string) => void;
  /** Filled with every attempt's reasons when the caller asked why (explain); undefined otherwise. */
  readonly trace: ScheduleTrace | undefined;
}

/** The affinity one attempt schedules with: placement.clusterAffinity or one clusterAffinities term. */
export interface AffinityAttempt {
  readonly affinity: ClusterAffinity | undefined;
  /** The term's overflow tiers (empty for non-workloads, which ignore them). */
  readonly overflow: readonly ClusterAffinity[];
}

function tierOf(view: ClusterView, attempt: AffinityAttempt): number {
  if (attempt.overflow.length === 0 || !attempt.affinity) return 0;
  if (clusterMatches(view.cluster, attempt.affinity)) return 0;
  const i = attempt.overflow.findIndex((tier) => clusterMatches(view.cluster, tier));
  return i < 0 ? 1000 : i + 1;
}

function accurateOf(view: ClusterView, nodes: readonly NodeSnapshot[], run: BindingRun): number {
  const known = view.accurate.get(run.requirementsKey);
  if (known !== undefined) return known;
  const estimate = estimateOnNodes(nodes, run.input.replicaRequirements, run.requests);
  view.accurate.set(run.requirementsKey, estimate);
  return estimate;
}

/**
 * Karmada's calAvailableReplicas for one cluster (docs/karmada-compatibility.md#available-replicas): the least
 * of the estimators' answers, the accurate one only for a member whose nodes were observed.
 */
function allocatableOf(view: ClusterView, run: BindingRun): number {
  const replicas = run.input.replicas;
  if (replicas === 0) return MAX_INT32;
  const dynamic = run.strategy === 'Aggregated' || run.strategy === 'DynamicWeight';
  if (dynamic && view.capacity === null) {
    run.warn(
      `cluster ${view.name} publishes no resourceSummary: the estimator finds no room there, ` +
        `so ${run.strategy} scheduling leaves it out`,
    );
  }
  const general = estimateReplicas(view.capacity, run.requests);
  const estimate = view.nodes === null ? general : Math.min(general, accurateOf(view, view.nodes, run));
  return estimate === MAX_INT32 ? replicas : estimate;
}

function feasibleCandidates(
  views: readonly ClusterView[],
  run: BindingRun,
  attempt: AffinityAttempt,
  traced: AttemptTrace | undefined,
): Candidate[] | NoClusterFitError {
  const ctx: PluginContext = {
    resource: run.input.resource,
    placement: run.input.placement,
    affinity: attempt.affinity,
    overflow: attempt.overflow,
    previous: new Set(run.previousReplicas.keys()),
    evicted: run.evicted,
    workloadAffinity: run.input.workloadAffinity,
  };
  const reasons = new Map<string, number>();
  const candidates: Candidate[] = [];
  let total = 0;
  for (const view of views) {
    if (view.deleting) {
      traced?.clusters.push({ name: view.name, deleting: true });
      continue;
    }
    total += 1;
    const reason = runFilters(run.filters, ctx, view);
    if (reason !== null) {
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      if (traced) traced.clusters.push({ name: view.name, rejectedBy: firstRejection(run.filters, ctx, view)! });
      continue;
    }
    const allocatable = allocatableOf(view, run);
    const available = allocatable + (run.previousReplicas.get(view.name) ?? 0);
    const score = runScores(run.scorers, ctx, view);
    const tier = tierOf(view, attempt);
    candidates.push({ name: view.name, view, score, allocatable, available, tier });
    traced?.clusters.push({ name: view.name, score, allocatable, available, tier });
  }
  if (candidates.length === 0) return new NoClusterFitError(total, reasons);
  return candidates.sort(compareCandidates);
}

/**
 * One scheduling attempt with one affinity (generic_scheduler.go,
 * docs/karmada-compatibility.md#filter-and-score-plugins): filter, score, estimate, select, assign.
 */
export function runAttempt(
  views: readonly ClusterView[],
  run: BindingRun,
  attempt: AffinityAttempt,
): TargetCluster[] | ScheduleError {
  const traced = run.trace && startAttempt(run.trace, attempt);
  const outcome = scheduleAttempt(views, run, attempt, traced);
  if (traced) finishAttempt(traced, outcome);
  return outcome;
}

function startAttempt(trace: ScheduleTrace, attempt: AffinityAttempt): AttemptTrace {
  const named =
    attempt.affinity && 'affinityName' in attempt.affinity
      ? { affinityName: String(attempt.affinity.affinityName) }
      : {};
  const traced: AttemptTrace = {
    ...named,
    ...(attempt.affinity ? { affinity: attempt.affinity } : {}),
    overflowTiers: attempt.overflow.length,
    clusters: [],
  };
  trace.attempts.push(traced);
  return traced;
}

function finishAttempt(traced: AttemptTrace, outcome: TargetCluster[] | ScheduleError): void {
  if (!Array.isArray(outcome)) {
    traced.error = outcome.message;
    return;
  }
  const given = new Map(outcome.map((t) => [t.name, t.replicas]));
  for (const verdict of traced.clusters) {
    const replicas = given.get(verdict.name);
    if (replicas !== undefined) verdict.replicas = replicas;
  }
}

function scheduleAttempt(
  views: readonly ClusterView[],
  run: BindingRun,
  attempt: AffinityAttempt,
  traced: AttemptTrace | undefined,
): TargetCluster[] | ScheduleError {
  const candidates = feasibleCandidates(views, run, attempt, traced);
  if (candidates instanceof NoClusterFitError) return candidates;
  const { placement, replicas } = run.input;
  const selected = selectClusters(candidates, placement, replicas);
  if (!Array.isArray(selected)) return selected;
  if (traced) {
    const kept = new Set(selected.map((c) => c.name));
    for (const verdict of traced.clusters) if (verdict.score !== undefined) verdict.selected = kept.has(verdict.name);
  }
  return assignReplicas(selected, {
    strategy: run.strategy,
    unsupportedMessage: run.unsupportedMessage,
    replicas,
    workload: run.workload,
    weightPreference: placement.replicaScheduling?.weightPreference,
    previous: run.previous,
    fresh: run.input.rescheduleRequested ?? false,
    descending: run.descending,
    overflow: attempt.overflow.length > 0,
  });
}
