/**
 * The failover controller's memory between passes (docs/karmada-compatibility.md#failover-and-eviction,
 * #failover-clocks-on-the-status-branch) and how what it is told between and after passes changes it: probes of the
 * members, the status step's workload health (application failover), the status branch read back by a restarted
 * process, and, with shards, the owners' records. Pure: every function takes the memory and the time and returns the
 * next memory; nothing here reads a clock.
 */
import type { Taint } from '../../model/index.ts';
import type { FailoverView } from './failover-view.ts';
import type { HealthReport } from '../controller.ts';
import { adoptedTasks, adoptedUnhealthy } from './adopt.ts';
import { nextUnhealthy, unhealthyKey, unhealthyPair } from './application-failover.ts';
import { DEFAULT_GRACEFUL_EVICTION_TIMEOUT_MS, remainingTasks } from './eviction.ts';
import type { EvictionTask } from './eviction.ts';
import { failoverView, restoredFailover } from './failover-record.ts';
import { failedOver, nextHealth } from './member-health.ts';
import type { MemberHealth, ProbeResult } from './member-health.ts';

/** Failover settings. */
export interface FailoverOptions {
  /** `--failover-grace`: how long a member fails its probes before it is failed over (Karmada's cluster-failure-threshold). @default 30_000 */
  graceMs: number;
  /** `--graceful-eviction-timeout`: the longest an eviction task keeps a member out of a binding. @default 600_000 */
  evictionTimeoutMs: number;
  /** `--probe-interval`: how often the members are probed between passes. @default 10_000 */
  probeIntervalMs: number;
  /**
   * `--failover-taint`: a failed member gets a NoExecute taint of its own, which evicts its workloads (Karmada before
   * v1.14). Off, as in Karmada v1.14 and later: a failed member is only NotReady (no new placements), and only the
   * NoExecute taints of its Cluster file and of ClusterTaintPolicies evict
   * (docs/karmada-compatibility.md#taint-manager). @default false
   */
  taintOnFailure: boolean;
}

/** The defaults of {@link FailoverOptions}. */
export const DEFAULT_FAILOVER_OPTIONS: Readonly<FailoverOptions> = Object.freeze({
  graceMs: 30_000,
  evictionTimeoutMs: DEFAULT_GRACEFUL_EVICTION_TIMEOUT_MS,
  probeIntervalMs: 10_000,
  taintOnFailure: false,
});

/** See the module comment. */
export interface FailoverMemory {
  readonly health: ReadonlyMap<string, MemberHealth>;
  /** Eviction tasks by template refKey. */
  readonly tasks: ReadonlyMap<string, readonly EvictionTask[]>;
  /** First-unhealthy times by unhealthyKey. */
  readonly unhealthy: ReadonlyMap<string, number>;
  /** The last status step's health per (template, member), by unhealthyKey; undefined until a status step reports. */
  readonly reports: ReadonlyMap<string, HealthReport> | undefined;
  /** Each binding's placement at the last render. */
  readonly placement: ReadonlyMap<string, readonly string[]>;
  /** The bindings with application failover at the last render: the only ones whose first-unhealthy times mean anything. */
  readonly applicationKeys: ReadonlySet<string>;
  /** When a pass is next needed. */
  readonly due: number | undefined;
  /** The failed-over members after the last probes, joined: what the next probes compare with. */
  readonly lastFailed: string;
  /** The NoExecute taint the last pass added, by member. */
  readonly added: ReadonlyMap<string, Taint>;
  /** Restored state waits for a pass that knows the bindings (the first one does not) to act on it. */
  readonly catchUp: boolean;
  /** Per member: templates (refKey) whose evicted copy there is meant to go, until a pass has seen it pruned. */
  readonly released: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A process that has seen nothing yet. */
export const EMPTY_FAILOVER_MEMORY: FailoverMemory = Object.freeze({
  health: new Map(),
  tasks: new Map(),
  unhealthy: new Map(),
  reports: undefined,
  placement: new Map(),
  applicationKeys: new Set<string>(),
  due: undefined,
  lastFailed: '',
  added: new Map(),
  catchUp: false,
  released: new Map(),
});

/** The earlier of the memory's due time and `now`: a pass is needed at once. */
export function dueNow(memory: FailoverMemory, now: number): FailoverMemory {
  return { ...memory, due: memory.due === undefined ? now : Math.min(memory.due, now) };
}

/** Members failing past the grace period, sorted. */
export function failedMembers(memory: FailoverMemory, now: number, graceMs: number): string[] {
  return [...memory.health]
    .filter(([, h]) => failedOver(h, now, graceMs))
    .map(([c]) => c)
    .sort();
}

/** Whether the last probe of a member succeeded (unprobed members count as ready). */
function isReady(memory: FailoverMemory, cluster: string): boolean {
  return (memory.health.get(cluster)?.last ?? 'ready') === 'ready';
}

/** One round of probes; `changed` when the set of failed-over members changed (a pass is due). */
export function recordProbes(
  memory: FailoverMemory,
  probes: ReadonlyMap<string, ProbeResult>,
  now: number,
  graceMs: number,
): { memory: FailoverMemory; changed: boolean } {
  const health = new Map(memory.health);
  for (const [cluster, probe] of probes) health.set(cluster, nextHealth(health.get(cluster), probe, now));
  const tasks = probedTasks(memory.tasks, probes);
  const failed = failedMembers({ ...memory, health }, now, graceMs).join(',');
  // A first probe of a member the status branch recorded as failed settles the record either way: a pass writes it.
  const confirmed = [...probes.keys()].some((cluster) => memory.health.get(cluster)?.restored);
  return {
    memory: { ...memory, health, tasks, lastFailed: failed },
    changed: failed !== memory.lastFailed || confirmed,
  };
}

/** The tasks with the members just probed no longer marked unprobed. */
function probedTasks(
  tasks: ReadonlyMap<string, readonly EvictionTask[]>,
  probes: ReadonlyMap<string, ProbeResult>,
): ReadonlyMap<string, readonly EvictionTask[]> {
  if (![...tasks.values()].some((list) => list.some((t) => t.unprobed && probes.has(t.fromCluster)))) return tasks;
  const strip = ({ unprobed: _, ...task }: EvictionTask): EvictionTask => task;
  return new Map(
    [...tasks].map(([key, list]) => [key, list.map((t) => (t.unprobed && probes.has(t.fromCluster) ? strip(t) : t))]),
  );
}

/**
 * Resumes from what the status branch recorded (a restarted process,
 * docs/karmada-compatibility.md#failover-clocks-on-the-status-branch): failed-over members with their failing-since,
 * eviction tasks with their creation times, first-unhealthy times. What this process has seen itself wins: a member
 * probed ready stays ready, a failing streak keeps the earlier start. A record is a starting point, not an order (it
 * may be stale, or written by someone else): a restored failure taints and evicts nothing until this process's own
 * probe (or the member's agent) finds the member failing, and a restored Directly task purges nothing on a member not
 * probed yet.
 */
export function restore(memory: FailoverMemory, view: FailoverView, now: number, graceMs: number): FailoverMemory {
  const restored = restoredFailover(view);
  const health = new Map(memory.health);
  for (const [cluster, h] of restored.health) {
    const seen = health.get(cluster);
    if (seen?.last === 'ready') continue;
    health.set(cluster, {
      last: seen?.last ?? h.last,
      failingSince: Math.min(seen?.failingSince ?? Infinity, h.failingSince ?? Infinity),
      ...(seen ? {} : { restored: true as const }),
    });
  }
  const tasks = new Map(memory.tasks);
  for (const [key, list] of restored.tasks)
    if (!tasks.has(key))
      tasks.set(
        key,
        list.map((t) => (memory.health.has(t.fromCluster) ? t : { ...t, unprobed: true })),
      );
  const unhealthy = new Map(memory.unhealthy);
  for (const [id, since] of restored.unhealthy) if (!unhealthy.has(id)) unhealthy.set(id, since);
  const next: FailoverMemory = {
    ...memory,
    health,
    tasks,
    unhealthy,
    // The loop that wrote these tasks had a status step: until this one reports workload health,
    // no member counts as settled, so a restored task is not ended on probes alone.
    reports: restored.tasks.size > 0 ? (memory.reports ?? new Map()) : memory.reports,
    catchUp: memory.catchUp || restored.health.size + restored.tasks.size + restored.unhealthy.size > 0,
  };
  return { ...next, lastFailed: failedMembers(next, now, graceMs).join(',') };
}

/** The failover of the last pass, as the status branch records it: the taints it added, its tasks after the render. */
export function recordOf(memory: FailoverMemory): FailoverView {
  const unhealthy = new Map([...memory.unhealthy].filter(([id]) => memory.applicationKeys.has(unhealthyPair(id).key)));
  return failoverView(memory.added, memory.tasks, unhealthy);
}

/**
 * A template has settled on a member (Karmada's allScheduledResourceInHealthyState,
 * docs/karmada-compatibility.md#failover-and-eviction): its Work there was applied and reported Healthy by the last
 * status step. Unknown is not enough: it means the member's copy has not been seen yet (kinds without a health
 * interpreter are Healthy, docs/karmada-compatibility.md#native-interpreters). Without a status step the loop sees no
 * workload health: a ready member counts as settled.
 */
function settledOn(memory: FailoverMemory, key: string, cluster: string): boolean {
  if (memory.reports === undefined) return isReady(memory, cluster);
  const report = memory.reports.get(unhealthyKey(key, cluster));
  return report !== undefined && report.applied !== false && report.health === 'Healthy';
}

/** A binding's tasks that go on; an adopted one is ended by its member's owner alone (adopt.ts). */
export function remaining(
  memory: FailoverMemory,
  key: string,
  tasks: readonly EvictionTask[],
  now: number,
  timeoutMs: number,
  releasedUpTo?: number,
): EvictionTask[] {
  const own = tasks.filter((t) => !t.adopted);
  const open = new Set(
    remainingTasks(
      own,
      memory.placement.get(key) ?? [],
      (c) => settledOn(memory, key, c),
      now,
      timeoutMs,
      releasedUpTo,
    ),
  );
  return tasks.filter((t) => t.adopted || open.has(t));
}

/** The members' health of each template, from the status step (application failover). */
export function recordHealth(
  memory: FailoverMemory,
  reports: readonly HealthReport[],
  now: number,
  timeoutMs: number,
): FailoverMemory {
  let next: FailoverMemory = { ...memory, unhealthy: nextUnhealthy(memory.unhealthy, reports, now) };
  // Newly Unhealthy under application failover: a pass now arms its toleration and records since when on the status branch.
  if (
    [...next.unhealthy.keys()].some(
      (id) => !memory.unhealthy.has(id) && memory.applicationKeys.has(unhealthyPair(id).key),
    )
  )
    next = dueNow(next, now);
  next = { ...next, reports: new Map(reports.map((r) => [unhealthyKey(r.key, r.cluster), r])) };
  // A task these reports end is ended by the next pass's render: ask for that pass now.
  if ([...next.tasks].some(([key, tasks]) => remaining(next, key, tasks, now, timeoutMs).length < tasks.length))
    next = dueNow(next, now);
  return next;
}

/** The members a binding's tasks keep out, sorted and joined: what {@link adopt} compares. */
function evictedFrom(tasks: readonly EvictionTask[]): string {
  return tasks
    .map((t) => t.fromCluster)
    .sort()
    .join(',');
}

/**
 * With shards, takes the eviction tasks and first-unhealthy times of the members other replicas
 * own from what the status step recorded (`recorded`, every template of the pass listed;
 * adopt.ts). A change in the members a binding is kept out of asks for a pass now, so that this
 * replica's placement follows the owner's.
 */
export function adopt(
  memory: FailoverMemory,
  recorded: FailoverView,
  owns: (cluster: string) => boolean,
  now: number,
): FailoverMemory {
  let moved = false;
  const tasks = new Map(memory.tasks);
  for (const [key, list] of recorded.tasks) {
    const before = tasks.get(key) ?? [];
    const after = adoptedTasks(before, list, owns);
    if (after.length > 0) tasks.set(key, after);
    else tasks.delete(key);
    moved ||= evictedFrom(before) !== evictedFrom(after);
  }
  const next = { ...memory, tasks, unhealthy: adoptedUnhealthy(memory.unhealthy, recorded.unhealthySince, owns) };
  return moved ? dueNow(next, now) : next;
}
