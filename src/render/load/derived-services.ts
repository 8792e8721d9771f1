/**
 * The Service Karmada derives from each ServiceImport (docs/karmada-compatibility.md#multi-cluster-services):
 * `derived-<name>` in the import's namespace, ClusterIP, with the import's ports. Karmada's ServiceImport controller
 * writes it into the control plane, where the import's propagateDeps (forced on by the policy webhook) takes it to
 * wherever the import goes, and the EndpointSlices imported from the providers attach to it by its name. Here it is a
 * template of the same commit, with the import's origin, so the dependencies distributor finds it the same way. Only a
 * ClusterSetIP import has one, as in Karmada.
 */
import { derivedServiceName, MCS_API_GROUP_VERSION, refKey, refOf } from '../../model/index.ts';
import type { FieldPath, KubeObject, ServiceImport, ServiceImportPort, SourceObject } from '../../model/index.ts';
import { isDNS1035Label } from '../validate/names.ts';

/** A finding about one ServiceImport. */
export interface DerivedServiceNotice {
  source: SourceObject;
  path: FieldPath;
  severity: 'error' | 'warning';
  message: string;
}

function isServiceImport(o: KubeObject): o is ServiceImport {
  return o.apiVersion === MCS_API_GROUP_VERSION && o.kind === 'ServiceImport';
}

function servicePort(p: ServiceImportPort): Record<string, unknown> {
  return {
    ...(p.name ? { name: p.name } : {}),
    ...(p.protocol ? { protocol: p.protocol } : {}),
    port: p.port,
    ...(p.appProtocol ? { appProtocol: p.appProtocol } : {}),
  };
}

function derivedService(source: SourceObject<ServiceImport>): SourceObject {
  const { metadata, spec } = source.object;
  return {
    origin: source.origin,
    object: {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: derivedServiceName(metadata.name ?? ''), namespace: metadata.namespace ?? 'default' },
      spec: { type: 'ClusterIP', ports: (spec?.ports ?? []).map(servicePort) },
    },
  };
}

/** The derived Services of the templates' ServiceImports that the repository does not define itself, with notices. */
export function derivedServices(templates: readonly SourceObject[]): {
  services: SourceObject[];
  notices: DerivedServiceNotice[];
} {
  const defined = new Set(templates.map((t) => refKey(refOf(t.object))));
  const services: SourceObject[] = [];
  const notices: DerivedServiceNotice[] = [];
  for (const source of templates) {
    if (!isServiceImport(source.object)) continue;
    const type = source.object.spec?.type;
    if (type !== 'ClusterSetIP') {
      const message = `a ${type ?? 'typeless'} ServiceImport gets no derived Service (Karmada derives one for ClusterSetIP only)`;
      notices.push({ source, path: ['spec', 'type'], severity: 'warning', message });
      continue;
    }
    const service = derivedService(source as SourceObject<ServiceImport>);
    const name = service.object.metadata.name ?? '';
    const problems = isDNS1035Label(name);
    if (problems.length > 0) {
      const message = `its derived Service ${name} is not a valid Service name: ${problems.join(', ')}`;
      notices.push({ source, path: ['metadata', 'name'], severity: 'error', message });
      continue;
    }
    if (defined.has(refKey(refOf(service.object)))) {
      const message = `the repository defines Service ${service.object.metadata.namespace}/${name} itself; it is used instead of the Service Karmada derives from this ServiceImport`;
      notices.push({ source, path: [], severity: 'warning', message });
      continue;
    }
    services.push(service);
  }
  return { services, notices };
}
