/**
 * The placement rule (docs/deploy.md#tenants): a tenant's policy (and MultiClusterService) may only
 * place workloads on the clusters its grant's affinity selects. Judged on each affinity the policy could schedule by,
 * against the fleet's Clusters at this commit, and again on the scheduling result; a Cluster label
 * change that would widen a policy is therefore refused in the commit that makes it. Pure.
 */
import { clusterMatches } from '../../scheduler/index.ts';
import type { Cluster, ClusterAffinity, MultiClusterServiceSpec, Placement, Tenant } from '../../model/index.ts';

/** The names of the clusters a tenant's grant selects (none without `clusters`). */
export function grantedClusters(tenant: Tenant, clusters: readonly Cluster[]): Set<string> {
  const grant = tenant.clusters;
  if (!grant) return new Set();
  return new Set(clusters.filter((c) => clusterMatches(c, grant)).map((c) => c.metadata.name));
}

/** Every affinity a placement may schedule by: each term and its overflow, or the one clusterAffinity (none: all). */
function affinitiesOf(placement: Placement | undefined): { path: string; affinity: ClusterAffinity }[] {
  const terms = placement?.clusterAffinities ?? [];
  if (terms.length === 0) return [{ path: 'clusterAffinity', affinity: placement?.clusterAffinity ?? {} }];
  return terms.flatMap((term, i) => [
    { path: `clusterAffinities[${i}]`, affinity: term },
    ...(term.overflowAffinities ?? []).map((o, j) => ({
      path: `clusterAffinities[${i}].overflowAffinities[${j}]`,
      affinity: o,
    })),
  ]);
}

/** Why a policy's placement reaches outside `granted`, or undefined when it does not. */
export function placementOutside(
  placement: Placement | undefined,
  clusters: readonly Cluster[],
  granted: ReadonlySet<string>,
): string | undefined {
  for (const { path, affinity } of affinitiesOf(placement)) {
    const outside = clusters
      .filter((c) => clusterMatches(c, affinity) && !granted.has(c.metadata.name))
      .map((c) => c.metadata.name);
    if (outside.length > 0)
      return `its ${path} selects ${outside.join(', ')}, outside its clusters (${[...granted].join(', ') || 'none'})`;
  }
  return undefined;
}

/**
 * Why a MultiClusterService reaches outside `granted`, or undefined: it places its Service and
 * endpoints on its provider and consumer clusters, every member when a list is empty.
 */
export function servicePlacementOutside(
  spec: MultiClusterServiceSpec,
  clusters: readonly Cluster[],
  granted: ReadonlySet<string>,
): string | undefined {
  const all = clusters.map((c) => c.metadata.name);
  for (const field of ['providerClusters', 'consumerClusters'] as const) {
    const named = spec[field] ?? [];
    const names = named.length === 0 ? all : named.map((c) => c.name);
    const outside = names.filter((name) => !granted.has(name));
    if (outside.length > 0)
      return `its ${field}${named.length === 0 ? ' (empty: every member)' : ''} name ${outside.join(', ')}, outside its clusters (${[...granted].join(', ') || 'none'})`;
  }
  return undefined;
}
