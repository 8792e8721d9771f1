/**
 * networking.karmada.io/v1alpha1 MultiClusterIngress and Karmada's admission rules for it
 * (docs/karmada-compatibility.md#multiclusteringress): the spec is an Ingress's, checked as Karmada's webhook checks it
 * with the Ingress rules it lifts from Kubernetes — a default backend or rules; each backend a Service (a DNS-1035
 * name and exactly one of a port name or number) or a resource, not both; each HTTP rule with paths, each path with
 * a pathType and, for Exact and Prefix, an absolute path; hosts DNS names, not IP addresses.
 */
import { isRecord } from '../../../model/index.ts';
import type { FieldPath } from '../../../model/index.ts';
import { error, invalidMessage, requiredMessage, type IssueSink } from '../issues.ts';
import { isDNS1035Label, isDNS1123Subdomain } from '../names.ts';
import { any, arr, int, obj, str, strings, type ObjectSchema } from '../schema.ts';

const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'] as const;

/** Kubernetes' IsValidPortName (an IANA service name). */
function portNameProblems(name: string): string[] {
  const problems: string[] = [];
  if (name.length > 15) problems.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(name))
    problems.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(name)) problems.push('must contain at least one letter (a-z)');
  if (name.includes('--')) problems.push('must not contain consecutive hyphens');
  if (name.startsWith('-') || name.endsWith('-')) problems.push('must not begin or end with a hyphen');
  return problems;
}

function checkServiceBackend(service: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const name = service['name'];
  if (typeof name !== 'string' || name === '') error(out, [...path, 'service', 'name'], requiredMessage());
  else for (const p of isDNS1035Label(name)) error(out, [...path, 'service', 'name'], invalidMessage(name, p));
  const port = isRecord(service['port']) ? service['port'] : {};
  const portName = typeof port['name'] === 'string' && port['name'] !== '' ? port['name'] : undefined;
  const portNumber = typeof port['number'] === 'number' && port['number'] !== 0 ? port['number'] : undefined;
  if (portName !== undefined && portNumber !== undefined)
    error(out, path, invalidMessage('', 'cannot set both port name & port number'));
  else if (portName !== undefined)
    for (const p of portNameProblems(portName))
      error(out, [...path, 'service', 'port', 'name'], invalidMessage(portName, p));
  else if (portNumber !== undefined) {
    if (portNumber < 1 || portNumber > 65535)
      error(
        out,
        [...path, 'service', 'port', 'number'],
        invalidMessage(portNumber, 'must be between 1 and 65535, inclusive'),
      );
  } else error(out, path, requiredMessage('port name or number is required'));
}

/** Kubernetes' validateIngressBackend. */
function checkBackend(backend: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const service = isRecord(backend['service']) ? backend['service'] : undefined;
  const resource = backend['resource'] !== undefined && backend['resource'] !== null;
  if (service && resource) error(out, path, invalidMessage('', 'cannot set both resource and service backends'));
  else if (service) checkServiceBackend(service, path, out);
  else if (!resource) error(out, path, invalidMessage('', 'resource or service backend is required'));
}

function checkPath(p: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const type = p['pathType'];
  if (type === undefined || type === null) {
    error(out, [...path, 'pathType'], requiredMessage('pathType must be specified'));
    return;
  }
  const value = typeof p['path'] === 'string' ? p['path'] : '';
  const absolute = value.startsWith('/');
  if ((type === 'Exact' || type === 'Prefix') && !absolute)
    error(out, [...path, 'path'], invalidMessage(value, 'must be an absolute path'));
  if (type === 'ImplementationSpecific' && value !== '' && !absolute)
    error(out, [...path, 'path'], invalidMessage(value, 'must be an absolute path'));
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** A rule's or TLS entry's host: a DNS name (a `*.` wildcard allowed), never an IP address. */
function checkHost(host: string, path: FieldPath, out: IssueSink): void {
  if (IPV4.test(host) || host.includes(':')) {
    error(out, path, invalidMessage(host, 'must be a DNS name, not an IP address'));
    return;
  }
  const name = host.startsWith('*.') ? host.slice(2) : host;
  for (const p of isDNS1123Subdomain(name)) error(out, path, invalidMessage(host, p));
}

function checkSpec(spec: Record<string, unknown>, path: FieldPath, out: IssueSink): void {
  const rules = Array.isArray(spec['rules']) ? spec['rules'] : [];
  if (rules.length === 0 && !isRecord(spec['defaultBackend']))
    error(out, path, invalidMessage(spec['rules'] ?? null, 'either `defaultBackend` or `rules` must be specified'));
  const className = spec['ingressClassName'];
  if (typeof className === 'string')
    for (const p of isDNS1123Subdomain(className))
      error(out, [...path, 'ingressClassName'], invalidMessage(className, p));
}

const backend = obj(
  {
    service: obj({ name: str(), port: obj({ name: str(), number: int({ int32: true }) }) }),
    resource: obj({ apiGroup: str(), kind: str(), name: str() }, { required: ['kind', 'name'] }),
  },
  { check: checkBackend },
);

const httpPath = obj(
  { path: str(), pathType: str({ enum: PATH_TYPES }), backend },
  { required: ['backend'], check: checkPath },
);

const rule = obj({
  host: str({ check: checkHost }),
  http: obj(
    {
      paths: arr(httpPath, { check: (paths, path, out) => paths.length === 0 && error(out, path, requiredMessage()) }),
    },
    { required: ['paths'] },
  ),
});

/** IngressSpec, as a MultiClusterIngress carries it. */
export const multiClusterIngressSpec: ObjectSchema = obj(
  {
    ingressClassName: str(),
    defaultBackend: backend,
    tls: arr(obj({ hosts: arr(str({ check: checkHost })), secretName: str() })),
    rules: arr(rule),
  },
  { check: checkSpec },
);

/** The load balancer and service locations Karmada's controllers write; kept as written. */
export const multiClusterIngressStatus: ObjectSchema = obj({
  loadBalancer: any,
  serviceLocations: arr(obj({ name: str(), clusters: strings })),
});
