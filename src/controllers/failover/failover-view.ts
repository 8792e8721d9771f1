/**
 * The run loop's failover as the status branch records it (docs/karmada-compatibility.md#failover-and-eviction,
 * #failover-clocks-on-the-status-branch): what a pass writes, and what a restarted process reads back to carry on with
 * the same grace periods and eviction tasks. Karmada keeps taints and tasks in the API server and first-unhealthy times
 * in memory; a git-driven engine keeps all three here.
 */
import { refKey } from '../../model/index.ts';
import type { GracefulEvictionTask, Taint } from '../../model/index.ts';
import type { ParsedStatusTree, StatusReport, TemplateStatus, UnhealthySince } from '../../status/index.ts';

/** The failover state of one pass, keyed like the status branch's files. */
export interface FailoverView {
  /** The NoExecute taints Flotilla added to failed-over members (not the ones declared in git), by member. */
  taints: ReadonlyMap<string, readonly Taint[]>;
  /** Graceful eviction tasks, by template refKey. */
  tasks: ReadonlyMap<string, readonly GracefulEvictionTask[]>;
  /** First-unhealthy times, by template refKey. */
  unhealthySince: ReadonlyMap<string, readonly UnhealthySince[]>;
}

/** A view with nothing in it: no member failed over, no task, nothing unhealthy. */
export function emptyFailoverView(): FailoverView {
  return { taints: new Map(), tasks: new Map(), unhealthySince: new Map() };
}

/** A template's status with its eviction tasks and first-unhealthy times from the view (by refKey), if any. */
export function withTemplateFailover(status: TemplateStatus, view: FailoverView): TemplateStatus {
  const key = refKey(status.resource);
  const tasks = view.tasks.get(key) ?? [];
  const since = view.unhealthySince.get(key) ?? [];
  return {
    ...status,
    ...(tasks.length > 0 ? { gracefulEvictionTasks: [...tasks] } : {}),
    ...(since.length > 0 ? { unhealthySince: [...since] } : {}),
  };
}

/** The view with `added` beside its own taints on each member (one taint per key and effect). */
export function withAddedTaints(view: FailoverView, added: ReadonlyMap<string, readonly Taint[]>): FailoverView {
  if (added.size === 0) return view;
  const taints = new Map(view.taints);
  for (const [cluster, more] of added) {
    const own = taints.get(cluster) ?? [];
    taints.set(cluster, [...own, ...more.filter((t) => !own.some((o) => o.key === t.key && o.effect === t.effect))]);
  }
  return { ...view, taints };
}

/**
 * The failover a report records, every template listed (with an empty list when it records
 * none), so that a reader can tell "no task" from "not reported": with shards, what the owners of
 * other replicas' members decided (src/status/shard-status.ts), for the run loop to adopt.
 */
export function recordedFailover(report: Pick<StatusReport, 'clusters' | 'templates'>): FailoverView {
  return {
    taints: new Map(report.clusters.map((c) => [c.name, c.taints ?? []])),
    tasks: new Map(report.templates.map((t) => [refKey(t.resource), t.gracefulEvictionTasks ?? []])),
    unhealthySince: new Map(report.templates.map((t) => [refKey(t.resource), t.unhealthySince ?? []])),
  };
}

/** The taints, eviction tasks and first-unhealthy times a status branch tree holds (read back). */
export function failoverOfTree(tree: Pick<ParsedStatusTree, 'clusters' | 'placements'>): FailoverView {
  return {
    taints: new Map(tree.clusters.flatMap((c) => (c.taints ? [[c.name, c.taints] as const] : []))),
    tasks: new Map(
      tree.placements.flatMap((t) =>
        t.gracefulEvictionTasks ? [[refKey(t.resource), t.gracefulEvictionTasks] as const] : [],
      ),
    ),
    unhealthySince: new Map(
      tree.placements.flatMap((t) => (t.unhealthySince ? [[refKey(t.resource), t.unhealthySince] as const] : [])),
    ),
  };
}

declare module '../controller-records.ts' {
  interface ControllerRecords {
    /** Failed-over members' taints, eviction tasks and first-unhealthy times. */
    failover: FailoverView;
  }
}
