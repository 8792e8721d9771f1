/**
 * Which Services a pass exposes across members, and from where to where
 * (docs/karmada-compatibility.md#endpoints-across-members). A CrossCluster MultiClusterService: the members it names
 * as providers and consumers (every member for an empty list). A ServiceExport: the members its binding places it on
 * provide, the members the ServiceImport of the same namespace and name is placed on consume. Pure.
 */
import {
  compareBytes,
  derivedServiceName,
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

/** Every exported Service of the render, MultiClusterServices first, each kind in namespace and name order. */
export function exportedServices(
  fleet: Pick<Fleet, 'clusters' | 'multiClusterServices'>,
  bindings: readonly TemplateBinding[],
): ExportedService[] {
  const order = (a: ExportedService, b: ExportedService) =>
    compareBytes(a.namespace, b.namespace) || compareBytes(a.name, b.name);
  return [...fromMultiClusterServices(fleet).sort(order), ...fromServiceExports(bindings).sort(order)];
}
