/**
 * The status branch written by several replicas at once (`run --shards N`, issue 9 item 6). Every
 * replica renders the whole fleet but observes only the members it owns, so each contributes its
 * members' cluster documents (failover taints included), aggregatedStatus items, first-unhealthy
 * times and eviction tasks; the rest comes from the branch's tip, which the other replicas wrote,
 * so every entry about a member has one author. Merged at the level of documents and items: the
 * aggregated parts (health, conditions, resourceStatus, problems, counts) are then computed again
 * from the merged items, and everything about a template itself comes from this replica's render.
 * Pure.
 */
import { compareBytes } from '../model/index.ts';
import type { GracefulEvictionTask, ObjectRef } from '../model/index.ts';
import type { UnhealthySince } from './status-types.ts';
import { resourcePath } from './files/binding-document.ts';
import { clusterPath } from './files/cluster-document.ts';
import type { ClusterReport } from './status-report.ts';
import type { TemplateStatus } from './status-types.ts';

/** Whether this replica observes a member (it holds the member's shard). */
export type OwnsMember = (cluster: string) => boolean;

/**
 * The fleet's cluster reports: this replica's for the members it owns, the tip's for the others
 * (a member no replica has written yet is left out until its owner does), in `names` order.
 */
export function mergeShardClusters(
  names: readonly string[],
  owns: OwnsMember,
  own: readonly ClusterReport[],
  tip: readonly ClusterReport[],
): ClusterReport[] {
  const mine = new Map(own.map((c) => [c.name, c]));
  const theirs = new Map(tip.map((c) => [c.name, c]));
  return names.flatMap((name) => {
    const report = owns(name) ? mine.get(name) : theirs.get(name);
    return report ? [report] : [];
  });
}

/**
 * A template's per-member entries (aggregatedStatus items, first-unhealthy times): this
 * replica's for the members it owns, and the tip's for members it does not own whose Work holds
 * the template in this render (`holders`); an entry of a member the template has left is dropped.
 */
export function mergeShardMembers<T extends { clusterName: string }>(
  holders: readonly string[],
  owns: OwnsMember,
  own: readonly T[],
  tip: readonly T[],
): T[] {
  const held = new Set(holders);
  const theirs = tip.filter((i) => held.has(i.clusterName) && !owns(i.clusterName));
  return [...own.filter((i) => owns(i.clusterName)), ...theirs];
}

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

/**
 * The files of the tip a sharded write reads: the cluster documents of members it does not own,
 * and the binding documents of templates that concern such a member (`members`: the members
 * holding the template, and those its eviction tasks keep out). A template all of whose members
 * it owns needs nothing from the tip.
 */
export function shardTipPaths(
  names: readonly string[],
  templates: readonly { resource: ObjectRef; members: readonly string[] }[],
  owns: OwnsMember,
): Set<string> {
  const paths = new Set(names.filter((name) => !owns(name)).map(clusterPath));
  for (const t of templates) if (t.members.some((c) => !owns(c))) paths.add(resourcePath(t.resource));
  return paths;
}
