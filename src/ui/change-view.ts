/**
 * The change view as data: for one source commit, what `plan --base <its parent or a PR's base>` says per
 * cluster (added, changed, pruned, replica moves; Secret values masked as `plan` masks them) and
 * how the apply went (the status-branch commits that reflect it).
 */
import type { ReplicaMove } from '../reconcile/index.ts';
import type { ObjectChange } from '../render/index.ts';
import type { HistoryEntry } from './template-view.ts';

export interface ClusterChange {
  cluster: string;
  counts: { create: number; update: number; delete: number; unchanged: number };
  /** Everything but the unchanged objects, each with its diff. */
  changes: ObjectChange[];
}

export interface ChangeView {
  commit: string;
  /** The commit compared with (the base asked for, else the parent); null for a first commit (everything is new). */
  base: string | null;
  subject: string;
  clusters: ClusterChange[];
  replicaMoves: ReplicaMove[];
  /** The status-branch commits reflecting this source commit, newest first. */
  applied: HistoryEntry[];
  /** The recent source commits, to move between changes. */
  commits: HistoryEntry[];
}

/** Per cluster, the counts of each action and the objects that change. */
export function clusterChanges(changes: Record<string, ObjectChange[]>): ClusterChange[] {
  return Object.entries(changes).map(([cluster, list]) => {
    const counts = { create: 0, update: 0, delete: 0, unchanged: 0 };
    for (const change of list) counts[change.action] += 1;
    return { cluster, counts, changes: list.filter((c) => c.action !== 'unchanged') };
  });
}
