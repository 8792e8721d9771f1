import type { AggregatedStatusItem, ScheduledBinding } from '../model/index.ts';

/** What the problem lines are computed from. */
export interface ProblemInput {
  binding: ScheduledBinding | null;
  claimError?: string;
  expectedClusters: readonly string[];
  /** The per-cluster items, sorted by cluster name. */
  items: readonly AggregatedStatusItem[];
  aggregateError?: string | undefined;
  /** Per member, why its copy is unhealthy in the words of its conditions (unhealthy-reason.ts). */
  unhealthyReasons?: ReadonlyMap<string, string>;
}

function count(status: Record<string, unknown> | undefined, field: string): number | undefined {
  const value = status?.[field];
  return typeof value === 'number' ? value : undefined;
}

/**
 * Ready replicas as the kinds with replicas report them (workloads, DaemonSets); 0 for a workload
 * status without the counter (ReflectStatus omits zeros), `undefined` for kinds without replicas.
 */
export function readyReplicas(status: Record<string, unknown> | undefined): number | undefined {
  const ready = count(status, 'readyReplicas') ?? count(status, 'numberReady');
  if (ready !== undefined) return ready;
  const workload = [
    'replicas',
    'updatedReplicas',
    'currentReplicas',
    'desiredNumberScheduled',
    'observedGeneration',
  ].some((f) => count(status, f) !== undefined);
  return workload ? 0 : undefined;
}

/** Why a workload is not healthy, in its own counters: rollout not observed, or replicas missing. */
function unhealthyDetail(item: AggregatedStatusItem, desired: number | undefined): string {
  const status = item.status;
  const generation = count(status, 'generation');
  const observed = count(status, 'observedGeneration');
  if (generation !== undefined && observed !== undefined && observed < generation)
    return ` (generation ${generation} not yet observed, at ${observed})`;
  // ReflectStatus omits zero counters, so a workload status without availableReplicas has none.
  const available = count(status, 'availableReplicas') ?? count(status, 'numberAvailable') ?? 0;
  if (status !== undefined && desired !== undefined) return ` (${available}/${desired} available)`;
  return '';
}

function itemProblem(item: AggregatedStatusItem, desired: number | undefined, why?: string): string | undefined {
  if (item.applied !== true)
    return `${item.clusterName}: not applied${item.appliedMessage ? `: ${item.appliedMessage}` : ''}`;
  if (item.health === 'Unhealthy')
    return `${item.clusterName}: Unhealthy${unhealthyDetail(item, desired)}${why ? `: ${why}` : ''}`;
  if (item.health === 'Unknown') return `${item.clusterName}: no status reported yet`;
  return undefined;
}

/** One readable line per problem of a template, in a stable order: placement, then clusters by name. */
export function problemLines(input: ProblemInput): string[] {
  const lines: string[] = [];
  if (input.claimError !== undefined) lines.push(`cannot be propagated: ${input.claimError}`);
  if (input.binding?.error) lines.push(`cannot be scheduled: ${input.binding.error}`);
  if (input.aggregateError !== undefined) lines.push(`AggregateStatus failed: ${input.aggregateError}`);
  const desired = new Map(input.binding?.clusters.map((c) => [c.name, c.replicas]) ?? []);
  const reported = new Set(input.items.map((i) => i.clusterName));
  const perCluster: [string, string][] = input.expectedClusters
    .filter((c) => !reported.has(c))
    .map((c) => [c, `${c}: no result from this cluster (unreachable or not applied)`]);
  for (const item of input.items) {
    const line = itemProblem(item, desired.get(item.clusterName), input.unhealthyReasons?.get(item.clusterName));
    if (line) perCluster.push([item.clusterName, line]);
  }
  perCluster.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [...lines, ...perCluster.map(([, line]) => line)];
}
