/**
 * The search cache's in-memory store, the one adapter of search-store.ts. Each object is kept as
 * its JSON text (what a list answer is made of, and several times smaller than the parsed object)
 * beside its labels, one frozen label set shared by every object that has the same labels. Each
 * member's copy of a resource keeps its `namespace/name` keys sorted, re-sorted only after an
 * object came or went, so a page starts by binary search after the previous page's position and
 * a list never sorts the whole fleet.
 */
import { compareBytes } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';
import type { SearchStore, StorePage, StorePosition, StoreQuery, StoreScope } from './search-store.ts';

interface Entry {
  /** `namespace/name`. */
  key: string;
  json: string;
  labels: Readonly<Record<string, string>>;
}

/** One member's objects of one resource. */
interface Copy {
  entries: Map<string, Entry>;
  /** The entries in key order; undefined after an object came or went. */
  sorted?: Entry[] | undefined;
  /** The resourceVersion of each scope ('' for every namespace) written into the copy. */
  versions: Map<string, string>;
}

const keyOf = (o: KubeObject): string => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
const inScope = (key: string, namespace: string | undefined): boolean =>
  namespace === undefined || key.startsWith(`${namespace}/`);

/** The first index whose key sorts after `key`. */
function firstAfter(entries: readonly Entry[], key: string): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBytes((entries[mid] as Entry).key, key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The later of two resourceVersions: numbers compared as numbers (etcd revisions), else the second. */
function later(a: string | undefined, b: string): string {
  if (a === undefined) return b;
  const [x, y] = [Number(a), Number(b)];
  return Number.isFinite(x) && Number.isFinite(y) && x > y ? a : b;
}

/** A copy's resourceVersion: the latest of its scopes' (a member's versions are one sequence). */
const versionOf = (copy: Copy): string =>
  [...copy.versions.values()].reduce<string | undefined>(later, undefined) ?? '';

/**
 * The query's filters as one predicate. Labels are judged once per distinct label set in a
 * query (objects share their set), names and namespaces only when the query names them.
 */
function matcher(query: StoreQuery): (entry: Entry) => boolean {
  const { name, fields, labels } = query;
  const judged = new Map<Readonly<Record<string, string>>, boolean>();
  const labelled = (set: Readonly<Record<string, string>>): boolean => {
    if (!labels) return true;
    let verdict = judged.get(set);
    if (verdict === undefined) {
      verdict = labels(set);
      judged.set(set, verdict);
    }
    return verdict;
  };
  if (name === undefined && !fields) return (entry) => labelled(entry.labels);
  return (entry) => {
    const slash = entry.key.indexOf('/');
    const own = entry.key.slice(slash + 1);
    if (name !== undefined && own !== name) return false;
    if (fields && !fields({ name: own, namespace: entry.key.slice(0, slash) })) return false;
    return labelled(entry.labels);
  };
}

/** Distinct label sets kept for sharing before the table starts afresh (sets of deleted objects would pile up). */
const MAX_LABEL_SETS = 100_000;

/** See the module comment. */
export class MemorySearchStore implements SearchStore {
  readonly #resources = new Map<string, Map<string, Copy>>();
  readonly #labelSets = new Map<string, Readonly<Record<string, string>>>();

  replace(scope: StoreScope, objects: readonly KubeObject[], resourceVersion: string): void {
    const copy = this.#copy(scope, true);
    for (const key of [...copy.entries.keys()]) if (inScope(key, scope.namespace)) copy.entries.delete(key);
    for (const object of objects) {
      const entry = this.#entry(object);
      copy.entries.set(entry.key, entry);
    }
    copy.sorted = undefined;
    copy.versions.set(scope.namespace ?? '', resourceVersion);
  }

  upsert(scope: StoreScope, object: KubeObject, resourceVersion: string): void {
    const copy = this.#copy(scope, true);
    const entry = this.#entry(object);
    const old = copy.entries.get(entry.key);
    copy.entries.set(entry.key, entry);
    // A changed object keeps its place: it is swapped in the sorted list, which stays valid.
    const at = old && copy.sorted ? firstAfter(copy.sorted, entry.key) - 1 : -1;
    if (at >= 0 && copy.sorted?.[at] === old && copy.sorted) copy.sorted[at] = entry;
    else copy.sorted = undefined;
    copy.versions.set(scope.namespace ?? '', resourceVersion);
  }

  remove(scope: StoreScope, object: KubeObject, resourceVersion: string): void {
    const copy = this.#copy(scope, true);
    if (copy.entries.delete(keyOf(object))) copy.sorted = undefined;
    copy.versions.set(scope.namespace ?? '', resourceVersion);
  }

  progress(scope: StoreScope, resourceVersion: string): void {
    this.#copy(scope, true).versions.set(scope.namespace ?? '', resourceVersion);
  }

  drop(scope: StoreScope): void {
    const copy = this.#copy(scope, false);
    if (!copy) return;
    for (const key of [...copy.entries.keys()]) if (inScope(key, scope.namespace)) copy.entries.delete(key);
    copy.sorted = undefined;
    copy.versions.delete(scope.namespace ?? '');
    if (copy.versions.size === 0) {
      const byCluster = this.#resources.get(scope.resource);
      byCluster?.delete(scope.cluster);
      if (byCluster?.size === 0) this.#resources.delete(scope.resource);
    }
  }

  count(scope: StoreScope): number {
    const copy = this.#copy(scope, false);
    if (!copy) return 0;
    if (scope.namespace === undefined) return copy.entries.size;
    let n = 0;
    for (const key of copy.entries.keys()) if (inScope(key, scope.namespace)) n++;
    return n;
  }

  async list(query: StoreQuery): Promise<StorePage> {
    const byCluster = this.#resources.get(query.resource) ?? new Map<string, Copy>();
    const clusters = [...byCluster.keys()]
      .filter((c) => query.clusters === undefined || query.clusters.has(c))
      .sort(compareBytes);
    const versions = Object.fromEntries(clusters.map((c) => [c, versionOf(byCluster.get(c) as Copy)]));
    const items: string[] = [];
    const limit = query.limit ?? Number.POSITIVE_INFINITY;
    const matches = matcher(query);
    const prefix = query.namespace === undefined ? '' : `${query.namespace}/`;
    let last: StorePosition | undefined;
    for (const cluster of clusters) {
      if (query.after && compareBytes(cluster, query.after.cluster) < 0) continue;
      const copy = byCluster.get(cluster) as Copy;
      copy.sorted ??= [...copy.entries.values()].sort((a, b) => compareBytes(a.key, b.key));
      const sorted = copy.sorted;
      const from = query.after?.cluster === cluster ? query.after.key : prefix;
      for (let i = from === '' ? 0 : firstAfter(sorted, from); i < sorted.length; i++) {
        const entry = sorted[i] as Entry;
        if (prefix !== '' && !entry.key.startsWith(prefix)) break;
        if (!matches(entry)) continue;
        // One match more than the page holds: there is a next page, after the page's last item.
        if (items.length === limit) return { items, ...(last ? { next: last } : {}), versions };
        items.push(entry.json);
        last = { cluster, key: entry.key };
      }
    }
    return { items, versions };
  }

  #copy(scope: StoreScope, create: true): Copy;
  #copy(scope: StoreScope, create: false): Copy | undefined;
  #copy(scope: StoreScope, create: boolean): Copy | undefined {
    let byCluster = this.#resources.get(scope.resource);
    if (!byCluster) {
      if (!create) return undefined;
      byCluster = new Map();
      this.#resources.set(scope.resource, byCluster);
    }
    let copy = byCluster.get(scope.cluster);
    if (!copy && create) {
      copy = { entries: new Map(), versions: new Map() };
      byCluster.set(scope.cluster, copy);
    }
    return copy;
  }

  #entry(object: KubeObject): Entry {
    const labels = object.metadata.labels ?? {};
    const id = JSON.stringify(labels);
    let shared = this.#labelSets.get(id);
    if (!shared) {
      if (this.#labelSets.size >= MAX_LABEL_SETS) this.#labelSets.clear();
      shared = Object.freeze({ ...labels });
      this.#labelSets.set(id, shared);
    }
    return { key: keyOf(object), json: JSON.stringify(object), labels: shared };
  }
}
