import type { Cluster, TargetCluster } from '../model/index.ts';
import { type ClusterView, viewCluster } from './cluster-view.ts';
import type { ScheduleError } from './errors/index.ts';
import { type RequestCache, replicaRequests } from './estimator.ts';
import { compareNames } from './name-order.ts';
import { type BindingRun, runAttempt } from './pipeline.ts';
import { PLUGINS } from './plugins/index.ts';
import { resolveStrategy, unsupportedStrategyMessage } from './strategy.ts';
import { namesDescending, tieBreakSeed } from './tie-break.ts';
import type { ScheduleResult, SchedulingInput } from './types.ts';

/** The plugins with a filter, and those with a score, in list order. */
const FILTERS = PLUGINS.filter((p) => p.filter !== undefined);
const SCORERS = PLUGINS.filter((p) => p.score !== undefined);

function prepare(input: SchedulingInput, warnings: Set<string>, cache: RequestCache): BindingRun {
  const previous = input.previous ?? [];
  return {
    input,
    filters: FILTERS,
    scorers: SCORERS,
    strategy: resolveStrategy(input.placement),
    unsupportedMessage: unsupportedStrategyMessage(input.placement),
    requests: replicaRequests(input.replicaRequirements, cache),
    previous,
    previousReplicas: new Map(previous.map((t) => [t.name, t.replicas])),
    evicted: new Set(input.evictedClusters ?? []),
    workload: input.replicas > 0 || input.replicaRequirements !== undefined,
    descending: namesDescending(input.uid ?? tieBreakSeed(input.resource)),
    warn: (message) => warnings.add(message),
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
 * clusterAffinities (scheduler.go, semantics §4): try the terms in order from the one in use
 * (from the first on a requested reschedule, or when the one in use is gone); the first success
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

function scheduleOnViews(input: SchedulingInput, views: readonly ClusterView[], cache: RequestCache): ScheduleResult {
  const warnings = new Set<string>();
  const run = prepare(input, warnings, cache);
  const { clusterAffinity, clusterAffinities } = input.placement;
  if (!clusterAffinity && clusterAffinities && clusterAffinities.length > 0) {
    return scheduleWithTerms(views, run, warnings);
  }
  return resultOf(runAttempt(views, run, { affinity: clusterAffinity, overflow: [] }), undefined, warnings);
}

/**
 * Prepares the clusters once (taints, enabled APIs, parsed capacity) and returns a scheduler for
 * any number of bindings over them: use it when scheduling many bindings against one fleet.
 */
export function createScheduler(clusters: readonly Cluster[]): (input: SchedulingInput) => ScheduleResult {
  const views = clusters.map(viewCluster);
  const cache: RequestCache = new Map();
  return (input) => scheduleOnViews(input, views, cache);
}

/**
 * Schedules one binding over the clusters with Karmada's semantics (semantics §3, §4): a pure
 * function of its inputs. Unschedulable bindings are results (`clusters: []`, `error` set).
 */
export function schedule(input: SchedulingInput, clusters: readonly Cluster[]): ScheduleResult {
  return createScheduler(clusters)(input);
}
