import { describe, expect, it } from 'vitest';
import { DNS1123_SUBDOMAIN_MSG, e, issues, type Issue } from './helpers.ts';

const mci = (spec: Record<string, unknown>): unknown => ({
  apiVersion: 'networking.karmada.io/v1alpha1',
  kind: 'MultiClusterIngress',
  metadata: { name: 'demo', namespace: 'default' },
  spec,
});
const backend = (service: Record<string, unknown>) => ({ service });
const rules = (...paths: unknown[]) => ({ rules: [{ host: 'demo.localdev.me', http: { paths } }] });
const DNS1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const B = ['spec', 'defaultBackend'];
const P0 = ['spec', 'rules', 0, 'http', 'paths', 0];

/** Karmada's webhook validates a MultiClusterIngress's spec with the Ingress rules it lifts from Kubernetes. */
describe('MultiClusterIngress: schema and Karmada admission rules (ValidateIngressSpec)', () => {
  it.each<[string, unknown, Issue[]]>([
    [
      "Karmada's documented example: one rule, a Prefix path to a Service port",
      mci(rules({ path: '/web', pathType: 'Prefix', backend: backend({ name: 'web', port: { number: 81 } }) })),
      [],
    ],
    ['a default backend alone', mci({ defaultBackend: backend({ name: 'web', port: { name: 'http' } }) }), []],
    [
      'neither a default backend nor rules',
      mci({ ingressClassName: 'nginx' }),
      [e(['spec'], 'Invalid value: null: either `defaultBackend` or `rules` must be specified')],
    ],
    [
      'a backend names a Service or a resource, not both',
      mci({ defaultBackend: { service: { name: 'web', port: { number: 80 } }, resource: { kind: 'Bucket', name: 'b' } } }),
      [e(B, 'Invalid value: "": cannot set both resource and service backends')],
    ],
    ['a backend names one of them', mci({ defaultBackend: {} }), [e(B, 'Invalid value: "": resource or service backend is required')]],
    [
      'a Service backend: a DNS-1035 name and exactly one of a port name or number',
      mci({ defaultBackend: backend({ name: 'Web_1', port: { name: 'http', number: 80 } }) }),
      [e([...B, 'service', 'name'], `Invalid value: "Web_1": ${DNS1035}`), e(B, 'Invalid value: "": cannot set both port name & port number')],
    ],
    ['a port is required', mci({ defaultBackend: backend({ name: 'web' }) }), [e(B, 'Required value: port name or number is required')]],
    [
      'a port number lies in 1-65535, a port name is an IANA service name',
      mci(
        rules(
          { path: '/', pathType: 'Prefix', backend: backend({ name: 'web', port: { number: 70000 } }) },
          { path: '/a', pathType: 'Prefix', backend: backend({ name: 'web', port: { name: 'a--b' } }) },
        ),
      ),
      [
        e([...P0, 'backend', 'service', 'port', 'number'], 'Invalid value: 70000: must be between 1 and 65535, inclusive'),
        e(['spec', 'rules', 0, 'http', 'paths', 1, 'backend', 'service', 'port', 'name'], 'Invalid value: "a--b": must not contain consecutive hyphens'),
      ],
    ],
    [
      'a path has a pathType, and an Exact or Prefix path is absolute',
      mci(
        rules(
          { path: '/', backend: backend({ name: 'web', port: { number: 80 } }) },
          { path: 'web', pathType: 'Exact', backend: backend({ name: 'web', port: { number: 80 } }) },
          { path: 'web', pathType: 'Regex', backend: backend({ name: 'web', port: { number: 80 } }) },
        ),
      ),
      [
        e([...P0, 'pathType'], 'Required value: pathType must be specified'),
        e(['spec', 'rules', 0, 'http', 'paths', 1, 'path'], 'Invalid value: "web": must be an absolute path'),
        e(['spec', 'rules', 0, 'http', 'paths', 2, 'pathType'], 'Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"'),
      ],
    ],
    ['an HTTP rule has paths', mci({ rules: [{ http: { paths: [] } }] }), [e(['spec', 'rules', 0, 'http', 'paths'], 'Required value')]],
    [
      'a host is a DNS name (a wildcard allowed), not an IP address',
      mci({
        rules: [
          { host: '10.0.0.1', http: { paths: [{ path: '/', pathType: 'Prefix', backend: backend({ name: 'web', port: { number: 80 } }) }] } },
          { host: '*.example.com' },
          { host: 'Bad_Host' },
        ],
      }),
      [
        e(['spec', 'rules', 0, 'host'], 'Invalid value: "10.0.0.1": must be a DNS name, not an IP address'),
        e(['spec', 'rules', 2, 'host'], `Invalid value: "Bad_Host": ${DNS1123_SUBDOMAIN_MSG}`),
      ],
    ],
  ])('%s', (_name, obj, want) => {
    expect(issues(obj)).toEqual(want);
  });
});
