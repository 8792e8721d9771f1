import type { Cluster, NodeSnapshot, TargetCluster } from '../model/index.ts';
import { type ClusterView, viewCluster } from './cluster-view.ts';
import type { ScheduleError } from './errors/index.ts';
import { type RequestCache, replicaRequests } from './estimator.ts';
import { compareNames } from './name-order.ts';
import { type BindingRun, runAttempt } from './pipeline.ts';
import { PLUGINS } from './plugins/index.ts';
import { resolveStrategy, unsupportedStrategyMessage } from './strategy.ts';
import { namesDescending, tieBreakSeed } from './tie-break.ts';
import type { ScheduleTrace } from './trace.ts';
import type { ScheduleResult, SchedulingInput } from './types.ts';

/** The plugins with a filter, and those with a score, in list order. */
const FILTERS = PLUGINS.filter((p) => p.filter !== undefined);
const SCORERS = PLUGINS.filter((p) => p.score !== undefined);

function prepare(
  input: SchedulingInput,
  warnings: Set<string>,
  cache: RequestCache,
  trace: ScheduleTrace | undefined,
): BindingRun {
  const previous = input.previous ?? [];
  const strategy = resolveStrategy(input.placement);
  if (trace) {
    trace.replicas = input.replicas;
    if (strategy) trace.strategy = strategy;
  }
  return {
    input,
    filters: FILTERS,
    scorers: SCORERS,
    strategy,
    unsupportedMessage: unsupportedStrategyMessage(input.placement),
    requests: replicaRequests(input.replicaRequirements, cache),
    requirementsKey: JSON.stringify(input.replicaRequirements ?? null),
    previous,
    previousReplicas: new Map(previous.map((t) => [t.name, t.replicas])),
    evicted: new Set(input.evictedClusters ?? []),
    workload: input.replicas > 0 || input.replicaRequirements !== undefined,
    descending: namesDescending(input.uid ?? tieBreakSeed(input.resource)),
    warn: (message) => warnings.add(message),
    trace,
  };
}

function resultOf(
  outcome: TargetCluster[] | ScheduleError,
  affinityName: string | undefined,
  warnings: Set<string>,
): ScheduleResult {
  const diagnostics = [...warnings].sort(compareNames).map((message) => ({ severity: 'warning' as const, message }));
  const named = affinityName === undefined ? {} : { affinityName };
  if (Array.isArray(outcome)) return { clusters: outcome, error: null, ...named, diagnostics };
  return { clusters: [], error: outcome, ...named, diagnostics };
}

/**
 * clusterAffinities (scheduler.go, docs/karmada-compatibility.md#cluster-affinities): try the terms in order from the
 * one in use (from the first on a requested reschedule, or when the one in use is gone); the first success
 * wins; when all fail, the first error decides and the term in use is kept.
 */
function scheduleWithTerms(views: readonly ClusterView[], run: BindingRun, warnings: Set<string>): ScheduleResult {
  const { input } = run;
  const terms = input.placement.clusterAffinities ?? [];
  const current = terms.findIndex((t) => t.affinityName === input.previousAffinityName);
  const start = input.rescheduleRequested || current < 0 ? 0 : current;
  let first: ScheduleError | undefined;
  for (const term of terms.slice(start)) {
    const overflow = run.workload ? (term.overflowAffinities ?? []) : [];
    const outcome = runAttempt(views, run, { affinity: term, overflow });
    if (Array.isArray(outcome)) return resultOf(outcome, term.affinityName, warnings);
    first ??= outcome;
  }
  return resultOf(first as ScheduleError, input.previousAffinityName, warnings);
}

function scheduleOnViews(
  input: SchedulingInput,
  views: readonly ClusterView[],
  cache: RequestCache,
  trace?: ScheduleTrace,
): ScheduleResult {
  const warnings = new Set<string>();
  const run = prepare(input, warnings, cache, trace);
  const { clusterAffinity, clusterAffinities } = input.placement;
  if (!clusterAffinity && clusterAffinities && clusterAffinities.length > 0) {
    return scheduleWithTerms(views, run, warnings);
  }
  return resultOf(runAttempt(views, run, { affinity: clusterAffinity, overflow: [] }), undefined, warnings);
}

/** Schedules one binding; with a trace, also records why (every attempt, every cluster). */
export type Scheduler = (input: SchedulingInput, trace?: ScheduleTrace) => ScheduleResult;

/** The members' observed nodes by cluster name: those listed are estimated accurately as well. */
export type MemberNodes = ReadonlyMap<string, readonly NodeSnapshot[]>;

/**
 * Prepares the clusters once (taints, enabled APIs, parsed capacity) and returns a scheduler for
 * any number of bindings over them: use it when scheduling many bindings against one fleet.
 */
export function createScheduler(clusters: readonly Cluster[], nodes: MemberNodes = new Map()): Scheduler {
  const views = clusters.map((c) => viewCluster(c, nodes.get(c.metadata.name) ?? null));
  const cache: RequestCache = new Map();
  return (input, trace) => scheduleOnViews(input, views, cache, trace);
}

/**
 * Schedules one binding over the clusters with Karmada's semantics (docs/karmada-compatibility.md#scheduler,
 * #cluster-affinities): a pure function of its inputs. Unschedulable bindings are results (`clusters: []`, `error`
 * set).
 */
export function schedule(input: SchedulingInput, clusters: readonly Cluster[], nodes?: MemberNodes): ScheduleResult {
  return createScheduler(clusters, nodes)(input);
}
