/**
 * With shards (`run --shards N`), the failover of a member is decided by the replica that owns it:
 * its eviction tasks, with their creation times, and its first-unhealthy times are those the owner
 * wrote on the status branch (status/shard-status.ts). Every other replica takes them from what its
 * status step recorded, so that all of them schedule with the same tasks and none keeps a clock of
 * its own for a member it does not own. Pure.
 */
import type { GracefulEvictionTask } from '../../model/index.ts';
import type { OwnsMember, UnhealthySince } from '../../status/index.ts';
import { unhealthyKey } from './application-failover.ts';
import type { EvictionTask } from './eviction.ts';
import { evictionTaskOf } from './failover-record.ts';

/**
 * A binding's tasks after the status branch recorded `recorded`: this replica's own for its
 * members, the branch's for the others (adopted). A task this replica added for another's member
 * and the branch does not hold is kept while it was never adopted: the owner has not written its
 * own yet, and evicting meanwhile keeps this replica's placement with the owner's. An adopted one
 * the branch no longer holds has been ended by its owner.
 */
export function adoptedTasks(
  mine: readonly EvictionTask[],
  recorded: readonly GracefulEvictionTask[],
  owns: OwnsMember,
): EvictionTask[] {
  const onBranch = new Set(recorded.map((t) => t.fromCluster));
  const kept = mine.flatMap((t): EvictionTask[] => {
    if (owns(t.fromCluster)) return [t.adopted ? taken(t) : t];
    return onBranch.has(t.fromCluster) || t.adopted ? [] : [t];
  });
  // A replica cannot see whether a member it does not apply to has deleted the old copy: like the
  // pass (purgedClusters), it counts it deleted, so the new copies are not held back for it.
  const theirs = recorded
    .filter((t) => !owns(t.fromCluster))
    .map(
      (t): EvictionTask => ({
        ...evictionTaskOf(t),
        adopted: true,
        ...(t.purgeMode === 'Directly' ? { purged: true } : {}),
      }),
    );
  return [...kept, ...theirs];
}

/** A task of a member this replica has taken over: its own to end from now on. */
function taken(task: EvictionTask): EvictionTask {
  const own = { ...task };
  delete own.adopted;
  return own;
}

/**
 * First-unhealthy times (by unhealthyKey) after the status branch recorded `recorded` (by template
 * refKey): a member of another replica that the branch lists has its owner's time. One it does
 * not list keeps this replica's own until the owner writes (the owner records a member's time a
 * pass after it sees the member Unhealthy); the status step's reports forget a member that is
 * Unhealthy no more, for every replica alike.
 */
export function adoptedUnhealthy(
  mine: ReadonlyMap<string, number>,
  recorded: ReadonlyMap<string, readonly UnhealthySince[]>,
  owns: OwnsMember,
): Map<string, number> {
  const next = new Map(mine);
  for (const [key, list] of recorded)
    for (const u of list) if (!owns(u.clusterName)) next.set(unhealthyKey(key, u.clusterName), Date.parse(u.since));
  return next;
}
