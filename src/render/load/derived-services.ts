/**
 * The Service Karmada derives from each ServiceImport (docs/karmada-compatibility.md#multi-cluster-services):
 * `derived-<name>` in the import's namespace, ClusterIP, with the import's ports. Karmada's ServiceImport controller
 * writes it into the control plane, where the import's propagateDeps (forced on by the policy webhook) takes it to
 * wherever the import goes, and the EndpointSlices imported from the providers attach to it by its name. Here it is a
 * template of the same commit, with the import's origin, so the dependencies distributor finds it the same way. Only a
 * ClusterSetIP import has one, as in Karmada.
 */
import { derivedServiceName, isRecord, MCS_API_GROUP_VERSION, refKey, refOf } from '../../model/index.ts';
import type { FieldPath, KubeObject, ServiceImport, ServiceImportPort, SourceObject } from '../../model/index.ts';
import { invalidMessage, requiredMessage, unsupportedMessage } from '../validate/issues.ts';
import { isDNS1035Label, isDNS1123Label } from '../validate/names.ts';
import { jsonType } from '../validate/walk.ts';

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

type Problem = { path: FieldPath; message: string };

const PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;

/**
 * What the API server refuses in a ClusterIP Service's ports, which the MCS API's schema lets through: none at all,
 * a name missing beside other ports, a name that is no DNS-1123 label or is used twice, a protocol other than TCP, UDP
 * and SCTP, and one port and protocol given twice.
 */
function serviceRulesProblem(ports: readonly Record<string, unknown>[], path: FieldPath): Problem | undefined {
  if (ports.length === 0) return { path, message: requiredMessage('a ClusterIP Service needs at least one port') };
  const names = new Set<string>();
  const numbers = new Set<string>();
  for (const [i, p] of ports.entries()) {
    const name = typeof p['name'] === 'string' ? p['name'] : '';
    if (name === '' && ports.length > 1) return { path: [...path, i, 'name'], message: requiredMessage() };
    const badName = name === '' ? undefined : isDNS1123Label(name)[0];
    if (badName) return { path: [...path, i, 'name'], message: invalidMessage(name, badName) };
    if (names.has(name)) return { path: [...path, i, 'name'], message: `Duplicate value: ${JSON.stringify(name)}` };
    names.add(name);
    const protocol = typeof p['protocol'] === 'string' && p['protocol'] !== '' ? p['protocol'] : 'TCP';
    if (!(PROTOCOLS as readonly string[]).includes(protocol))
      return { path: [...path, i, 'protocol'], message: unsupportedMessage(protocol, PROTOCOLS) };
    const key = JSON.stringify({ port: p['port'], protocol });
    if (numbers.has(key)) return { path: [...path, i], message: `Duplicate value: ${key}` };
    numbers.add(key);
  }
  return undefined;
}

/**
 * Where the import's ports are not what a Service can take: a list of objects, each with an integer port 1-65535 and
 * string name, protocol and app protocol, then the Service's own rules. The MCS API's schema has refused most of the
 * first already, but lets a port outside 1-65535 through, and a repository's own CRD for ServiceImport may check
 * less; Karmada's controller then fails to create the Service, and derives nothing.
 */
function portsProblem(ports: unknown): Problem | undefined {
  const path: FieldPath = ['spec', 'ports'];
  if (ports === undefined) return { path, message: requiredMessage() };
  if (!Array.isArray(ports)) return { path, message: `must be of type array, got ${jsonType(ports)}` };
  for (const [i, p] of ports.entries()) {
    if (!isRecord(p)) return { path: [...path, i], message: `must be of type object, got ${jsonType(p)}` };
    const port = p['port'];
    if (port === undefined) return { path: [...path, i, 'port'], message: requiredMessage() };
    if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)
      return { path: [...path, i, 'port'], message: invalidMessage(port, 'must be an integer between 1 and 65535') };
    for (const field of ['name', 'protocol', 'appProtocol']) {
      const value = p[field];
      if (value !== undefined && typeof value !== 'string')
        return { path: [...path, i, field], message: `must be of type string, got ${jsonType(value)}` };
    }
  }
  return serviceRulesProblem(ports as Record<string, unknown>[], path);
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
      const message = `a ${type || 'typeless'} ServiceImport gets no derived Service (Karmada derives one for ClusterSetIP only)`;
      notices.push({ source, path: ['spec', 'type'], severity: 'warning', message });
      continue;
    }
    const problem = portsProblem(source.object.spec?.ports);
    if (problem) {
      const message = `${problem.message} (its derived Service needs the ports)`;
      notices.push({ source, path: problem.path, severity: 'error', message });
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
