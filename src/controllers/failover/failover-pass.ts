/**
 * What the failover controller decides in each phase of a pass (docs/karmada-compatibility.md#purge-modes,
 * #failover-and-eviction): before the render, failed members as Ready=False/Unknown with Karmada's NoExecute taint, new
 * eviction tasks and previous schedules without the members the tasks evict from; after the render, the tasks
 * that are done end; after the apply, the Directly purges the pass has seen. Pure: memory and
 * time in, the next memory and the decisions out.
 */
import { refKey } from '../../model/index.ts';
import type { Cluster, SourceObject, Taint, TargetCluster } from '../../model/index.ts';
import type { PreviousSchedule, TemplateBinding } from '../../render/index.ts';
import type { SchedulingInputs } from '../controller.ts';
import { applicationEvictions, applicationFailovers } from './application-failover.ts';
import { newEvictions } from './eviction.ts';
import type { EvictionTask, BindingTolerations } from './eviction.ts';
import { dueNow, remaining } from './failover-memory.ts';
import type { FailoverMemory, FailoverOptions } from './failover-memory.ts';
import { failedOver, failedStatus, noExecuteTaint, readyStatus, taintedCluster } from './member-health.ts';
import { nextDue } from './next-due.ts';

/** Appends new tasks, each with its member's replicas in the binding it leaves (Karmada's GracefulEvictCluster). */
function withTasks(
  tasks: ReadonlyMap<string, readonly EvictionTask[]>,
  added: ReadonlyMap<string, EvictionTask[]>,
  targets: ReadonlyMap<string, readonly TargetCluster[]>,
): Map<string, readonly EvictionTask[]> {
  const out = new Map(tasks);
  for (const [key, list] of added) {
    const withReplicas = list.map((t) => {
      const replicas = targets.get(key)?.find((c) => c.name === t.fromCluster)?.replicas ?? 0;
      return replicas > 0 ? { ...t, replicas } : t;
    });
    out.set(key, [...(out.get(key) ?? []), ...withReplicas]);
  }
  return out;
}

/** The schedules without the members the tasks evict from (the scheduler's ClusterEviction filter). */
function withoutEvicted(
  schedules: ReadonlyMap<string, PreviousSchedule>,
  tasks: ReadonlyMap<string, readonly EvictionTask[]>,
): Map<string, PreviousSchedule> {
  const out = new Map(schedules);
  for (const [key, schedule] of schedules) {
    const evicted = (tasks.get(key) ?? []).map((t) => t.fromCluster);
    if (evicted.length > 0)
      out.set(key, {
        ...schedule,
        clusters: schedule.clusters.filter((c) => !evicted.includes(c.name)),
        evictedClusters: evicted,
      });
  }
  return out;
}

/**
 * Before the render: the scheduling inputs with the failed members tainted and evicted, from the
 * last render's bindings (`last`, empty before the first).
 */
export function schedulingInputs(
  memory: FailoverMemory,
  inputs: SchedulingInputs,
  last: readonly TemplateBinding[],
  now: number,
  options: FailoverOptions,
): { memory: FailoverMemory; inputs: SchedulingInputs } {
  const { fleet } = inputs;
  const taints = new Map<string, Taint[]>();
  const added = new Map<string, Taint>();
  const observedClusters = new Map(inputs.observedClusters);
  // A member that has left the fleet has no health to track: its failure (restored or seen) would stay listed.
  const members = new Set(fleet.clusters.map((c) => c.object.metadata.name));
  const health = new Map([...memory.health].filter(([cluster]) => members.has(cluster)));
  const clusters = fleet.clusters.map((source): SourceObject<Cluster> => {
    const name = source.object.metadata.name;
    const h = health.get(name);
    const status = inputs.observedClusters.get(name) ?? source.object.status;
    // A member whose probe answers is Ready now, whatever the last snapshot said: it gets its
    // workloads back in this pass rather than after the status step has seen it again.
    if (h?.last === 'ready' && status !== undefined) observedClusters.set(name, readyStatus(status));
    // Karmada's taint manager evicts for every NoExecute taint on the Cluster: the file's and a
    // ClusterTaintPolicy's (the taint policy controller runs before this one) as well as its own.
    const declared = (source.object.spec.taints ?? []).filter((t) => t.effect === 'NoExecute');
    // Read back and not yet confirmed by a probe: recorded as it was (a restart must not erase it), acted on never.
    if (h?.restored && h.last !== 'ready') added.set(name, noExecuteTaint(h.last, h.failingSince ?? now));
    if (!h || h.last === 'ready' || !failedOver(h, now, options.graceMs)) {
      if (declared.length > 0) taints.set(name, declared);
      return source;
    }
    if (!options.taintOnFailure) {
      // Karmada v1.14+: NotReady, so the scheduler's NoSchedule taint keeps new placements off; nothing is evicted.
      if (declared.length > 0) taints.set(name, declared);
      observedClusters.set(name, failedStatus(status, h.last));
      return source;
    }
    const taint = noExecuteTaint(h.last, h.failingSince ?? now);
    added.set(name, taint);
    taints.set(name, [...(source.object.spec.taints ?? []), taint]);
    observedClusters.set(name, failedStatus(status, h.last));
    return { ...source, object: taintedCluster(source.object, taint) };
  });
  const placed = last.flatMap((b): BindingTolerations[] =>
    b.binding
      ? [
          {
            key: refKey(b.binding.resource),
            clusters: b.binding.clusters.map((c) => c.name),
            tolerations: b.binding.placement.clusterTolerations ?? [],
            ...(b.binding.failover?.cluster?.purgeMode ? { purgeMode: b.binding.failover.cluster.purgeMode } : {}),
          },
        ]
      : [],
  );
  const applications = applicationFailovers(last);
  const targets = new Map(
    last.flatMap((b) => (b.binding ? [[refKey(b.binding.resource), b.binding.clusters] as const] : [])),
  );
  let tasks = withTasks(memory.tasks, newEvictions(placed, taints, memory.tasks, now), targets);
  tasks = withTasks(tasks, applicationEvictions(applications, memory.unhealthy, tasks, now), targets);
  const due = memory.catchUp
    ? now
    : nextDue(placed, taints, applications, memory.unhealthy, tasks, options.evictionTimeoutMs, now);
  return {
    memory: { ...memory, health, tasks, added, due, catchUp: false },
    // Spread first: the inputs it does not refine (the observed nodes) go on to the next controller.
    inputs: {
      ...inputs,
      fleet: { ...fleet, clusters },
      observedClusters,
      previousSchedules: withoutEvicted(inputs.previousSchedules, tasks),
    },
  };
}

/**
 * After the render: ends the eviction tasks whose binding has settled elsewhere, that timed out,
 * or (Never) that `releases` (release time by template refKey, release-evictions.ts) releases.
 * With `complete` (a source without errors, so every binding was rendered), the tasks of a
 * template that has no binding any more end with it, as Karmada's go with their deleted binding:
 * a Never task would otherwise hold the old copy, and stay in memory, for as long as the process
 * runs (the status branch no longer lists it, so a restart forgot it). A source with errors may
 * only have lost the binding to a broken file: its tasks are kept.
 */
export function settle(
  memory: FailoverMemory,
  bindings: readonly TemplateBinding[],
  now: number,
  releases: ReadonlyMap<string, number>,
  complete: boolean,
  timeoutMs: number,
): FailoverMemory {
  const placement = new Map(
    bindings.flatMap((b) =>
      b.binding ? [[refKey(b.binding.resource), b.binding.clusters.map((c) => c.name)] as const] : [],
    ),
  );
  const settled: FailoverMemory = {
    ...memory,
    placement,
    applicationKeys: new Set(applicationFailovers(bindings).map((a) => a.key)),
  };
  const tasks = new Map<string, readonly EvictionTask[]>();
  const released = new Map([...memory.released].map(([cluster, keys]) => [cluster, new Set(keys)]));
  const release = (cluster: string, key: string): void => {
    released.set(cluster, (released.get(cluster) ?? new Set<string>()).add(key));
  };
  for (const [key, list] of memory.tasks) {
    // A template removed from git: its copies go as a source change does, under the mass-prune guard.
    if (complete && !placement.has(key)) continue;
    const kept = remaining(settled, key, list, now, timeoutMs, releases.get(key));
    if (kept.length > 0) tasks.set(key, kept);
    // An ended task's old copy is meant to go now, as a purge Directly's is from the start.
    for (const t of list)
      if (!kept.includes(t) || (t.purgeMode === 'Directly' && !t.unprobed)) release(t.fromCluster, key);
  }
  return { ...settled, tasks, released };
}

/**
 * After the apply: the members the pass has seen every prunable old copy deleted from; their
 * Directly tasks' templates may be applied elsewhere, in a pass asked for now.
 */
export function confirmPurges(memory: FailoverMemory, clusters: readonly string[], now: number): FailoverMemory {
  const released = new Map([...memory.released].filter(([cluster]) => !clusters.includes(cluster)));
  memory = { ...memory, released };
  let confirmed = false;
  const tasks = new Map(
    [...memory.tasks].map(([key, list]) => [
      key,
      list.map((t): EvictionTask => {
        if (t.purgeMode !== 'Directly' || t.purged || !clusters.includes(t.fromCluster)) return t;
        confirmed = true;
        return { ...t, purged: true };
      }),
    ]),
  );
  return confirmed ? dueNow({ ...memory, tasks }, now) : { ...memory, tasks };
}
