/**
 * A MultiClusterIngress backend that names a Service the repository does not define: Karmada accepts it and leaves
 * it out of status.serviceLocations, so a typo routes to nothing unnoticed
 * (docs/karmada-compatibility.md#multiclusteringress).
 */
import type { Diagnostic, FieldPath, IngressBackend, MultiClusterIngress } from '../../model/index.ts';
import type { Fleet } from '../load/fleet.ts';
import { closestName } from '../validate/suggest.ts';
import type { FleetLocator } from './locate.ts';

/** Each Service backend with the path of its name. */
function serviceBackends(mci: MultiClusterIngress): { name: string; path: FieldPath }[] {
  const at = (backend: IngressBackend | undefined, path: FieldPath) =>
    backend?.service?.name ? [{ name: backend.service.name, path: [...path, 'service', 'name'] }] : [];
  return [
    ...at(mci.spec.defaultBackend, ['spec', 'defaultBackend']),
    ...(mci.spec.rules ?? []).flatMap((rule, i) =>
      (rule.http?.paths ?? []).flatMap((p, j) => at(p.backend, ['spec', 'rules', i, 'http', 'paths', j, 'backend'])),
    ),
  ];
}

/** The warnings about the fleet's MultiClusterIngresses. */
export function multiClusterIngressReferences(fleet: Fleet, at: FleetLocator): Diagnostic[] {
  const services = fleet.templates
    .filter((t) => t.object.apiVersion === 'v1' && t.object.kind === 'Service')
    .map((t) => ({ namespace: t.object.metadata.namespace, name: t.object.metadata.name ?? '' }));
  return fleet.multiClusterIngresses.flatMap((source) => {
    const namespace = source.object.metadata.namespace;
    const here = new Set(services.filter((s) => s.namespace === namespace).map((s) => s.name));
    return serviceBackends(source.object)
      .filter((b) => !here.has(b.name))
      .map((b) => {
        const guess = closestName(b.name, here);
        const hint = guess === undefined ? '' : `; did you mean ${guess}?`;
        return at(
          source,
          b.path,
          `no Service ${namespace}/${b.name} in the repository: this backend runs nowhere${hint}`,
        );
      });
  });
}
