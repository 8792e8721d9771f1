/**
 * The status branch written by several replicas at once (`run --shards N`, issue 9 item 6). Every
 * replica renders the whole fleet but observes only the members it owns, so each contributes its
 * members' cluster documents and aggregatedStatus items (and, through their sections' `mergeShard`,
 * the controllers' fields of the documents); the rest comes from the branch's tip, which the other replicas wrote,
 * so every entry about a member has one author. Merged at the level of documents and items: the
 * aggregated parts (health, conditions, resourceStatus, problems, counts) are then computed again
 * from the merged items, and everything about a template itself comes from this replica's render.
 * Pure.
 */
import type { ObjectRef } from '../model/index.ts';
import type { OwnsMember } from './record-section.ts';
import { resourcePath } from './files/binding-document.ts';
import { clusterPath } from './files/cluster-document.ts';
import type { ClusterReport } from './status-report.ts';

export type { OwnsMember } from './record-section.ts';

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
