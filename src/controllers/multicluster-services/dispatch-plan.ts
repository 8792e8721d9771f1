/**
 * Which EndpointSlices each consumer must hold (docs/karmada-compatibility.md#dispatched-endpointslices): for every
 * exported Service, every usable consumer gets a copy of each EndpointSlice collected from each usable provider —
 * for a MultiClusterService or a MultiClusterIngress's backend `<provider>-<slice>`, labelled with the Service's name,
 * and never from itself; for a ServiceExport `imported-<provider>-<slice>`, labelled with the ServiceImport's derived
 * Service — marked as dispatched (never collected again) and with the provider it came from. A provider not read yet since the controller started
 * freezes what the consumers hold from it, so a restart never empties them while it catches up. Pure.
 */
import {
  DISCOVERY_GROUP_VERSION,
  DISPATCHED_SLICE_MANAGER,
  ENDPOINTSLICE_MANAGED_BY_LABEL,
  MANAGED_BY_LABEL,
  MANAGED_BY_VALUE,
  PROVISION_CLUSTER_ANNOTATION,
  refOf,
  SERVICE_NAME_LABEL,
  TEMPLATE_ANNOTATION,
} from '../../model/index.ts';
import type { EndpointSlice, KubeObject } from '../../model/index.ts';
import { objectId } from '../../apply/index.ts';
import type { ExportedService } from './exported-services.ts';
import { usable, type MemberView } from './member-views.ts';

/** What the controller has read of one provider's Service. */
export interface Collection {
  /** Listed at least once since its watch started. */
  synced: boolean;
  /** Its EndpointSlices by name, the dispatched ones left out. */
  slices: ReadonlyMap<string, EndpointSlice>;
}

/** Collections by {@link collectionKey}. */
export type Collections = ReadonlyMap<string, Collection>;

export const collectionKey = (provider: string, namespace: string, service: string): string =>
  `${provider}/${namespace}/${service}`;

/** What one consumer must hold. */
export interface ConsumerPlan {
  /** The dispatched EndpointSlices, by inventory id. */
  slices: Map<string, EndpointSlice>;
  /** {@link frozenKey}s of the providers whose slices stay as they are. */
  frozen: Set<string>;
}

export const frozenKey = (exportKey: string, provider: string): string => `${exportKey}|${provider}`;

/** The frozen key a dispatched slice carries, read from its annotations. */
export function frozenKeyOf(slice: KubeObject): string {
  const a = slice.metadata.annotations ?? {};
  return frozenKey(a[TEMPLATE_ANNOTATION] ?? '', a[PROVISION_CLUSTER_ANNOTATION] ?? '');
}

/**
 * Whether an EndpointSlice is a dispatched copy (Karmada's or Flotilla's), which is never collected. Not Flotilla's
 * tracking label: a provider's endpointslice controller copies its Service's labels onto the slices it makes.
 */
export function isDispatched(slice: KubeObject): boolean {
  return slice.metadata.labels?.[ENDPOINTSLICE_MANAGED_BY_LABEL] === DISPATCHED_SLICE_MANAGER;
}

/** The copy of `source`, collected from `provider`, that consumers of `service` hold. */
export function dispatchedSlice(service: ExportedService, provider: string, source: EndpointSlice): EndpointSlice {
  const prefix = service.kind === 'ServiceExport' ? `imported-${provider}` : provider;
  return {
    apiVersion: DISCOVERY_GROUP_VERSION,
    kind: 'EndpointSlice',
    metadata: {
      name: `${prefix}-${source.metadata.name ?? ''}`,
      namespace: service.namespace,
      labels: {
        [SERVICE_NAME_LABEL]: service.consumerService,
        [ENDPOINTSLICE_MANAGED_BY_LABEL]: DISPATCHED_SLICE_MANAGER,
        [MANAGED_BY_LABEL]: MANAGED_BY_VALUE,
      },
      annotations: { [PROVISION_CLUSTER_ANNOTATION]: provider, [TEMPLATE_ANNOTATION]: service.key },
    },
    addressType: source.addressType,
    endpoints: source.endpoints ?? [],
    ports: source.ports ?? [],
  };
}

/** The providers of a Service that a consumer takes endpoints from. */
function providersFor(service: ExportedService, consumer: string, views: ReadonlyMap<string, MemberView>): string[] {
  return service.providers.filter((p) => usable(views, p) && !(service.kind !== 'ServiceExport' && p === consumer));
}

/** What one member must hold; `undefined` for a member that is not usable (nothing is written to it). */
export function consumerPlan(
  services: readonly ExportedService[],
  views: ReadonlyMap<string, MemberView>,
  collections: Collections,
  consumer: string,
): ConsumerPlan | undefined {
  if (!usable(views, consumer)) return undefined;
  const plan: ConsumerPlan = { slices: new Map(), frozen: new Set() };
  for (const service of services) {
    if (!service.consumers.includes(consumer)) continue;
    for (const provider of providersFor(service, consumer, views)) {
      const collection = collections.get(collectionKey(provider, service.namespace, service.name));
      if (!collection?.synced) {
        plan.frozen.add(frozenKey(service.key, provider));
        continue;
      }
      for (const source of collection.slices.values()) {
        const slice = dispatchedSlice(service, provider, source);
        plan.slices.set(objectId(refOf(slice)), slice);
      }
    }
  }
  return plan;
}

/** Per usable member of the fleet, what it must hold: nothing for a member that consumes nothing. */
export function dispatchPlan(
  services: readonly ExportedService[],
  views: ReadonlyMap<string, MemberView>,
  collections: Collections,
): Map<string, ConsumerPlan> {
  return new Map(
    [...views.keys()].flatMap((member) => {
      const plan = consumerPlan(services, views, collections, member);
      return plan ? [[member, plan] as const] : [];
    }),
  );
}

/** Per usable provider, the Services to collect there, by `<namespace>/<name>`. */
export function followedServices(
  services: readonly ExportedService[],
  views: ReadonlyMap<string, MemberView>,
): Map<string, Map<string, { namespace: string; service: string }>> {
  const out = new Map<string, Map<string, { namespace: string; service: string }>>();
  for (const s of services) {
    for (const provider of s.providers.filter((p) => usable(views, p))) {
      const followed = out.get(provider) ?? new Map<string, { namespace: string; service: string }>();
      followed.set(`${s.namespace}/${s.name}`, { namespace: s.namespace, service: s.name });
      out.set(provider, followed);
    }
  }
  return out;
}
