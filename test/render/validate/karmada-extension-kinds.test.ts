import { describe, expect, it } from 'vitest';
import { e, issues, w, type Issue } from './helpers.ts';

const taintPolicy = (spec: Record<string, unknown>): unknown => ({
  apiVersion: 'policy.karmada.io/v1alpha1',
  kind: 'ClusterTaintPolicy',
  metadata: { name: 'not-ready' },
  spec,
});
const quota = (spec: Record<string, unknown>): unknown => ({
  apiVersion: 'policy.karmada.io/v1alpha1',
  kind: 'FederatedResourceQuota',
  metadata: { name: 'team', namespace: 'shop' },
  spec,
});
const rebalancer = (spec: Record<string, unknown>): unknown => ({
  apiVersion: 'apps.karmada.io/v1alpha1',
  kind: 'WorkloadRebalancer',
  metadata: { name: 'once' },
  spec,
});
const registry = (spec: Record<string, unknown>): unknown => ({
  apiVersion: 'search.karmada.io/v1alpha1',
  kind: 'ResourceRegistry',
  metadata: { name: 'deployments' },
  spec,
});
const condition = { conditionType: 'Ready', operator: 'In', statusValues: ['False', 'Unknown'] };
const TAINTS = ['spec', 'taints'];

describe('Karmada kinds Flotilla loads but does not act on yet', () => {
  it.each<[string, unknown, Issue[]]>([
    [
      'a ClusterTaintPolicy as Karmada documents it is valid',
      taintPolicy({
        targetClusters: { clusterNames: ['member1'] },
        addOnConditions: [condition],
        removeOnConditions: [{ ...condition, statusValues: ['True'] }],
        taints: [{ key: 'not-ready', effect: 'NoExecute' }],
      }),
      [],
    ],
    ['a ClusterTaintPolicy needs taints', taintPolicy({ addOnConditions: [condition], taints: [] }), [e(TAINTS, 'should have at least 1 items')]],
    [
      'a ClusterTaintPolicy taint is NoSchedule or NoExecute',
      taintPolicy({ taints: [{ key: 'k', effect: 'PreferNoSchedule' }] }),
      [e([...TAINTS, 0, 'effect'], 'Unsupported value: "PreferNoSchedule": supported values: "NoSchedule", "NoExecute"')],
    ],
    [
      'ClusterTaintPolicy taints are unique by key and effect',
      taintPolicy({
        taints: [
          { key: 'k', effect: 'NoSchedule' },
          { key: 'k', effect: 'NoSchedule', value: 'v' },
        ],
      }),
      [e([...TAINTS, 1], 'Invalid value: "k:NoSchedule": taints must be unique by key and effect pair')],
    ],
    [
      'a match condition operator is In or NotIn',
      taintPolicy({ addOnConditions: [{ ...condition, operator: 'Exists' }], taints: [{ key: 'k', effect: 'NoSchedule' }] }),
      [e(['spec', 'addOnConditions', 0, 'operator'], 'Unsupported value: "Exists": supported values: "In", "NotIn"')],
    ],
    [
      'match condition status values are condition statuses',
      taintPolicy({ removeOnConditions: [{ ...condition, statusValues: ['Yes'] }], taints: [{ key: 'k', effect: 'NoSchedule' }] }),
      [e(['spec', 'removeOnConditions', 0, 'statusValues', 0], 'Unsupported value: "Yes": supported values: "True", "False", "Unknown"')],
    ],
    [
      'a FederatedResourceQuota with static assignments within the overall quota is valid',
      quota({
        overall: { cpu: '10', memory: '20Gi' },
        staticAssignments: [
          { clusterName: 'member1', hard: { cpu: '6' } },
          { clusterName: 'member2', hard: { cpu: '4', memory: '1Gi' } },
        ],
      }),
      [],
    ],
    ['a FederatedResourceQuota needs overall', quota({}), [e(['spec', 'overall'], 'Required value')]],
    [
      'a cluster is assigned once',
      quota({
        overall: { cpu: '10' },
        staticAssignments: [
          { clusterName: 'member1', hard: { cpu: '1' } },
          { clusterName: 'member1', hard: { cpu: '1' } },
        ],
      }),
      [e(['spec', 'staticAssignments', 1, 'clusterName'], 'Invalid value: "member1": each cluster may be assigned only once')],
    ],
    [
      'an assignment limits only resources the overall quota names',
      quota({ overall: { cpu: '10' }, staticAssignments: [{ clusterName: 'member1', hard: { memory: '1Gi' } }] }),
      [e(['spec', 'staticAssignments', 0, 'hard', 'memory'], 'Invalid value: "memory": a static assignment may only limit resources spec.overall limits')],
    ],
    [
      'assignments may not exceed the overall quota',
      quota({
        overall: { cpu: '1' },
        staticAssignments: [
          { clusterName: 'member1', hard: { cpu: '600m' } },
          { clusterName: 'member2', hard: { cpu: '500m' } },
        ],
      }),
      [e(['spec', 'overall', 'cpu'], 'Invalid value: "1": must not be less than the sum of the static assignments of this resource')],
    ],
    [
      'a WorkloadRebalancer names its workloads',
      rebalancer({ workloads: [{ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' }], ttlSecondsAfterFinished: 60 }),
      [],
    ],
    ['a WorkloadRebalancer needs a workload', rebalancer({ workloads: [] }), [e(['spec', 'workloads'], 'should have at least 1 items')]],
    [
      'a rebalanced workload needs a name',
      rebalancer({ workloads: [{ apiVersion: 'apps/v1', kind: 'Deployment' }] }),
      [e(['spec', 'workloads', 0, 'name'], 'Required value')],
    ],
    [
      'a ResourceRegistry is valid',
      registry({ targetCluster: { clusterNames: ['member1'] }, resourceSelectors: [{ apiVersion: 'apps/v1', kind: 'Deployment' }] }),
      [],
    ],
    [
      'a ResourceRegistry without target clusters selects every cluster (Karmada requires none)',
      registry({ resourceSelectors: [{ apiVersion: 'apps/v1', kind: 'Deployment' }] }),
      [],
    ],
    ['a ResourceRegistry without resource selectors caches nothing, and is valid', registry({ targetCluster: {} }), []],
    [
      'a ResourceRegistry without a spec is an empty one, and is valid',
      { apiVersion: 'search.karmada.io/v1alpha1', kind: 'ResourceRegistry', metadata: { name: 'r' } },
      [],
    ],
    [
      'a ResourceRegistry with a namespace and an OpenSearch backend is valid',
      registry({
        targetCluster: {},
        resourceSelectors: [{ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default' }],
        backendStore: { openSearch: { addresses: ['https://localhost:9200'], secretRef: { namespace: 'default', name: 'os-auth' } } },
      }),
      [],
    ],
    [
      'a malformed apiVersion, namespace and OpenSearch address are errors; a selector without kind a warning',
      registry({
        targetCluster: {},
        resourceSelectors: [{ apiVersion: 'apps/v1/extra', kind: '', namespace: 'Bad_Namespace' }],
        backendStore: { openSearch: { addresses: ['localhost:9200', 'ftp://os.example', 'http://os.example:9200'], secretRef: {} } },
      }),
      [
        e(['spec', 'resourceSelectors', 0, 'apiVersion'], 'Invalid value: "apps/v1/extra": unexpected GroupVersion string: apps/v1/extra'),
        e(
          ['spec', 'resourceSelectors', 0, 'namespace'],
          "Invalid value: \"Bad_Namespace\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        ),
        w(['spec', 'resourceSelectors', 0, 'kind'], 'Required value: the search cache skips this selector'),
        e(
          ['spec', 'backendStore', 'openSearch', 'addresses', 0],
          'Invalid value: "localhost:9200": must be a valid http or https URL with non-empty scheme and host',
        ),
        e(
          ['spec', 'backendStore', 'openSearch', 'addresses', 1],
          'Invalid value: "ftp://os.example": must be a valid http or https URL with non-empty scheme and host',
        ),
      ],
    ],
    [
      'a ResourceRegistry selector without apiVersion is a warning',
      registry({ targetCluster: {}, resourceSelectors: [{ kind: 'Deployment' }] }),
      [w(['spec', 'resourceSelectors', 0, 'apiVersion'], 'Required value: the search cache skips this selector')],
    ],
    [
      'a ResourceRegistry takes no namespace (dropped, a warning)',
      { ...(registry({ targetCluster: {}, resourceSelectors: [] }) as object), metadata: { name: 'r', namespace: 'shop' } },
      [w(['metadata', 'namespace'], 'ResourceRegistry is cluster-scoped: the namespace "shop" is ignored')],
    ],
  ])('%s', (_name, obj, expected) => {
    expect(issues(obj)).toEqual(expected);
  });
});
