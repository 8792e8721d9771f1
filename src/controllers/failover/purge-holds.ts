/**
 * What the eviction tasks hold back in a pass (docs/karmada-compatibility.md#purge-modes, #failover-and-eviction). The
 * evicted member's old copy of a template under a `Gracefully` or `Never` task is neither applied
 * nor pruned while the task lasts (Karmada keeps its Work: the task's cluster is in the expected
 * set, but is not rendered). Under a `Directly` task the old copy is pruned, and Karmada's binding
 * controller writes no Work of the binding until it is gone: the template's copies everywhere else
 * are left as they are — neither applied nor pruned — until a pass has seen the purge. Pure.
 */
import type { EvictionTask } from './eviction.ts';

/** The holds of one pass. */
export interface PurgeHolds {
  /** Per cluster: templates (refKey) whose copy there is left untouched, with why. */
  kept: Map<string, Map<string, string>>;
  /** Templates whose Works wait for a Directly purge: left out of every cluster's Work this pass. */
  waiting: Set<string>;
}

function keep(holds: PurgeHolds, cluster: string, key: string, why: string): void {
  const kept = holds.kept.get(cluster) ?? new Map<string, string>();
  if (!kept.has(key)) kept.set(key, why);
  holds.kept.set(cluster, kept);
}

/** The holds of the tasks (by template refKey) over the pass's clusters. */
export function purgeHolds(
  tasks: ReadonlyMap<string, readonly EvictionTask[]>,
  clusters: readonly string[],
): PurgeHolds {
  const holds: PurgeHolds = { kept: new Map(), waiting: new Set() };
  for (const [key, list] of tasks) {
    for (const t of list) {
      if (t.unprobed && t.purgeMode === 'Directly')
        keep(
          holds,
          t.fromCluster,
          key,
          `old copy kept until this process has probed ${t.fromCluster} (restored eviction task)`,
        );
      else if (t.purgeMode !== 'Directly')
        keep(holds, t.fromCluster, key, `old copy kept while its ${t.purgeMode} eviction task (${t.reason}) lasts`);
    }
    const purging = list
      .filter((t) => t.purgeMode === 'Directly' && !t.purged && !t.unprobed)
      .map((t) => t.fromCluster);
    if (purging.length === 0) continue;
    holds.waiting.add(key);
    const why = `left as it is until the old copy on ${purging.join(', ')} is purged (Directly eviction)`;
    for (const cluster of clusters) if (!purging.includes(cluster)) keep(holds, cluster, key, why);
  }
  return holds;
}
