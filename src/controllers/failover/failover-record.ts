/**
 * The loop's failover memory as the status branch records it, and back
 * (docs/karmada-compatibility.md#failover-clocks-on-the-status-branch): Karmada's GracefulEvictionTask and NoExecute
 * taint with RFC 3339 times on one side, milliseconds on the injected clock on the other. Pure.
 */
import { compareBytes } from '../../model/index.ts';
import type { GracefulEvictionTask, Taint } from '../../model/index.ts';
import type { UnhealthySince } from '../../status/index.ts';
import type { FailoverView } from './failover-view.ts';
import { unhealthyKey, unhealthyPair } from './application-failover.ts';
import type { EvictionTask } from './eviction.ts';
import { healthFromTaint } from './member-health.ts';
import type { MemberHealth } from './member-health.ts';

const rfc3339 = (ms: number): string => new Date(ms).toISOString();

/** A task as Karmada writes it on the binding: `suppressDeletion` for Never, replicas only when > 0. */
export function gracefulEvictionTask(task: EvictionTask): GracefulEvictionTask {
  return {
    fromCluster: task.fromCluster,
    purgeMode: task.purgeMode,
    reason: task.reason,
    producer: task.producer,
    ...(task.replicas ? { replicas: task.replicas } : {}),
    ...(task.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: task.gracePeriodSeconds } : {}),
    ...(task.purgeMode === 'Never' ? { suppressDeletion: true } : {}),
    creationTimestamp: rfc3339(task.createdAt),
  };
}

/**
 * The task a restarted loop carries on with. A Directly task's purge is not recorded: the next
 * pass sees the old copy gone again and confirms it.
 */
export function evictionTaskOf(task: GracefulEvictionTask): EvictionTask {
  return {
    fromCluster: task.fromCluster,
    purgeMode: task.purgeMode,
    reason: task.reason,
    producer: task.producer,
    ...(task.replicas ? { replicas: task.replicas } : {}),
    ...(task.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: task.gracePeriodSeconds } : {}),
    createdAt: Date.parse(task.creationTimestamp),
  };
}

/** The view of one pass: the taints it added, its tasks, its first-unhealthy times (by unhealthyKey). */
export function failoverView(
  taints: ReadonlyMap<string, Taint>,
  tasks: ReadonlyMap<string, readonly EvictionTask[]>,
  unhealthy: ReadonlyMap<string, number>,
): FailoverView {
  const since = new Map<string, UnhealthySince[]>();
  for (const [id, at] of unhealthy) {
    const { key, cluster } = unhealthyPair(id);
    since.set(key, [...(since.get(key) ?? []), { clusterName: cluster, since: rfc3339(at) }]);
  }
  for (const list of since.values()) list.sort((a, b) => compareBytes(a.clusterName, b.clusterName));
  return {
    taints: new Map([...taints].map(([cluster, taint]) => [cluster, [taint]])),
    tasks: new Map([...tasks].map(([key, list]) => [key, list.map(gracefulEvictionTask)])),
    unhealthySince: since,
  };
}

/** What a restarted loop resumes from. */
export interface RestoredFailover {
  /** Failed-over members: failing since their taint was added. */
  health: Map<string, MemberHealth>;
  tasks: Map<string, EvictionTask[]>;
  /** First-unhealthy times by unhealthyKey. */
  unhealthy: Map<string, number>;
}

/** The loop's memory from a view read back; taints Flotilla does not add (declared ones) are not failures. */
export function restoredFailover(view: FailoverView): RestoredFailover {
  const health = new Map<string, MemberHealth>();
  for (const [cluster, taints] of view.taints) {
    const failing = taints.map(healthFromTaint).find((h) => h !== undefined);
    if (failing) health.set(cluster, failing);
  }
  const unhealthy = new Map<string, number>();
  for (const [key, list] of view.unhealthySince)
    for (const u of list) unhealthy.set(unhealthyKey(key, u.clusterName), Date.parse(u.since));
  return { health, tasks: new Map([...view.tasks].map(([key, list]) => [key, list.map(evictionTaskOf)])), unhealthy };
}
