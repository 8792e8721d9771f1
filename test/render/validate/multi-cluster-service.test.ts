import { describe, expect, it } from 'vitest';
import { DNS1123_LABEL_MSG, e, issues, w, type Issue } from './helpers.ts';

const mcs = (spec: Record<string, unknown>, name = 'web'): unknown => ({
  apiVersion: 'networking.karmada.io/v1alpha1',
  kind: 'MultiClusterService',
  metadata: { name, namespace: 'shop' },
  spec,
});
const DNS1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

describe('MultiClusterService: schema and Karmada admission rules', () => {
  it.each<[string, unknown, Issue[]]>([
    [
      'CrossCluster with providers and consumers, as Karmada documents it',
      mcs({ types: ['CrossCluster'], providerClusters: [{ name: 'member1' }], consumerClusters: [{ name: 'member2' }] }),
      [],
    ],
    ['no members named: every member provides and consumes', mcs({ types: ['CrossCluster'] }), []],
    ['types is required', mcs({ providerClusters: [{ name: 'member1' }] }), [e(['spec', 'types'], 'Required value')]],
    [
      'an unknown exposure type',
      mcs({ types: ['NodePort'] }),
      [e(['spec', 'types', 0], 'Unsupported value: "NodePort": supported values: "CrossCluster", "LoadBalancer"')],
    ],
    [
      'one type only',
      mcs({ types: ['CrossCluster', 'LoadBalancer'] }),
      [e(['spec', 'types'], 'Invalid value: "CrossCluster, LoadBalancer": MultiClusterService types should not contain more than one type')],
    ],
    ['the same type twice is one type', mcs({ types: ['CrossCluster', 'CrossCluster'] }), []],
    [
      'ports: names are DNS-1123 labels, each once; numbers 1-65535',
      mcs({
        types: ['CrossCluster'],
        ports: [
          { name: 'http', port: 80 },
          { name: 'http', port: 0 },
          { name: 'Web', port: 70000 },
        ],
      }),
      [
        e(['spec', 'ports', 1, 'name'], 'Duplicate value: "http"'),
        e(['spec', 'ports', 1, 'port'], 'Invalid value: 0: must be between 1 and 65535, inclusive'),
        e(['spec', 'ports', 2, 'name'], `Invalid value: "Web": ${DNS1123_LABEL_MSG}`),
        e(['spec', 'ports', 2, 'port'], 'Invalid value: 70000: must be between 1 and 65535, inclusive'),
      ],
    ],
    ['a port needs its number', mcs({ types: ['CrossCluster'], ports: [{ name: 'http' }] }), [e(['spec', 'ports', 0, 'port'], 'Required value')]],
    [
      'members are valid cluster names',
      mcs({ types: ['CrossCluster'], providerClusters: [{ name: 'Member_1' }], consumerClusters: [{ name: 'm'.repeat(49) }] }),
      [
        e(['spec', 'providerClusters', 0, 'name'], `Invalid value: "Member_1": ${DNS1123_LABEL_MSG}`),
        e(['spec', 'consumerClusters', 0, 'name'], `Invalid value: "${'m'.repeat(49)}": must be no more than 48 characters`),
      ],
    ],
    [
      'an unknown field',
      mcs({ types: ['CrossCluster'], ports: [{ port: 80, targetPort: 8080 }] }),
      [e(['spec', 'ports', 0, 'targetPort'], 'unknown field "targetPort"')],
    ],
    [
      'the fields Karmada deprecated are read, and said to be read by no one',
      mcs({ types: ['CrossCluster'], range: { clusterNames: ['member1'] }, serviceProvisionClusters: ['member1'] }),
      [
        w(['spec', 'range'], 'deprecated in favour of providerClusters and consumerClusters, and not read by Karmada or Flotilla'),
        w(['spec', 'serviceProvisionClusters'], 'deprecated in favour of providerClusters and consumerClusters, and not read by Karmada or Flotilla'),
      ],
    ],
    [
      "Karmada's webhook vector: two named ports and one type",
      mcs({
        types: ['CrossCluster'],
        ports: [
          { name: 'foo', port: 16312 },
          { name: 'bar', port: 16313 },
        ],
        providerClusters: [{ name: 'member1' }],
      }),
      [],
    ],
    [
      "Karmada's webhook vector: a port name used twice, beside one type given twice",
      mcs({
        types: ['LoadBalancer', 'LoadBalancer'],
        ports: [
          { name: 'foo', port: 16312 },
          { name: 'foo', port: 16313 },
        ],
      }),
      [e(['spec', 'ports', 1, 'name'], 'Duplicate value: "foo"')],
    ],
    [
      "Karmada's webhook vector: a port number past 65535",
      mcs({ types: ['LoadBalancer'], ports: [{ name: 'foo', port: 163121 }] }),
      [e(['spec', 'ports', 0, 'port'], 'Invalid value: 163121: must be between 1 and 65535, inclusive')],
    ],
    [
      "Karmada's webhook vector: an empty exposure type",
      mcs({ types: [''], ports: [{ name: 'foo', port: 16312 }] }),
      [e(['spec', 'types', 0], 'Unsupported value: "": supported values: "CrossCluster", "LoadBalancer"')],
    ],
    [
      "Karmada's webhook vector: a provider name past 48 characters",
      mcs({ types: ['CrossCluster'], ports: [{ name: 'foo', port: 16312 }], providerClusters: [{ name: 'a'.repeat(49) }] }),
      [e(['spec', 'providerClusters', 0, 'name'], `Invalid value: "${'a'.repeat(49)}": must be no more than 48 characters`)],
    ],
    ['named as a Service: a DNS-1035 label', mcs({ types: ['CrossCluster'] }, '1web'), [e(['metadata', 'name'], `Invalid value: "1web": ${DNS1035}`)]],
  ])('%s', (_name, obj, want) => {
    expect(issues(obj)).toEqual(want);
  });
});
