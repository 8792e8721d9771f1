/**
 * What the incremental render keeps of the last Work so that merging a few re-rendered templates
 * costs in proportion to them, not to the fleet: the items of each template, the Namespaces
 * synthesized for objects, and how many objects each namespace holds per cluster.
 */
import { refKey } from '../../model/index.ts';
import {
  compareApplyOrder,
  sortInApplyOrder,
  isSynthesizedNamespace,
  isSystemNamespace,
  synthesizedNamespace,
} from '../../render/index.ts';
import type { WorkItem, Works } from '../../render/index.ts';

/** The index of one render's Work. */
export interface WorkIndex {
  /** Every item of each template (key: refKey of the template), with its cluster. */
  byTemplate: Map<string, { cluster: string; item: WorkItem }[]>;
  /** Per cluster: synthesized Namespace items by namespace. */
  synthesized: Map<string, Map<string, WorkItem>>;
  /** Per cluster: namespace → objects in it. */
  used: Map<string, Map<string, number>>;
  /** Per cluster: namespace → Namespace objects rendered from templates. */
  defined: Map<string, Map<string, number>>;
}

function bump(counts: Map<string, Map<string, number>>, cluster: string, ns: string, by: number): void {
  const perCluster = counts.get(cluster) ?? new Map<string, number>();
  counts.set(cluster, perCluster);
  const next = (perCluster.get(ns) ?? 0) + by;
  if (next === 0) perCluster.delete(ns);
  else perCluster.set(ns, next);
}

function count(index: WorkIndex, cluster: string, item: WorkItem, by: number): void {
  const m = item.manifest;
  if (m.metadata.namespace) bump(index.used, cluster, m.metadata.namespace, by);
  if (m.kind === 'Namespace' && m.apiVersion === 'v1' && m.metadata.name)
    bump(index.defined, cluster, m.metadata.name, by);
}

function add(index: WorkIndex, cluster: string, item: WorkItem, isTemplate: (key: string) => boolean): void {
  const key = refKey(item.template);
  if (!isTemplate(key) || isSynthesizedNamespace(item)) {
    (index.synthesized.get(cluster) ?? index.synthesized.set(cluster, new Map()).get(cluster)!).set(
      item.manifest.metadata.name ?? '',
      item,
    );
    return;
  }
  (index.byTemplate.get(key) ?? index.byTemplate.set(key, []).get(key)!).push({ cluster, item });
  count(index, cluster, item, 1);
}

/** Indexes a whole Work; synthesized Namespaces apart from the templates' items. */
export function indexWorks(works: Works, isTemplate: (key: string) => boolean): WorkIndex {
  const index: WorkIndex = { byTemplate: new Map(), synthesized: new Map(), used: new Map(), defined: new Map() };
  for (const [cluster, items] of works) for (const item of items) add(index, cluster, item, isTemplate);
  return index;
}

/** What a merge needs besides the two Works. */
export interface MergeInput {
  last: Works;
  index: WorkIndex;
  /** Templates re-rendered, added or removed (refKeys): their last items go. */
  changed: ReadonlySet<string>;
  part: Works;
  isTemplate: (key: string) => boolean;
  skipped: readonly RegExp[];
  sourceCommit: string;
}

/**
 * The last Work with the changed templates' items replaced by `part`'s, Namespaces synthesized
 * or dropped as the objects now need them, each cluster still in apply order. Updates `index`
 * in place (the last memo is not used again). Clusters nothing touched keep their array.
 */
export function mergeWorks(input: MergeInput): Works {
  const { index } = input;
  const removed = new Set<WorkItem>();
  const added = new Map<string, WorkItem[]>();
  for (const key of input.changed) {
    for (const { cluster, item } of index.byTemplate.get(key) ?? []) {
      removed.add(item);
      count(index, cluster, item, -1);
    }
    index.byTemplate.delete(key);
  }
  for (const [cluster, items] of input.part) {
    for (const item of items) {
      // The part synthesizes the Namespaces its few templates need; the merge decides those itself.
      if (!input.isTemplate(refKey(item.template)) || isSynthesizedNamespace(item)) continue;
      add(index, cluster, item, input.isTemplate);
      (added.get(cluster) ?? added.set(cluster, []).get(cluster)!).push(item);
    }
  }
  const works: Works = new Map();
  for (const cluster of new Set([...input.last.keys(), ...input.part.keys()])) {
    const synthesized = index.synthesized.get(cluster) ?? new Map<string, WorkItem>();
    index.synthesized.set(cluster, synthesized);
    const defined = index.defined.get(cluster) ?? new Map<string, number>();
    for (const [ns, item] of synthesized) {
      if ((index.used.get(cluster)?.has(ns) ?? false) && !defined.has(ns)) continue;
      removed.add(item);
      synthesized.delete(ns);
    }
    const fresh = added.get(cluster) ?? [];
    for (const ns of index.used.get(cluster)?.keys() ?? []) {
      if (defined.has(ns) || synthesized.has(ns) || isSystemNamespace(ns, input.skipped)) continue;
      const item = synthesizedNamespace(ns, input.sourceCommit);
      synthesized.set(ns, item);
      fresh.push(item);
    }
    const last = input.last.get(cluster) ?? [];
    const kept = removed.size === 0 ? last : last.filter((i) => !removed.has(i));
    works.set(
      cluster,
      fresh.length === 0
        ? kept
        : insertInApplyOrder(
            kept,
            sortInApplyOrder(fresh, (i) => i.manifest),
          ),
    );
  }
  return works;
}

/** `items` (in apply order) with `fresh` (few, in apply order) inserted where they belong. */
function insertInApplyOrder(items: readonly WorkItem[], fresh: readonly WorkItem[]): WorkItem[] {
  const out = [...items];
  let from = 0;
  for (const item of fresh) {
    let lo = from;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareApplyOrder(out[mid]!.manifest, item.manifest) <= 0) lo = mid + 1;
      else hi = mid;
    }
    out.splice(lo, 0, item);
    from = lo + 1;
  }
  return out;
}
