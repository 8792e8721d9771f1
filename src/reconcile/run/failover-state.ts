/**
 * The loop's failover memory, between passes (semantics §8.2, §9.14): member health from the
 * probes, workload health from the status step (application failover), and the graceful-eviction
 * tasks of each binding. Before a pass it turns them into render
 * inputs (failed members as Ready=False/Unknown with Karmada's NoExecute taint; previous
 * schedules without the members bindings were evicted from); during a pass it says what the
 * tasks hold back (purge modes: purge-holds.ts) and records confirmed Directly purges; after the
 * render it ends the tasks that are done. Time comes from an injected clock. The status branch
 * records it all ({@link FailoverState.view}); a restarted process resumes from it
 * ({@link FailoverState.restore}), keeping grace periods, tasks and first-unhealthy times. With
 * shards, each member's part is its owner's: the other replicas adopt it from the branch after
 * every status step ({@link FailoverState.adopt}).
 */
import { refKey } from '../../model/index.ts';
import type { ClusterStatus, SourceObject, Cluster, Taint, TargetCluster } from '../../model/index.ts';
import type { PreviousSchedule } from '../../render/bind/schedule-claims.ts';
import type { Fleet } from '../../render/load/fleet.ts';
import type { TemplateBinding } from '../../render/works/template-binding.ts';
import type { FailoverView } from '../../status/index.ts';
import { adoptedTasks, adoptedUnhealthy } from './adopt-failover.ts';
import { applicationEvictions, applicationFailovers, nextUnhealthy, unhealthyKey, unhealthyPair } from './application-failover.ts';
import type { HealthReport } from './application-failover.ts';
import { DEFAULT_GRACEFUL_EVICTION_TIMEOUT_MS, newEvictions, remainingTasks } from './eviction.ts';
import type { EvictionTask, PlacedBinding } from './eviction.ts';
import { failoverView, restoredFailover } from './failover-record.ts';
import { nextDue } from './next-due.ts';
import { purgeHolds } from './purge-holds.ts';
import type { PurgeHolds } from './purge-holds.ts';
import { failedOver, failedStatus, nextHealth, noExecuteTaint, readyStatus, taintedCluster } from './member-health.ts';
import type { MemberHealth, ProbeResult } from './member-health.ts';

/** Failover settings. */
export interface FailoverOptions {
  /** `--failover-grace`: how long a member fails its probes before it is failed over (Karmada's cluster-failure-threshold). @default 30_000 */
  graceMs: number;
  /** `--graceful-eviction-timeout`: the longest an eviction task keeps a member out of a binding. @default 600_000 */
  evictionTimeoutMs: number;
}

/** The defaults of {@link FailoverOptions}. */
export const DEFAULT_FAILOVER_OPTIONS: Readonly<FailoverOptions> = Object.freeze({ graceMs: 30_000, evictionTimeoutMs: DEFAULT_GRACEFUL_EVICTION_TIMEOUT_MS });

/** What a pass renders with. */
export interface FailoverInputs {
  fleet: Fleet;
  observedClusters: Map<string, ClusterStatus>;
  previousSchedules: Map<string, PreviousSchedule>;
}

/** See the module comment. */
export class FailoverState {
  private readonly options: FailoverOptions;
  private readonly health = new Map<string, MemberHealth>();
  private tasks = new Map<string, EvictionTask[]>();
  private unhealthy = new Map<string, number>();
  /** The last status step's health per (template, member), by unhealthyKey; undefined until a status step reports. */
  private reports: Map<string, HealthReport> | undefined;
  /** Each binding's placement at the last {@link settle}. */
  private placement = new Map<string, string[]>();
  /** The bindings with application failover at the last {@link settle}: the only ones whose first-unhealthy times mean anything. */
  private applicationKeys = new Set<string>();
  private due: number | undefined;
  /** The failed-over members at the last observation, joined: what {@link observe} compares with. */
  private lastFailed = '';
  /** The NoExecute taint the last {@link inputs} added, by member. */
  private added = new Map<string, Taint>();
  /** Restored state waits for a pass that knows the bindings (the first one does not) to act on it. */
  private catchUp = false;
  /** Whether a pass has rendered ({@link settle}): from then on its bindings, not the status branch, are the previous schedules. */
  private rendered = false;

  constructor(options: Partial<FailoverOptions> = {}) {
    this.options = { ...DEFAULT_FAILOVER_OPTIONS, ...options };
  }

  /** Records one round of probes; true when the set of failed-over members changed (a pass is due). */
  observe(probes: ReadonlyMap<string, ProbeResult>, now: number): boolean {
    for (const [cluster, probe] of probes) this.health.set(cluster, nextHealth(this.health.get(cluster), probe, now));
    const failed = this.failedMembers(now).join(',');
    const changed = failed !== this.lastFailed;
    this.lastFailed = failed;
    return changed;
  }

  /**
   * When an eviction that is not due yet (a toleration with seconds, an application's toleration)
   * will be, as of the last {@link inputs}: the loop runs a pass then (Karmada re-checks the binding
   * after the shortest remaining toleration).
   */
  nextDue(): number | undefined {
    return this.due;
  }

  /**
   * Resumes from what the status branch recorded (a restarted process, semantics §9.14): failed-over
   * members with their failing-since, eviction tasks with their creation times, first-unhealthy
   * times. What this process has seen itself wins: a member probed ready stays ready, a failing
   * streak keeps the earlier start. The restored failed-over members count as last observed, so
   * the first probe that finds one ready asks for a pass.
   */
  restore(view: FailoverView, now: number): void {
    const restored = restoredFailover(view);
    for (const [cluster, health] of restored.health) {
      const seen = this.health.get(cluster);
      if (seen?.last === 'ready') continue;
      this.health.set(cluster, { last: seen?.last ?? health.last, failingSince: Math.min(seen?.failingSince ?? Infinity, health.failingSince ?? Infinity) });
    }
    for (const [key, tasks] of restored.tasks) if (!this.tasks.has(key)) this.tasks.set(key, tasks);
    // The loop that wrote these tasks had a status step: until this one reports workload health,
    // no member counts as settled, so a restored task is not ended on probes alone.
    if (restored.tasks.size > 0) this.reports ??= new Map();
    for (const [id, since] of restored.unhealthy) if (!this.unhealthy.has(id)) this.unhealthy.set(id, since);
    this.catchUp ||= restored.health.size + restored.tasks.size + restored.unhealthy.size > 0;
    this.lastFailed = this.failedMembers(now).join(',');
  }

  /** The failover of the last pass, as the status branch records it: taints of {@link inputs}, tasks after {@link settle}. */
  view(): FailoverView {
    const unhealthy = new Map([...this.unhealthy].filter(([id]) => this.applicationKeys.has(unhealthyPair(id).key)));
    return failoverView(this.added, this.tasks, unhealthy);
  }

  /** Records the members' health of each template, from the status step (application failover). */
  observeHealth(reports: readonly HealthReport[], now: number): void {
    const before = this.unhealthy;
    this.unhealthy = nextUnhealthy(this.unhealthy, reports, now);
    // Newly Unhealthy under application failover: a pass now arms its toleration (nextDue) and records since when on the status branch.
    if ([...this.unhealthy.keys()].some((id) => !before.has(id) && this.applicationKeys.has(unhealthyPair(id).key))) this.dueNow(now);
    this.reports = new Map(reports.map((r) => [unhealthyKey(r.key, r.cluster), r]));
    // A task these reports end is ended by the next pass's settle: ask for that pass now.
    if ([...this.tasks].some(([key, tasks]) => this.remaining(key, tasks, now).length < tasks.length)) this.dueNow(now);
  }

  /**
   * With shards, takes the eviction tasks and first-unhealthy times of the members other replicas
   * own from what the status step recorded (`recorded`, every template of the pass listed;
   * adopt-failover.ts). A change in the members a binding is kept out of asks for a pass now, so
   * that this replica's placement follows the owner's.
   */
  adopt(recorded: FailoverView, owns: (cluster: string) => boolean, now: number): void {
    let moved = false;
    for (const [key, tasks] of recorded.tasks) {
      const before = this.tasks.get(key) ?? [];
      const after = adoptedTasks(before, tasks, owns);
      if (after.length > 0) this.tasks.set(key, after);
      else this.tasks.delete(key);
      moved ||= evictedFrom(before) !== evictedFrom(after);
    }
    this.unhealthy = adoptedUnhealthy(this.unhealthy, recorded.unhealthySince, owns);
    if (moved) this.dueNow(now);
  }

  /** Members failing past the grace period, sorted. */
  failedMembers(now: number): string[] {
    return [...this.health].filter(([, h]) => failedOver(h, now, this.options.graceMs)).map(([c]) => c).sort();
  }

  /** Whether the last probe of a member succeeded (unprobed members count as ready). */
  isReady(cluster: string): boolean {
    return (this.health.get(cluster)?.last ?? 'ready') === 'ready';
  }

  /**
   * Render inputs for the next pass, from the fleet and the last pass's bindings; `seed` (the
   * status branch's schedules) stands in for them before the first pass of this process, and only
   * then: a later pass that follows one without bindings (every template removed) must not take
   * the schedules the branch had at startup for templates added again, which the reschedule gate
   * would keep where they were then.
   */
  inputs(
    fleet: Fleet, last: readonly TemplateBinding[], now: number,
    seed: ReadonlyMap<string, PreviousSchedule> = new Map(), known: ReadonlyMap<string, ClusterStatus> = new Map(),
  ): FailoverInputs {
    const taints = new Map<string, Taint[]>();
    const added = new Map<string, Taint>();
    const observedClusters = new Map<string, ClusterStatus>();
    // A member that has left the fleet has no health to track: its failure (restored or seen) would stay listed.
    const members = new Set(fleet.clusters.map((c) => c.object.metadata.name));
    for (const cluster of [...this.health.keys()]) if (!members.has(cluster)) this.health.delete(cluster);
    const clusters = fleet.clusters.map((source): SourceObject<Cluster> => {
      const name = source.object.metadata.name;
      const health = this.health.get(name);
      const status = known.get(name) ?? source.object.status;
      // A member whose probe answers is Ready now, whatever the last snapshot said: it gets its
      // workloads back in this pass rather than after the status step has seen it again.
      if (health?.last === 'ready' && status !== undefined) observedClusters.set(name, readyStatus(status));
      if (!health || health.last === 'ready' || !failedOver(health, now, this.options.graceMs)) return source;
      const taint = noExecuteTaint(health.last, health.failingSince ?? now);
      added.set(name, taint);
      taints.set(name, [...(source.object.spec.taints ?? []), taint]);
      observedClusters.set(name, failedStatus(status, health.last));
      return { ...source, object: taintedCluster(source.object, taint) };
    });
    const placed = last.flatMap((b): PlacedBinding[] => b.binding ? [{
      key: refKey(b.binding.resource), clusters: b.binding.clusters.map((c) => c.name),
      tolerations: b.binding.placement.clusterTolerations ?? [],
      ...(b.binding.failover?.cluster?.purgeMode ? { purgeMode: b.binding.failover.cluster.purgeMode } : {}),
    }] : []);
    const applications = applicationFailovers(last);
    const targets = new Map(last.flatMap((b) => (b.binding ? [[refKey(b.binding.resource), b.binding.clusters] as const] : [])));
    this.addTasks(newEvictions(placed, taints, this.tasks, now), targets);
    this.addTasks(applicationEvictions(applications, this.unhealthy, this.tasks, now), targets);
    this.added = added;
    this.due = this.catchUp ? now : nextDue(placed, taints, applications, this.unhealthy, this.tasks, this.options.evictionTimeoutMs, now);
    this.catchUp = false;
    const previousSchedules = last.length === 0 && !this.rendered ? this.seeded(seed) : this.previousSchedules(last);
    return { fleet: { ...fleet, clusters }, observedClusters, previousSchedules };
  }

  /**
   * Ends the eviction tasks whose binding has settled elsewhere, that timed out, or (Never) that
   * `releases` (release time by template refKey, release-evictions.ts) releases. With `complete`
   * (a source without errors, so every binding was rendered), the tasks of a template that has no
   * binding any more end with it, as Karmada's go with their deleted binding: a Never task would
   * otherwise hold the old copy, and stay in memory, for as long as the process runs (the status
   * branch no longer lists it, so a restart forgot it). A source with errors may only have lost
   * the binding to a broken file: its tasks are kept.
   */
  settle(bindings: readonly TemplateBinding[], now: number, releases: ReadonlyMap<string, number> = new Map(), complete = false): void {
    this.rendered = true;
    this.placement = new Map(bindings.flatMap((b) => b.binding ? [[refKey(b.binding.resource), b.binding.clusters.map((c) => c.name)] as const] : []));
    this.applicationKeys = new Set(applicationFailovers(bindings).map((a) => a.key));
    const next = new Map<string, EvictionTask[]>();
    for (const [key, tasks] of this.tasks) {
      if (complete && !this.placement.has(key)) continue;
      const kept = this.remaining(key, tasks, now, releases.get(key));
      if (kept.length > 0) next.set(key, kept);
    }
    this.tasks = next;
  }

  /** What the current tasks hold back in a pass over these clusters (purge-holds.ts). */
  holds(clusters: readonly string[]): PurgeHolds {
    return purgeHolds(this.tasks, clusters);
  }

  /**
   * Records the members a pass has seen every prunable old copy deleted from: their Directly tasks'
   * templates may be applied elsewhere, in a pass asked for now.
   */
  confirmPurges(clusters: readonly string[], now: number): void {
    let confirmed = false;
    for (const [key, tasks] of this.tasks) {
      this.tasks.set(key, tasks.map((t) => {
        if (t.purgeMode !== 'Directly' || t.purged || !clusters.includes(t.fromCluster)) return t;
        confirmed = true;
        return { ...t, purged: true as const };
      }));
    }
    if (confirmed) this.dueNow(now);
  }

  /**
   * A template has settled on a member (Karmada's allScheduledResourceInHealthyState, semantics
   * §8.2): its Work there was applied and reported Healthy by the last status step. Unknown is not
   * enough: it means the member's copy has not been seen yet (kinds without a health interpreter
   * are Healthy, §6.2). Without a status step the loop sees no workload health: a ready member
   * counts as settled.
   */
  private settledOn(key: string, cluster: string): boolean {
    if (this.reports === undefined) return this.isReady(cluster);
    const report = this.reports.get(unhealthyKey(key, cluster));
    return report !== undefined && report.applied !== false && report.health === 'Healthy';
  }

  /** The tasks that go on; an adopted one is ended by its member's owner alone (adopt-failover.ts). */
  private remaining(key: string, tasks: readonly EvictionTask[], now: number, releasedUpTo?: number): EvictionTask[] {
    const open = new Set(remainingTasks(tasks.filter((t) => !t.adopted), this.placement.get(key) ?? [], (c) => this.settledOn(key, c), now, this.options.evictionTimeoutMs, releasedUpTo));
    return tasks.filter((t) => t.adopted || open.has(t));
  }

  private dueNow(now: number): void {
    this.due = this.due === undefined ? now : Math.min(this.due, now);
  }

  /** Appends new tasks, each with its member's replicas in the binding it leaves (Karmada's GracefulEvictCluster). */
  private addTasks(added: ReadonlyMap<string, EvictionTask[]>, targets: ReadonlyMap<string, readonly TargetCluster[]>): void {
    for (const [key, tasks] of added) {
      const withReplicas = tasks.map((t) => {
        const replicas = targets.get(key)?.find((c) => c.name === t.fromCluster)?.replicas ?? 0;
        return replicas > 0 ? { ...t, replicas } : t;
      });
      this.tasks.set(key, [...(this.tasks.get(key) ?? []), ...withReplicas]);
    }
  }

  /** The status branch's schedules, without the members restored tasks evict from (ClusterEviction filter). */
  private seeded(seed: ReadonlyMap<string, PreviousSchedule>): Map<string, PreviousSchedule> {
    const out = new Map(seed);
    for (const [key, schedule] of seed) {
      const evicted = (this.tasks.get(key) ?? []).map((t) => t.fromCluster);
      if (evicted.length > 0) out.set(key, { ...schedule, clusters: schedule.clusters.filter((c) => !evicted.includes(c.name)), evictedClusters: evicted });
    }
    return out;
  }

  private previousSchedules(last: readonly TemplateBinding[]): Map<string, PreviousSchedule> {
    const out = new Map<string, PreviousSchedule>();
    for (const { binding } of last) {
      if (!binding) continue;
      const key = refKey(binding.resource);
      const evicted = (this.tasks.get(key) ?? []).map((t) => t.fromCluster);
      out.set(key, {
        clusters: binding.clusters.filter((c) => !evicted.includes(c.name)),
        ...(binding.affinityName ? { affinityName: binding.affinityName } : {}),
        ...(binding.appliedPlacement !== undefined ? { appliedPlacement: binding.appliedPlacement } : {}),
        ...(evicted.length > 0 ? { evictedClusters: evicted } : {}),
      });
    }
    return out;
  }
}

/** The members a binding's tasks keep out, sorted and joined: what {@link FailoverState.adopt} compares. */
function evictedFrom(tasks: readonly EvictionTask[]): string {
  return tasks.map((t) => t.fromCluster).sort().join(',');
}
