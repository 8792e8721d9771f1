/**
 * What `flotilla tenants` shows: each tenant's grants and what it owns at a commit — its files,
 * their objects, and how many of them are refused. Pure.
 */
import { describeRef, refOf } from '../../model/index.ts';
import type { ClusterAffinity, Cluster, Diagnostic, SourceObject, Tenant } from '../../model/index.ts';
import type { OwnerOf } from './ownership.ts';
import { grantedClusters } from './placement-grant.ts';
import { refusalOf } from './refusal.ts';

export interface TenantListing {
  name: string;
  paths: string[];
  namespaces: string[];
  /** The grant as written, and the clusters it selects at this commit. */
  clusters: { affinity: ClusterAffinity | null; selected: string[] };
  clusterScoped: string[];
  owners: string[];
  /** File → its objects (`Kind/namespace/name`), in path order. */
  files: { file: string; objects: string[] }[];
  /** Errors the tenancy rules raised against its files. */
  refused: number;
}

function filesOf(objects: readonly SourceObject[]): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const { object, origin } of objects)
    files.set(origin.file, [...(files.get(origin.file) ?? []), describeRef(refOf(object))]);
  return files;
}

/** Every tenant, then the platform (name `platform`, no grants: it is not limited). */
export function tenantListing(
  tenants: readonly Tenant[],
  objects: readonly SourceObject[],
  clusters: readonly Cluster[],
  ownerOf: OwnerOf,
  diagnostics: readonly Diagnostic[],
): { tenants: TenantListing[]; platform: { files: { file: string; objects: string[] }[] } } {
  const byTenant = new Map<string, SourceObject[]>();
  for (const source of objects) {
    const name = ownerOf(source.origin.file)?.name ?? '';
    byTenant.set(name, [...(byTenant.get(name) ?? []), source]);
  }
  const listed = (name: string) =>
    [...filesOf(byTenant.get(name) ?? [])]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([file, objs]) => ({ file, objects: objs }));
  return {
    tenants: tenants.map((tenant) => ({
      name: tenant.name,
      paths: tenant.paths,
      namespaces: tenant.namespaces,
      clusters: { affinity: tenant.clusters ?? null, selected: [...grantedClusters(tenant, clusters)].sort() },
      clusterScoped: tenant.clusterScoped,
      owners: tenant.owners,
      files: listed(tenant.name),
      refused: diagnostics.filter((d) => refusalOf(d)?.tenant === tenant.name).length,
    })),
    platform: { files: listed('') },
  };
}
