/**
 * The search cache's pure core: what to cache where, from the ResourceRegistries and Clusters of
 * the commit a pass read (docs/karmada-compatibility.md#search). A registry selects its members
 * with `targetCluster` (Karmada's cluster affinity: names, labels, fields, exclude) and its kinds
 * with `resourceSelectors`; a member caches the union of what its registries select. A selector
 * with a namespace caches that namespace only, one without caches every namespace, and every
 * namespace wins over single ones of the same kind. A namespace on a cluster-scoped kind means
 * nothing (the API lists every object of it whatever the request's namespace), so it is dropped.
 * A selector without its apiVersion or kind caches nothing, as in Karmada (validation warns).
 * A Pull member is never cached: `run` never contacts it (docs/karmada-compatibility.md#pull-mode).
 */
import { compareBytes, isPullMember } from '../../model/index.ts';
import type { Cluster, IsNamespaced, ResourceRegistry } from '../../model/index.ts';
import { clusterMatches } from '../../scheduler/index.ts';

/** One kind to cache in one member, in one namespace or in all. */
export interface CacheTarget {
  cluster: string;
  apiVersion: string;
  kind: string;
  /** Absent: every namespace (or a cluster-scoped kind). */
  namespace?: string;
  /** The registries asking for it, by name. */
  registries: string[];
}

/** A target's identity: one reflector per key. */
export function targetKey(t: Pick<CacheTarget, 'cluster' | 'apiVersion' | 'kind' | 'namespace'>): string {
  return `${t.cluster} ${t.apiVersion} ${t.kind} ${t.namespace ?? '*'}`;
}

/** What the registries make each cluster cache, sorted by cluster, apiVersion, kind and namespace. */
export function cacheTargets(
  registries: readonly ResourceRegistry[],
  clusters: readonly Cluster[],
  isNamespaced: IsNamespaced = () => undefined,
): CacheTarget[] {
  // cluster → "apiVersion kind" → namespace ('' for all) → registries
  const wanted = new Map<string, Map<string, Map<string, Set<string>>>>();
  for (const registry of registries) {
    for (const cluster of clusters) {
      if (isPullMember(cluster) || !clusterMatches(cluster, registry.spec.targetCluster ?? {})) continue;
      const kinds = wanted.get(cluster.metadata.name) ?? new Map<string, Map<string, Set<string>>>();
      wanted.set(cluster.metadata.name, kinds);
      for (const s of registry.spec.resourceSelectors ?? []) {
        if (!s.apiVersion || !s.kind) continue; // validation warned: Karmada's controller skips it too
        const kind = `${s.apiVersion} ${s.kind}`;
        const namespaces = kinds.get(kind) ?? new Map<string, Set<string>>();
        kinds.set(kind, namespaces);
        const namespace = isNamespaced(s.apiVersion, s.kind) === false ? '' : (s.namespace ?? '');
        const names = namespaces.get(namespace) ?? new Set<string>();
        namespaces.set(namespace, names.add(registry.metadata.name));
      }
    }
  }
  const out: CacheTarget[] = [];
  for (const [cluster, kinds] of wanted) {
    for (const [kind, namespaces] of kinds) {
      const [apiVersion = '', kindName = ''] = kind.split(' ');
      const everywhere = namespaces.get('');
      if (everywhere) {
        const all = new Set([...namespaces.values()].flatMap((s) => [...s]));
        out.push({ cluster, apiVersion, kind: kindName, registries: [...all].sort(compareBytes) });
        continue;
      }
      for (const [namespace, names] of namespaces)
        out.push({ cluster, apiVersion, kind: kindName, namespace, registries: [...names].sort(compareBytes) });
    }
  }
  return out.sort((a, b) => compareBytes(targetKey(a), targetKey(b)));
}

/** Per registry, the Pull members its `targetCluster` selects, which it does not cache. */
export function uncachedPullMembers(
  registries: readonly ResourceRegistry[],
  clusters: readonly Cluster[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const pull = clusters.filter(isPullMember);
  for (const registry of registries) {
    const names = pull.filter((c) => clusterMatches(c, registry.spec.targetCluster ?? {})).map((c) => c.metadata.name);
    if (names.length > 0) out.set(registry.metadata.name, names.sort(compareBytes));
  }
  return out;
}
