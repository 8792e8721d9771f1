/**
 * The tenancy rules on a loaded fleet, before anything is rendered (docs/deploy.md#tenants): each
 * object of a tenant's files outside its grant is an error naming the file, the tenant and the
 * rule, and is left out of the fleet, so it is never propagated and no customization of a tenant
 * runs in the hub. The error makes the source erroneous, which holds back prune: a refused
 * object's earlier copies stay, as an unreadable file's do. Platform files are not looked at. Pure.
 */
import { refOf } from '../../model/index.ts';
import type {
  Cluster,
  Diagnostic,
  MultiClusterService,
  OverridePolicy,
  PropagationPolicy,
  SourceObject,
  Tenant,
} from '../../model/index.ts';
import type { FleetLocator } from '../check/locate.ts';
import type { Fleet } from '../load/fleet.ts';
import { outsideGrant } from './grants.ts';
import { overrideOutside } from './override-grant.ts';
import type { OwnerOf } from './ownership.ts';
import { grantedClusters, placementOutside, servicePlacementOutside } from './placement-grant.ts';
import { refusal } from './refusal.ts';

type FleetLists = Omit<Fleet, 'isNamespaced'>;

function isPolicy<T extends PropagationPolicy | OverridePolicy>(
  source: SourceObject,
  kind: T['kind'],
): source is SourceObject<T> {
  return source.object.apiVersion === 'policy.karmada.io/v1alpha1' && source.object.kind === kind;
}

/** Why one object of `tenant` is refused, as a diagnostic, or undefined when it is inside the grant. */
function refuseObject(
  source: SourceObject,
  tenant: Tenant,
  fleet: Fleet,
  placement: { clusters: readonly Cluster[]; granted: () => ReadonlySet<string> },
  locate: FleetLocator,
): Diagnostic | undefined {
  const { apiVersion, kind } = source.object;
  const namespaced = fleet.isNamespaced(apiVersion, kind) ?? true;
  const outside = outsideGrant(tenant, refOf(source.object), namespaced);
  if (outside) return refusal(locate, source, [], tenant, outside.rule, outside.reason);
  if (isPolicy<OverridePolicy>(source, 'OverridePolicy')) {
    const moves = overrideOutside(source.object, tenant);
    return moves ? refusal(locate, source, moves.path, tenant, 'override', moves.reason) : undefined;
  }
  if (source.object.apiVersion === 'networking.karmada.io/v1alpha1' && source.object.kind === 'MultiClusterService') {
    const spec = (source.object as MultiClusterService).spec;
    const wide = servicePlacementOutside(spec, placement.clusters, placement.granted());
    return wide ? refusal(locate, source, ['spec'], tenant, 'placement', wide) : undefined;
  }
  if (!isPolicy<PropagationPolicy>(source, 'PropagationPolicy')) return undefined;
  const wide = placementOutside(source.object.spec.placement, placement.clusters, placement.granted());
  return wide ? refusal(locate, source, ['spec', 'placement'], tenant, 'placement', wide) : undefined;
}

/** The fleet without the objects its tenants may not write, and an error for each. */
export function refuseOutsideGrants(
  fleet: Fleet,
  ownerOf: OwnerOf,
  locate: FleetLocator,
): { fleet: Fleet; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const { isNamespaced, ...lists } = fleet;
  // Only the platform's Clusters say where a tenant may go: a tenant's own Cluster is refused first.
  const clusters = fleet.clusters.filter((c) => ownerOf(c.origin.file) === undefined).map((c) => c.object);
  const granted = new Map<Tenant, ReadonlySet<string>>();
  const grantedFor = (tenant: Tenant): ReadonlySet<string> => {
    const known = granted.get(tenant);
    if (known) return known;
    const names = grantedClusters(tenant, clusters);
    granted.set(tenant, names);
    return names;
  };
  const kept: Partial<Record<keyof FleetLists, SourceObject[]>> = {};
  for (const [field, sources] of Object.entries(lists) as [keyof FleetLists, SourceObject[]][]) {
    kept[field] = sources.filter((source) => {
      const tenant = ownerOf(source.origin.file);
      if (!tenant) return true;
      const refused = refuseObject(source, tenant, fleet, { clusters, granted: () => grantedFor(tenant) }, locate);
      if (refused) diagnostics.push(refused);
      return refused === undefined;
    });
  }
  if (diagnostics.length === 0) return { fleet, diagnostics };
  return { fleet: { ...(kept as unknown as FleetLists), isNamespaced }, diagnostics };
}
