/**
 * Failover's fields of a binding under shards (`run --shards N`, src/status/shard-status.ts): every
 * entry about a member has one author, the replica that owns the member.
 */
import { compareBytes } from '../../model/index.ts';
import type { GracefulEvictionTask } from '../../model/index.ts';
import { mergeShardMembers } from '../../status/index.ts';
import type { OwnsMember, TemplateStatus, UnhealthySince } from '../../status/index.ts';

/**
 * The template with application failover's first-unhealthy times merged like its items: a
 * member's clock is the one its owner keeps, so replicas do not overwrite each other's.
 */
export function withShardUnhealthySince(
  status: TemplateStatus,
  holders: readonly string[],
  owns: OwnsMember,
  tip: readonly UnhealthySince[],
): TemplateStatus {
  const { unhealthySince, ...rest } = status;
  const merged = mergeShardMembers(holders, owns, unhealthySince ?? [], tip).sort((a, b) =>
    compareBytes(a.clusterName, b.clusterName),
  );
  return { ...rest, ...(merged.length > 0 ? { unhealthySince: merged } : {}) };
}

/**
 * The template with its eviction tasks merged per evicted member: a task is authored by the owner
 * of its `fromCluster` alone (its creation time on the owner's clock), so this replica writes the
 * tasks of the members it owns and takes the others from the tip, even when it keeps its own
 * copy of them in memory. Ordered by creation time, then member, so that every replica writes the
 * same list.
 */
export function withShardEvictionTasks(
  status: TemplateStatus,
  owns: OwnsMember,
  tip: readonly GracefulEvictionTask[],
): TemplateStatus {
  const { gracefulEvictionTasks, ...rest } = status;
  const merged = [
    ...(gracefulEvictionTasks ?? []).filter((t) => owns(t.fromCluster)),
    ...tip.filter((t) => !owns(t.fromCluster)),
  ].sort(
    (a, b) => compareBytes(a.creationTimestamp, b.creationTimestamp) || compareBytes(a.fromCluster, b.fromCluster),
  );
  return { ...rest, ...(merged.length > 0 ? { gracefulEvictionTasks: merged } : {}) };
}

/** Both of failover's fields of a binding merged under shards, from the binding the tip holds. */
export function withShardFailover(
  status: TemplateStatus,
  holders: readonly string[],
  owns: OwnsMember,
  tip: TemplateStatus | undefined,
): TemplateStatus {
  return withShardEvictionTasks(
    withShardUnhealthySince(status, holders, owns, tip?.unhealthySince ?? []),
    owns,
    tip?.gracefulEvictionTasks ?? [],
  );
}
