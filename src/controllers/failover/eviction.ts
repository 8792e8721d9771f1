/**
 * Karmada's taint manager and graceful-eviction controller over the loop's memory
 * (docs/karmada-compatibility.md#failover-and-eviction,
 * docs/karmada-compatibility.md#failover-clocks-on-the-status-branch): a binding placed on a member with a NoExecute
 * taint it does not tolerate is evicted at once; one that tolerates it with `tolerationSeconds` is evicted when that
 * time has passed since the taint was added; without `tolerationSeconds` it stays. An eviction task keeps the member
 * out of the binding's candidates (ClusterEviction filter) until it ends ({@link remainingTasks}). Pure; time is passed
 * in.
 */
import type { GracefulEvictionTask, PurgeMode, Taint, Toleration } from '../../model/index.ts';
import { toleratesTaint } from '../../scheduler/index.ts';

/**
 * Karmada's GracefulEvictionTask as the loop holds it: created at a time on the injected clock
 * (failover-record.ts turns it into the status branch's `creationTimestamp` and back).
 */
export interface EvictionTask
  extends Pick<
    GracefulEvictionTask,
    'fromCluster' | 'purgeMode' | 'reason' | 'producer' | 'replicas' | 'gracePeriodSeconds'
  > {
  /** Milliseconds (injected clock) the task was created. */
  createdAt: number;
  /** Directly: a pass has seen the old copy deleted, so the template's new copies may be applied. */
  purged?: true;
  /**
   * Taken from the status branch, where the replica that owns the member wrote it (`run --shards`):
   * only that owner ends it, and this replica drops it when the branch does (adopt.ts).
   */
  adopted?: true;
  /** Restored from the status branch for a member this process has not probed yet: it holds, it does not purge. */
  unprobed?: true;
}

/** What the taint manager needs of one binding from the last pass. */
export interface BindingTolerations {
  /** refKey of the template. */
  key: string;
  clusters: readonly string[];
  tolerations: readonly Toleration[];
  purgeMode?: PurgeMode;
}

/** Karmada's `--graceful-eviction-timeout` default: 10 minutes. */
export const DEFAULT_GRACEFUL_EVICTION_TIMEOUT_MS = 600_000;

/**
 * When a binding must leave a member with these NoExecute taints: `now` when one is untolerated,
 * else the earliest `timeAdded + tolerationSeconds` among the tolerations used, `undefined` when
 * tolerated forever (Karmada's taint_manager.go getMinTolerationTime).
 */
export function evictionTime(
  taints: readonly Taint[],
  tolerations: readonly Toleration[],
  now: number,
): number | undefined {
  let earliest: number | undefined;
  for (const taint of taints.filter((t) => t.effect === 'NoExecute')) {
    const used = tolerations.filter((t) => toleratesTaint(t, taint));
    if (used.length === 0) return now;
    const added = taint.timeAdded ? Date.parse(taint.timeAdded) : now;
    for (const t of used) {
      if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
      const at = added + Math.max(0, t.tolerationSeconds) * 1000;
      earliest = earliest === undefined ? at : Math.min(earliest, at);
    }
  }
  return earliest;
}

/**
 * The tasks to add this pass, by binding key: for each member a binding is on and has no task for
 * yet, the task `due` gives, if its time has come. Taints and application failover differ only in `due`.
 */
export function evictionsDue<B extends { key: string; clusters: readonly string[] }>(
  bindings: readonly B[],
  existing: ReadonlyMap<string, readonly EvictionTask[]>,
  due: (binding: B, cluster: string) => EvictionTask | undefined,
): Map<string, EvictionTask[]> {
  const out = new Map<string, EvictionTask[]>();
  for (const b of bindings) {
    for (const cluster of b.clusters) {
      if (existing.get(b.key)?.some((t) => t.fromCluster === cluster)) continue;
      const task = due(b, cluster);
      if (task) out.set(b.key, [...(out.get(b.key) ?? []), task]);
    }
  }
  return out;
}

/** The tasks to add this pass: bindings due to leave a tainted member they have no task for yet. */
export function newEvictions(
  bindings: readonly BindingTolerations[],
  taints: ReadonlyMap<string, readonly Taint[]>,
  existing: ReadonlyMap<string, readonly EvictionTask[]>,
  now: number,
): Map<string, EvictionTask[]> {
  return evictionsDue(bindings, existing, (b, cluster) => {
    const clusterTaints = taints.get(cluster);
    const at = clusterTaints && evictionTime(clusterTaints, b.tolerations, now);
    if (at === undefined || at > now) return undefined;
    return {
      fromCluster: cluster,
      createdAt: now,
      purgeMode: b.purgeMode ?? 'Gracefully',
      reason: 'TaintUntolerated',
      producer: 'TaintManager',
    };
  });
}

/** How long a task lasts at most: its own `gracePeriodSeconds` (application failover, Gracefully), else `timeoutMs`. */
export function taskTimeoutMs(task: EvictionTask, timeoutMs: number): number {
  return task.gracePeriodSeconds === undefined ? timeoutMs : task.gracePeriodSeconds * 1000;
}

/**
 * The tasks that remain (Karmada's graceful-eviction controller, assessEvictionTasks): a `Never`
 * task (suppressDeletion) stays until a human releases it — `releasedUpTo`, tasks created at or
 * before that time; any other task ends when its timeout ({@link taskTimeoutMs}) has passed, or when the new placement
 * avoids the evicted member and the template has settled on every cluster of it. A `Directly`
 * task whose old copy is not yet purged does not end by settling: its new copies wait for the
 * purge (docs/karmada-compatibility.md#purge-modes), so they cannot have settled.
 */
export function remainingTasks(
  tasks: readonly EvictionTask[],
  placement: readonly string[],
  settledOn: (cluster: string) => boolean,
  now: number,
  timeoutMs: number,
  releasedUpTo?: number,
): EvictionTask[] {
  const settled = placement.length > 0 && placement.every(settledOn);
  return tasks.filter((t) => {
    if (t.purgeMode === 'Never') return releasedUpTo === undefined || t.createdAt > releasedUpTo;
    if (now - t.createdAt >= taskTimeoutMs(t, timeoutMs)) return false;
    if (t.purgeMode === 'Directly' && !t.purged) return true;
    return !(settled && !placement.includes(t.fromCluster));
  });
}
