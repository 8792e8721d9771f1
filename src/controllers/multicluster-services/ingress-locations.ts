/**
 * Karmada's MultiClusterIngress `status.serviceLocations` (its mci-service-locations controller,
 * docs/karmada-compatibility.md#multiclusteringress): per backend Service, in name order, the members its binding
 * places it on; a backend no binding places (no policy claims the Service) is left out. Pure.
 */
import { compareBytes, ingressBackendServices } from '../../model/index.ts';
import type { MultiClusterIngress, ServiceLocation } from '../../model/index.ts';
import type { TemplateBinding } from '../../render/index.ts';

/** One MultiClusterIngress with the locations of its backends. */
export interface IngressLocations {
  namespace: string;
  name: string;
  serviceLocations: ServiceLocation[];
}

export function ingressLocations(
  ingresses: readonly MultiClusterIngress[],
  bindings: readonly TemplateBinding[],
): IngressLocations[] {
  const placed = new Map<string, string[]>();
  for (const { template, binding } of bindings) {
    if (template.object.apiVersion !== 'v1' || template.object.kind !== 'Service' || !binding) continue;
    const names = binding.clusters.map((c) => c.name).sort(compareBytes);
    placed.set(`${template.object.metadata.namespace}/${template.object.metadata.name}`, names);
  }
  return ingresses.map((mci) => ({
    namespace: mci.metadata.namespace,
    name: mci.metadata.name,
    serviceLocations: ingressBackendServices(mci).flatMap((name) => {
      const clusters = placed.get(`${mci.metadata.namespace}/${name}`);
      return clusters ? [{ name, clusters }] : [];
    }),
  }));
}
