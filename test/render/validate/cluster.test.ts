import { describe, expect, it } from 'vitest';
import { cluster, DNS1123_LABEL_MSG, e, issues, LABEL_VALUE_MSG, NAME_PART_MSG, w, type Issue } from './helpers.ts';

const QUANTITY_MSG = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

describe('Cluster validation', () => {
  it.each<[string, unknown, Issue[]]>([
    [
      'a cluster with topology, taints and status is valid',
      cluster(
        { syncMode: 'Push', provider: 'aws', region: 'eu-west-1', zones: ['a', 'b'], taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
        {
          status: {
            conditions: [{ type: 'Ready', status: 'True' }],
            apiEnablements: [{ groupVersion: 'apps/v1', resources: [{ name: 'deployments', kind: 'Deployment' }] }],
            resourceSummary: { allocatable: { cpu: '100', memory: '1Ti', pods: 1100 }, allocated: { cpu: '5500m', memory: '1.5Gi' } },
            nodeSummary: { totalNum: 10, readyNum: 10 },
          },
        },
      ),
      [],
    ],
    ['syncMode is an enum', cluster({ syncMode: 'Poll' }), [e(['spec', 'syncMode'], 'Unsupported value: "Poll": supported values: "Push", "Pull"')]],
    [
      'a missing syncMode is a warning',
      cluster({ syncMode: undefined }),
      [w(['spec', 'syncMode'], 'Required value: Karmada requires Push or Pull; Flotilla takes it as Push')],
    ],
    [
      'a Pull member with a heartbeat grace is valid',
      cluster({ syncMode: 'Pull' }, { metadata: { name: 'eu-1', annotations: { 'flotilla.io/heartbeat-grace': '90s' } } }),
      [],
    ],
    [
      'a heartbeat grace that is not a duration is a warning',
      cluster({ syncMode: 'Pull' }, { metadata: { name: 'eu-1', annotations: { 'flotilla.io/heartbeat-grace': 'soon' } } }),
      [
        w(
          ['metadata', 'annotations', 'flotilla.io/heartbeat-grace'],
          `Invalid value: "soon": expected a duration such as 90s or 5m; the grace is three of the agent's heartbeat intervals`,
        ),
      ],
    ],
    [
      'a heartbeat grace on a Push member is a warning',
      cluster({ syncMode: 'Push' }, { metadata: { name: 'eu-1', annotations: { 'flotilla.io/heartbeat-grace': '90s' } } }),
      [w(['metadata', 'annotations', 'flotilla.io/heartbeat-grace'], 'only a Cluster with syncMode Pull has an agent to hear from: ignored')],
    ],
    ['an apiEndpoint with scheme, host and port is valid', cluster({ apiEndpoint: 'https://10.0.0.1:6443/prefix' }), []],
    [
      'an apiEndpoint needs a host',
      cluster({ apiEndpoint: 'member1' }),
      [e(['spec', 'apiEndpoint'], 'Invalid value: "member1": host must be provided; desired format: hostname, hostname:port, IP or IP:port')],
    ],
    [
      'an apiEndpoint carries no user, query or fragment',
      cluster({ apiEndpoint: 'https://admin:pw@api.example.com?x=1#top' }),
      [
        e(['spec', 'apiEndpoint'], 'Invalid value: "https://admin:pw@api.example.com?x=1#top": user information is not permitted in the URL'),
        e(['spec', 'apiEndpoint'], 'Invalid value: "top": fragments are not permitted in the URL'),
        e(['spec', 'apiEndpoint'], 'Invalid value: "x=1": query parameters are not permitted in the URL'),
      ],
    ],
    ['a socks5 proxy is valid', cluster({ proxyURL: 'socks5://proxy:1080' }), []],
    [
      'a proxy scheme is http, https or socks5',
      cluster({ proxyURL: 'ftp://proxy' }),
      [e(['spec', 'proxyURL'], 'Invalid value: "ftp://proxy": unsupported scheme "ftp", must be http, https, or socks5')],
    ],
    ['a secret reference names namespace and name', cluster({ secretRef: { name: 'creds' } }), [e(['spec', 'secretRef', 'namespace'], 'Required value')]],
    [
      'an empty secret namespace or name is a missing one',
      cluster({ impersonatorSecretRef: { namespace: '', name: '' } }),
      [e(['spec', 'impersonatorSecretRef', 'namespace'], 'Required value'), e(['spec', 'impersonatorSecretRef', 'name'], 'Required value')],
    ],
    ['a Pull member needs neither apiEndpoint nor secretRef', cluster({ syncMode: 'Pull' }), []],
    ['an empty apiEndpoint and proxyURL are not checked', cluster({ syncMode: 'Pull', apiEndpoint: '', proxyURL: '' }), []],
    ['a misspelt spec field is suggested', cluster({ regoin: 'eu' }), [e(['spec', 'regoin'], 'unknown field "regoin", did you mean "region"?')]],
    ['zones are strings', cluster({ zones: 'a' }), [e(['spec', 'zones'], 'must be of type array, got string')]],
    [
      'a taint effect is an enum',
      cluster({ taints: [{ key: 'k', effect: 'NoRun' }] }),
      [e(['spec', 'taints', 0, 'effect'], 'Unsupported value: "NoRun": supported values: "NoSchedule", "NoExecute"')],
    ],
    [
      'Karmada refuses PreferNoSchedule on a cluster',
      cluster({ taints: [{ key: 'k', effect: 'PreferNoSchedule' }] }),
      [e(['spec', 'taints', 0, 'effect'], 'Unsupported value: "PreferNoSchedule": supported values: "NoSchedule", "NoExecute"')],
    ],
    ['the deprecated zone alone is valid', cluster({ zone: 'eu-1a' }), []],
    [
      'Karmada refuses zone together with zones',
      cluster({ zone: 'eu-1a', zones: ['eu-1b'] }),
      [e(['spec', 'zone'], 'Forbidden: zone is deprecated and cannot be set together with zones; list it in zones')],
    ],
    [
      'a taint needs key and effect',
      cluster({ taints: [{ value: 'v' }] }),
      [e(['spec', 'taints', 0, 'key'], 'Required value'), e(['spec', 'taints', 0, 'effect'], 'Required value')],
    ],
    [
      "a taint's timeAdded is an RFC 3339 time (it starts tolerationSeconds)",
      cluster({
        taints: [
          { key: 'k', effect: 'NoExecute', timeAdded: 'yesterday' },
          { key: 'j', effect: 'NoExecute', timeAdded: '2026-11-29T17:00:00Z' },
        ],
      }),
      [e(['spec', 'taints', 0, 'timeAdded'], 'Invalid value: "yesterday": must be an RFC 3339 date-time, e.g. 2026-01-02T15:04:05Z')],
    ],
    [
      'a taint key and value follow label syntax',
      cluster({ taints: [{ key: 'bad key', value: 'bad value', effect: 'NoSchedule' }] }),
      [
        e(['spec', 'taints', 0, 'key'], `Invalid value: "bad key": ${NAME_PART_MSG}`),
        e(['spec', 'taints', 0, 'value'], `Invalid value: "bad value": ${LABEL_VALUE_MSG}`),
      ],
    ],
    [
      'taints are unique by key and effect',
      cluster({
        taints: [
          { key: 'k', effect: 'NoSchedule' },
          { key: 'k', value: 'v', effect: 'NoSchedule' },
        ],
      }),
      [e(['spec', 'taints', 1], 'Invalid value: "k:NoSchedule": taints must be unique by key and effect pair')],
    ],
    [
      'the same taint key with two effects is valid',
      cluster({
        taints: [
          { key: 'k', effect: 'NoSchedule' },
          { key: 'k', effect: 'NoExecute' },
        ],
      }),
      [],
    ],
    [
      'a resource model range bound is a quantity',
      cluster({ resourceModels: [{ grade: 0, ranges: [{ name: 'cpu', min: '0', max: 'lots' }] }] }),
      [e(['spec', 'resourceModels', 0, 'ranges', 0, 'max'], `Invalid value: "lots": ${QUANTITY_MSG}`)],
    ],
    [
      'status quantities must be well-formed',
      cluster({}, { status: { resourceSummary: { allocatable: { cpu: '1.5 cores', memory: '2GiB' } } } }),
      [
        e(['status', 'resourceSummary', 'allocatable', 'cpu'], `Invalid value: "1.5 cores": ${QUANTITY_MSG}`),
        e(['status', 'resourceSummary', 'allocatable', 'memory'], `Invalid value: "2GiB": ${QUANTITY_MSG}`),
      ],
    ],
    ['status quantities may be numbers', cluster({}, { status: { resourceSummary: { allocating: { cpu: 0.5, pods: 3 } } } }), []],
    [
      'status quantities may not be booleans',
      cluster({}, { status: { resourceSummary: { allocated: { cpu: true } } } }),
      [e(['status', 'resourceSummary', 'allocated', 'cpu'], 'must be of type string, got boolean')],
    ],
    [
      'a condition status is True, False or Unknown',
      cluster({}, { status: { conditions: [{ type: 'Ready', status: 'yes' }] } }),
      [e(['status', 'conditions', 0, 'status'], 'Unsupported value: "yes": supported values: "True", "False", "Unknown"')],
    ],
    [
      'an API enablement names its group version',
      cluster({}, { status: { apiEnablements: [{ resources: [] }] } }),
      [e(['status', 'apiEnablements', 0, 'groupVersion'], 'Required value')],
    ],
    [
      'node counts are not negative',
      cluster({}, { status: { nodeSummary: { totalNum: -1 } } }),
      [e(['status', 'nodeSummary', 'totalNum'], 'Invalid value: -1: should be greater than or equal to 0')],
    ],
    ['an unknown status field is rejected', cluster({}, { status: { ready: true } }), [e(['status', 'ready'], 'unknown field "ready"')]],
    [
      'a cluster name is a DNS-1123 label',
      { ...(cluster({}) as object), metadata: { name: 'EU_1' } },
      [e(['metadata', 'name'], `Invalid value: "EU_1": ${DNS1123_LABEL_MSG}`)],
    ],
    [
      'a cluster name has at most 48 characters',
      { ...(cluster({}) as object), metadata: { name: 'a'.repeat(49) } },
      [e(['metadata', 'name'], `Invalid value: "${'a'.repeat(49)}": must be no more than 48 characters`)],
    ],
    [
      'a cluster takes no namespace',
      { ...(cluster({}) as object), metadata: { name: 'eu-1', namespace: 'default' } },
      [w(['metadata', 'namespace'], 'Cluster is cluster-scoped: the namespace "default" is ignored')],
    ],
  ])('%s', (_name, obj, expected) => {
    expect(issues(obj)).toEqual(expected);
  });
});
