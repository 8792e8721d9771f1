/**
 * Which Services a pass exposes across members, and from where to where
 * (docs/karmada-compatibility.md#endpoints-across-members). A CrossCluster MultiClusterService: the members it names
 * as providers and consumers (every member for an empty list). A ServiceExport: the members its binding places it on
 * provide, the members the ServiceImport of the same namespace and name is placed on consume. A backend Service of a
 * MultiClusterIngress (docs/karmada-compatibility.md#multiclusteringress): the members its binding places it on, both
 * providing and consuming, unless a MultiClusterService already exposes it. Pure.
 */
import {
  compareBytes,
  derivedServiceName,
  ingressBackendServices,
  isCrossCluster,
  MCS_API_GROUP_VERSION,
  refKey,
  refOf,
} from '../../model/index.ts';
import type { ExportKind, ScheduledBinding } from '../../model/index.ts';
import { membersNamed } from '../../render/index.ts';
import type { Fleet, TemplateBinding } from '../../render/index.ts';

/** A Service exposed across members. */
export interface ExportedService {
  kind: ExportKind;
  /** The exporting object's refKey: the dispatched slices name it as their template. */
  key: string;
  namespace: string;
  /** The Service in the providers, named as the exporting object. */
  name: string;
  /** The Service the consumers' copies belong to: the same one, or the ServiceImport's derived Service. */
  consumerService: string;
  providers: string[];
  consumers: string[];
  /** For a MultiClusterIngress's backend: the MultiClusterIngresses routing to it, in name order. */
  ingresses?: string[];
}

const clustersOf = (binding: ScheduledBinding | null | undefined): string[] =>
  (binding?.clusters ?? []).map((c) => c.name).sort(compareBytes);

function fromMultiClusterServices(fleet: Pick<Fleet, 'clusters' | 'multiClusterServices'>): ExportedService[] {
  return fleet.multiClusterServices
    .filter((s) => isCrossCluster(s.object))
    .map(({ object }) => ({
      kind: 'MultiClusterService',
      key: refKey(refOf(object)),
      namespace: object.metadata.namespace,
      name: object.metadata.name,
      consumerService: object.metadata.name,
      providers: membersNamed(object.spec.providerClusters, fleet),
      consumers: membersNamed(object.spec.consumerClusters, fleet),
    }));
}

function fromServiceExports(bindings: readonly TemplateBinding[]): ExportedService[] {
  const mcsApi = (kind: string) =>
    bindings.filter((b) => b.template.object.apiVersion === MCS_API_GROUP_VERSION && b.template.object.kind === kind);
  const imports = new Map(
    mcsApi('ServiceImport').map((b) => [
      `${b.template.object.metadata.namespace}/${b.template.object.metadata.name}`,
      b,
    ]),
  );
  return mcsApi('ServiceExport')
    .filter((b) => b.binding !== null)
    .map(({ template, binding }) => {
      const namespace = template.object.metadata.namespace ?? 'default';
      const name = template.object.metadata.name ?? '';
      return {
        kind: 'ServiceExport',
        key: refKey(refOf(template.object)),
        namespace,
        name,
        consumerService: derivedServiceName(name),
        providers: clustersOf(binding),
        consumers: clustersOf(imports.get(`${namespace}/${name}`)?.binding),
      };
    });
}

/** The fleet an exported Service is found in; a fleet without MultiClusterIngresses may leave them out. */
export type ExportingFleet = Pick<Fleet, 'clusters' | 'multiClusterServices'> &
  Partial<Pick<Fleet, 'multiClusterIngresses'>>;

/**
 * One per backend Service of the MultiClusterIngresses, keyed by that Service: its copies name the Service, since
 * several ingresses may route to it. Karmada exports it where its binding places it (the service-export propagation
 * of its multicluster-cloud-provider); its endpoints go to those same members.
 */
function fromMultiClusterIngresses(
  fleet: ExportingFleet,
  bindings: readonly TemplateBinding[],
  exposed: ReadonlySet<string>,
): ExportedService[] {
  const services = new Map(
    bindings
      .filter((b) => b.template.object.apiVersion === 'v1' && b.template.object.kind === 'Service')
      .map((b) => [`${b.template.object.metadata.namespace}/${b.template.object.metadata.name}`, b.binding]),
  );
  const out = new Map<string, ExportedService>();
  for (const { object } of fleet.multiClusterIngresses ?? []) {
    const namespace = object.metadata.namespace;
    for (const name of ingressBackendServices(object)) {
      const id = `${namespace}/${name}`;
      if (exposed.has(id)) continue;
      const known = out.get(id);
      if (known) {
        known.ingresses = [...(known.ingresses ?? []), object.metadata.name].sort(compareBytes);
        continue;
      }
      const members = clustersOf(services.get(id));
      const key = refKey({ apiVersion: 'v1', kind: 'Service', namespace, name });
      out.set(id, {
        kind: 'MultiClusterIngress',
        key,
        namespace,
        name,
        consumerService: name,
        providers: members,
        consumers: members,
        ingresses: [object.metadata.name],
      });
    }
  }
  return [...out.values()];
}

/**
 * Every exported Service of the render, MultiClusterServices first, then ServiceExports, then the backends of
 * MultiClusterIngresses, each kind in namespace and name order.
 */
export function exportedServices(fleet: ExportingFleet, bindings: readonly TemplateBinding[]): ExportedService[] {
  const order = (a: ExportedService, b: ExportedService) =>
    compareBytes(a.namespace, b.namespace) || compareBytes(a.name, b.name);
  const services = fromMultiClusterServices(fleet).sort(order);
  const exposed = new Set(services.map((s) => `${s.namespace}/${s.name}`));
  return [
    ...services,
    ...fromServiceExports(bindings).sort(order),
    ...fromMultiClusterIngresses(fleet, bindings, exposed).sort(order),
  ];
}
