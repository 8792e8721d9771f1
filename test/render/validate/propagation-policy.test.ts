import { describe, expect, it } from 'vitest';
import { clusterPropagationPolicy, DNS1123_SUBDOMAIN_MSG, e, issues, LABEL_VALUE_MSG, NAME_PART_MSG, propagationPolicy, w, type Issue } from './helpers.ts';

const SEL = ['spec', 'resourceSelectors'];
const PL = ['spec', 'placement'];
const divided = { replicaSchedulingType: 'Divided' };

describe('PropagationPolicy validation', () => {
  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['a minimal policy is valid', {}, []],
    [
      'the complete documented Karmada example is valid',
      {
        priority: 10,
        propagateDeps: true,
        placement: {
          clusterAffinity: { labelSelector: { matchLabels: { env: 'prod' } }, exclude: ['prod-legacy'] },
          clusterTolerations: [{ key: 'cluster.karmada.io/not-ready', operator: 'Exists', effect: 'NoSchedule' }],
          spreadConstraints: [{ spreadByField: 'cluster', minGroups: 2, maxGroups: 3 }],
          replicaScheduling: {
            replicaSchedulingType: 'Divided',
            replicaDivisionPreference: 'Weighted',
            weightPreference: {
              staticWeightList: [
                { targetCluster: { clusterNames: ['eu-1'] }, weight: 2 },
                {
                  targetCluster: { fieldSelector: { matchExpressions: [{ key: 'region', operator: 'In', values: ['us'] }] } },
                  weight: 1,
                },
              ],
            },
          },
        },
      },
      [],
    ],
    [
      'a misspelt field is unknown with a suggestion',
      { placement: { replicaScheduling: { replicaSchedulingTyp: 'Divided' } } },
      [e([...PL, 'replicaScheduling', 'replicaSchedulingTyp'], 'unknown field "replicaSchedulingTyp", did you mean "replicaSchedulingType"?')],
    ],
    [
      'a placement field written under spec is pointed to placement',
      { clusterAffinity: { clusterNames: ['m1'] } },
      [e(['spec', 'clusterAffinity'], 'unknown field "clusterAffinity", did you mean "placement.clusterAffinity"?')],
    ],
    [
      'a selector field written under spec is pointed to the list',
      { kind: 'Deployment' },
      [e(['spec', 'kind'], 'unknown field "kind", did you mean "resourceSelectors[].kind"?')],
    ],
    ['an unknown field far from any name has no suggestion', { bogus: 1 }, [e(['spec', 'bogus'], 'unknown field "bogus"')]],
    [
      'a field in the wrong case is suggested in the right case',
      { Priority: 1 },
      [e(['spec', 'Priority'], 'unknown field "Priority", did you mean "priority"?')],
    ],
    ['priority must be an integer', { priority: 'high' }, [e(['spec', 'priority'], 'must be of type integer, got string')]],
    ['priority may not be fractional', { priority: 1.5 }, [e(['spec', 'priority'], 'must be of type integer, got number')]],
    ['propagateDeps must be a boolean', { propagateDeps: 'yes' }, [e(['spec', 'propagateDeps'], 'must be of type boolean, got string')]],
    ['placement must be an object', { placement: [] }, [e(['spec', 'placement'], 'must be of type object, got array')]],
    ['null counts as absent', { placement: null, priority: null }, []],
    [
      'the scheduling type is an enum',
      { placement: { replicaScheduling: { replicaSchedulingType: 'Dividd' } } },
      [e([...PL, 'replicaScheduling', 'replicaSchedulingType'], 'Unsupported value: "Dividd": supported values: "Duplicated", "Divided"')],
    ],
    [
      'the division preference is an enum',
      { placement: { replicaScheduling: { ...divided, replicaDivisionPreference: 'Even' } } },
      [e([...PL, 'replicaScheduling', 'replicaDivisionPreference'], 'Unsupported value: "Even": supported values: "Aggregated", "Weighted"')],
    ],
    [
      'dynamicWeight is an enum',
      { placement: { replicaScheduling: { ...divided, weightPreference: { dynamicWeight: 'Capacity' } } } },
      [e([...PL, 'replicaScheduling', 'weightPreference', 'dynamicWeight'], 'Unsupported value: "Capacity": supported values: "AvailableReplicas"')],
    ],
    [
      'a static weight must be at least 1',
      { placement: { replicaScheduling: { ...divided, weightPreference: { staticWeightList: [{ targetCluster: {}, weight: 0 }] } } } },
      [e([...PL, 'replicaScheduling', 'weightPreference', 'staticWeightList', 0, 'weight'], 'Invalid value: 0: should be greater than or equal to 1')],
    ],
    [
      'a static weight target with an unsupported fieldSelector is only a warning',
      {
        placement: {
          replicaScheduling: {
            ...divided,
            weightPreference: {
              staticWeightList: [{ targetCluster: { fieldSelector: { matchExpressions: [{ key: 'zone', operator: 'Exists' }] } }, weight: 1 }],
            },
          },
        },
      },
      [
        w(
          [...PL, 'replicaScheduling', 'weightPreference', 'staticWeightList', 0, 'targetCluster', 'fieldSelector', 'matchExpressions', 0, 'operator'],
          'unsupported operator "Exists", must be In or NotIn',
        ),
      ],
    ],
    [
      'a static weight needs its target and weight',
      { placement: { replicaScheduling: { ...divided, weightPreference: { staticWeightList: [{}] } } } },
      [
        e([...PL, 'replicaScheduling', 'weightPreference', 'staticWeightList', 0, 'targetCluster'], 'Required value'),
        e([...PL, 'replicaScheduling', 'weightPreference', 'staticWeightList', 0, 'weight'], 'Required value'),
      ],
    ],
    ['preemption is an enum', { preemption: 'Sometimes' }, [e(['spec', 'preemption'], 'Unsupported value: "Sometimes": supported values: "Always", "Never"')]],
    [
      'conflictResolution is an enum',
      { conflictResolution: 'abort' },
      [e(['spec', 'conflictResolution'], 'Unsupported value: "abort": supported values: "Abort", "Overwrite"')],
    ],
    ['activationPreference accepts Lazy', { activationPreference: 'Lazy' }, []],
    ['resourceSelectors are required', { resourceSelectors: undefined }, [e([...SEL], 'Required value')]],
    ['resourceSelectors may not be empty', { resourceSelectors: [] }, [e([...SEL], 'should have at least 1 items')]],
    [
      'a selector needs apiVersion and kind',
      { resourceSelectors: [{ name: 'web' }] },
      [e([...SEL, 0, 'apiVersion'], 'Required value'), e([...SEL, 0, 'kind'], 'Required value')],
    ],
    [
      'a selector in another namespace is rejected',
      { resourceSelectors: [{ apiVersion: 'v1', kind: 'Service', namespace: 'other' }] },
      [e([...SEL, 0, 'namespace'], 'Invalid value: "other": must be empty or the policy\'s own namespace "shop"')],
    ],
    ['a selector in the policy namespace is valid', { resourceSelectors: [{ apiVersion: 'v1', kind: 'Service', namespace: 'shop' }] }, []],
    [
      'preemption Always needs named selectors',
      { preemption: 'Always', resourceSelectors: [{ apiVersion: 'v1', kind: 'Service' }] },
      [e([...SEL, 0, 'name'], 'Invalid value: "": name cannot be empty if preemption is Always, the empty name may cause unexpected resources preemption')],
    ],
    ['preemption Always with named selectors is valid', { preemption: 'Always' }, []],
    [
      'a label selector requirement needs values for In',
      { resourceSelectors: [{ apiVersion: 'v1', kind: 'Service', labelSelector: { matchExpressions: [{ key: 'app', operator: 'In' }] } }] },
      [e([...SEL, 0, 'labelSelector', 'matchExpressions', 0, 'values'], "Required value: must be specified when `operator` is 'In' or 'NotIn'")],
    ],
    [
      'a label selector requirement takes no values for Exists',
      {
        resourceSelectors: [{ apiVersion: 'v1', kind: 'Service', labelSelector: { matchExpressions: [{ key: 'app', operator: 'Exists', values: ['a'] }] } }],
      },
      [e([...SEL, 0, 'labelSelector', 'matchExpressions', 0, 'values'], "Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'")],
    ],
    [
      'a label selector operator is an enum',
      { resourceSelectors: [{ apiVersion: 'v1', kind: 'Service', labelSelector: { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] } }] },
      [
        e(
          [...SEL, 0, 'labelSelector', 'matchExpressions', 0, 'operator'],
          'Unsupported value: "Gt": supported values: "In", "NotIn", "Exists", "DoesNotExist"',
        ),
      ],
    ],
    [
      'a label selector requirement needs a key and an operator',
      { resourceSelectors: [{ apiVersion: 'v1', kind: 'Service', labelSelector: { matchExpressions: [{}] } }] },
      [
        e([...SEL, 0, 'labelSelector', 'matchExpressions', 0, 'key'], 'Required value'),
        e([...SEL, 0, 'labelSelector', 'matchExpressions', 0, 'operator'], 'Required value'),
      ],
    ],
    [
      'label selector keys and values follow label syntax',
      { resourceSelectors: [{ apiVersion: 'v1', kind: 'Service', labelSelector: { matchLabels: { '-app': 'web!' } } }] },
      [
        e([...SEL, 0, 'labelSelector', 'matchLabels', '-app'], `Invalid value: "-app": ${NAME_PART_MSG}`),
        e([...SEL, 0, 'labelSelector', 'matchLabels', '-app'], `Invalid value: "web!": ${LABEL_VALUE_MSG}`),
      ],
    ],
    [
      'requirement values follow label value syntax',
      {
        resourceSelectors: [
          { apiVersion: 'v1', kind: 'Service', labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['ok', 'not ok'] }] } },
        ],
      },
      [e([...SEL, 0, 'labelSelector', 'matchExpressions', 0, 'values', 1], `Invalid value: "not ok": ${LABEL_VALUE_MSG}`)],
    ],
  ])('%s', (_name, spec, expected) => {
    expect(issues(propagationPolicy(spec))).toEqual(expected);
  });
});

describe('Placement validation', () => {
  const FS = [...PL, 'clusterAffinity', 'fieldSelector', 'matchExpressions', 0];
  const CA = [...PL, 'clusterAffinities'];
  const overflowTerm = { affinityName: 'primary', clusterNames: ['m1'], overflowAffinities: [{ affinityName: 'burst', clusterNames: ['m2'] }] };
  it.each<[string, Record<string, unknown>, Issue[]]>([
    [
      'clusterAffinity and clusterAffinities are exclusive',
      { clusterAffinity: { clusterNames: ['m1'] }, clusterAffinities: [{ affinityName: 'g1' }] },
      [e(PL, 'clusterAffinities cannot co-exist with clusterAffinity')],
    ],
    [
      'a fieldSelector key must be provider, region or zone',
      { clusterAffinity: { fieldSelector: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['x'] }] } } },
      [e([...FS, 'key'], 'unsupported key "foo", must be provider, region, or zone')],
    ],
    [
      'a fieldSelector operator must be In or NotIn',
      { clusterAffinity: { fieldSelector: { matchExpressions: [{ key: 'provider', operator: 'Exists' }] } } },
      [e([...FS, 'operator'], 'unsupported operator "Exists", must be In or NotIn')],
    ],
    [
      'zone, region and provider with In and NotIn are valid',
      {
        clusterAffinity: {
          fieldSelector: {
            matchExpressions: [
              { key: 'provider', operator: 'In', values: ['aws'] },
              { key: 'region', operator: 'NotIn', values: ['eu'] },
              { key: 'zone', operator: 'NotIn', values: ['z1'] },
            ],
          },
        },
      },
      [],
    ],
    [
      'affinity names must be unique',
      { clusterAffinities: [{ affinityName: 'g1' }, { affinityName: 'g1' }] },
      [e([...CA, 1, 'affinityName'], 'each affinity term in a policy must have a unique name')],
    ],
    ['an affinity name is required', { clusterAffinities: [{ clusterNames: ['m1'] }] }, [e([...CA, 0, 'affinityName'], 'Required value')]],
    [
      'an affinity name may not be empty',
      { clusterAffinities: [{ affinityName: '' }] },
      [e([...CA, 0, 'affinityName'], 'Invalid value: "": should be at least 1 chars long')],
    ],
    [
      'an affinity name has at most 32 characters',
      { clusterAffinities: [{ affinityName: 'a'.repeat(33) }] },
      [e([...CA, 0, 'affinityName'], `Invalid value: "${'a'.repeat(33)}": should be at most 32 chars long`)],
    ],
    [
      'an affinity name is a qualified name',
      { clusterAffinities: [{ affinityName: 'group 1' }] },
      [e([...CA, 0, 'affinityName'], `Invalid value: "group 1": ${NAME_PART_MSG}`)],
    ],
    [
      'overflow tiers are rejected without replicaScheduling',
      { clusterAffinities: [overflowTerm] },
      [e([...CA, 0, 'overflowAffinities'], 'overflowAffinities can only be used together with dynamic weight or aggregated scheduling')],
    ],
    [
      'overflow tiers are rejected with static weights',
      { clusterAffinities: [overflowTerm], replicaScheduling: { ...divided, replicaDivisionPreference: 'Weighted' } },
      [e([...CA, 0, 'overflowAffinities'], 'overflowAffinities can only be used together with dynamic weight or aggregated scheduling')],
    ],
    [
      'overflow tiers are allowed with Aggregated',
      { clusterAffinities: [overflowTerm], replicaScheduling: { ...divided, replicaDivisionPreference: 'Aggregated' } },
      [],
    ],
    [
      'overflow tiers are allowed with dynamic weights',
      { clusterAffinities: [overflowTerm], replicaScheduling: { ...divided, weightPreference: { dynamicWeight: 'AvailableReplicas' } } },
      [],
    ],
    [
      'overflow tiers need the inline affinity',
      {
        clusterAffinities: [{ affinityName: 'primary', overflowAffinities: [{ affinityName: 'burst' }] }],
        replicaScheduling: { ...divided, replicaDivisionPreference: 'Aggregated' },
      },
      [e([...CA, 0, 'overflowAffinities'], 'overflowAffinities can only be used together with the inline ClusterAffinity')],
    ],
    [
      'an overflow tier may not reuse the term name',
      {
        clusterAffinities: [{ affinityName: 'primary', clusterNames: ['m1'], overflowAffinities: [{ affinityName: 'primary' }] }],
        replicaScheduling: { ...divided, replicaDivisionPreference: 'Aggregated' },
      },
      [e([...CA, 0, 'overflowAffinities', 0, 'affinityName'], "overflow affinity name must be unique and must not duplicate the primary group's affinityName")],
    ],
    [
      'spreadByField and spreadByLabel are exclusive',
      { spreadConstraints: [{ spreadByField: 'cluster', spreadByLabel: 'rack' }] },
      [e([...PL, 'spreadConstraints', 0], 'spreadByLabel should not co-exist with spreadByField')],
    ],
    [
      'spreadByField is an enum',
      { spreadConstraints: [{ spreadByField: 'rack' }] },
      [e([...PL, 'spreadConstraints', 0, 'spreadByField'], 'Unsupported value: "rack": supported values: "cluster", "region", "zone", "provider"')],
    ],
    [
      'minGroups may not be negative',
      { spreadConstraints: [{ spreadByField: 'cluster', minGroups: -1 }] },
      [e([...PL, 'spreadConstraints', 0, 'minGroups'], 'minGroups lower than 0 is not allowed')],
    ],
    [
      'maxGroups may not be negative',
      { spreadConstraints: [{ spreadByField: 'cluster', maxGroups: -1 }] },
      [e([...PL, 'spreadConstraints', 0, 'maxGroups'], 'maxGroups lower than 0 is not allowed')],
    ],
    [
      'maxGroups may not be below minGroups',
      { spreadConstraints: [{ spreadByField: 'cluster', minGroups: 3, maxGroups: 2 }] },
      [e([...PL, 'spreadConstraints', 0, 'maxGroups'], 'maxGroups lower than minGroups is not allowed')],
    ],
    ['maxGroups 0 is not compared with minGroups', { spreadConstraints: [{ spreadByField: 'cluster', minGroups: 3, maxGroups: 0 }] }, []],
    [
      'each spread field appears once',
      { spreadConstraints: [{ spreadByField: 'cluster' }, { spreadByField: 'cluster' }] },
      [e([...PL, 'spreadConstraints', 1, 'spreadByField'], 'multiple cluster spread constraints are not allowed')],
    ],
    [
      'a region constraint needs a cluster constraint',
      { spreadConstraints: [{ spreadByField: 'region', minGroups: 1 }] },
      [e([...PL, 'spreadConstraints'], 'the cluster spread constraint must be enabled in one of the constraints in case of SpreadByField is enabled')],
    ],
    ['a constraint without field defaults to cluster', { spreadConstraints: [{ spreadByField: 'region' }, { maxGroups: 3 }] }, []],
    [
      'a defaulted cluster constraint counts as a second one',
      { spreadConstraints: [{ spreadByField: 'cluster' }, { minGroups: 2 }] },
      [e([...PL, 'spreadConstraints', 1, 'spreadByField'], 'multiple cluster spread constraints are not allowed')],
    ],
    [
      'spreadByLabel is a label key',
      { spreadConstraints: [{ spreadByLabel: 'rack!' }] },
      [e([...PL, 'spreadConstraints', 0, 'spreadByLabel'], `Invalid value: "rack!": ${NAME_PART_MSG}`)],
    ],
    [
      'toleration operators Lt and Gt are rejected',
      { clusterTolerations: [{ key: 'k', operator: 'Lt', value: '1' }] },
      [e([...PL, 'clusterTolerations', 0, 'operator'], 'Unsupported value: "Lt": supported values: "Equal", "Exists"')],
    ],
    ['Karmada accepts a toleration without key and operator (Equal)', { clusterTolerations: [{ effect: 'NoSchedule' }] }, []],
    ['Karmada accepts an empty operator without key', { clusterTolerations: [{ operator: '', value: 'v' }] }, []],
    ['Karmada accepts a value with Exists', { clusterTolerations: [{ key: 'k', operator: 'Exists', value: 'v' }] }, []],
    [
      'Karmada accepts tolerationSeconds with NoSchedule',
      { clusterTolerations: [{ key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 }] },
      [],
    ],
    [
      'Karmada refuses Lt',
      { clusterTolerations: [{ key: 'k', operator: 'Lt', value: '3' }] },
      [e([...PL, 'clusterTolerations', 0, 'operator'], 'Unsupported value: "Lt": supported values: "Equal", "Exists"')],
    ],
    [
      'Karmada refuses Gt',
      { clusterTolerations: [{ key: 'k', operator: 'Gt', value: '3' }] },
      [e([...PL, 'clusterTolerations', 0, 'operator'], 'Unsupported value: "Gt": supported values: "Equal", "Exists"')],
    ],
    [
      'another operator only tolerates nothing',
      { clusterTolerations: [{ key: 'k', operator: 'Matches' }] },
      [w([...PL, 'clusterTolerations', 0, 'operator'], 'Invalid value: "Matches": not Equal or Exists: this toleration tolerates no taint')],
    ],
    [
      'an unknown effect only tolerates nothing',
      { clusterTolerations: [{ key: 'k', operator: 'Exists', effect: 'Never' }] },
      [
        w(
          [...PL, 'clusterTolerations', 0, 'effect'],
          'Unsupported value: "Never": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute": this toleration tolerates no taint',
        ),
      ],
    ],
    [
      'a cluster label selector Karmada cannot build is a warning: it matches no cluster',
      { clusterAffinity: { labelSelector: { matchExpressions: [{ key: 'env', operator: 'In', values: [] }], matchLabels: { tier: 'a b' } } } },
      [
        w(
          [...PL, 'clusterAffinity', 'labelSelector', 'matchExpressions', 0, 'values'],
          "Required value: must be specified when `operator` is 'In' or 'NotIn'; this selector matches no cluster",
        ),
        w([...PL, 'clusterAffinity', 'labelSelector', 'matchLabels', 'tier'], `Invalid value: "a b": ${LABEL_VALUE_MSG}; this selector matches no cluster`),
      ],
    ],
    [
      'in clusterAffinities a term Karmada cannot build is a warning too',
      {
        clusterAffinities: [
          { affinityName: 'a', labelSelector: { matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['-bad'] }] } },
          { affinityName: 'b', clusterNames: ['m'] },
        ],
      },
      [
        w(
          [...PL, 'clusterAffinities', 0, 'labelSelector', 'matchExpressions', 0, 'values', 0],
          `Invalid value: "-bad": ${LABEL_VALUE_MSG}; this selector matches no cluster`,
        ),
      ],
    ],
    [
      'a field selector with no values or an invalid value is a warning: it matches no cluster',
      {
        clusterAffinity: {
          fieldSelector: {
            matchExpressions: [
              { key: 'region', operator: 'In', values: [] },
              { key: 'provider', operator: 'NotIn', values: ['a b'] },
            ],
          },
        },
      },
      [
        w(
          [...PL, 'clusterAffinity', 'fieldSelector', 'matchExpressions', 0, 'values'],
          "Required value: must be specified when `operator` is 'In' or 'NotIn'; this field selector matches no cluster",
        ),
        w(
          [...PL, 'clusterAffinity', 'fieldSelector', 'matchExpressions', 1, 'values', 0],
          `Invalid value: "a b": ${LABEL_VALUE_MSG}; this field selector matches no cluster`,
        ),
      ],
    ],
    [
      'zone expressions take any values: Karmada compares them with the zones, never building a selector',
      {
        clusterAffinity: {
          fieldSelector: {
            matchExpressions: [
              { key: 'zone', operator: 'NotIn', values: [] },
              { key: 'zone', operator: 'In', values: ['a b'] },
            ],
          },
        },
      },
      [],
    ],
    ['an empty operator means Equal', { clusterTolerations: [{ key: 'k', value: 'v', effect: 'NoExecute', tolerationSeconds: 30 }] }, []],
    [
      'workload affinity keys must differ',
      { workloadAffinity: { affinity: { groupByLabelKey: 'app.group' }, antiAffinity: { groupByLabelKey: 'app.group' } } },
      [e([...PL, 'workloadAffinity'], 'affinity and antiAffinity must not use the same groupByLabelKey')],
    ],
    [
      'a workload affinity key is a label key',
      { workloadAffinity: { affinity: { groupByLabelKey: 'INVALID KEY!' } } },
      [e([...PL, 'workloadAffinity', 'affinity', 'groupByLabelKey'], `Invalid value: "INVALID KEY!": ${NAME_PART_MSG}`)],
    ],
  ])('%s', (_name, placement, expected) => {
    expect(issues(propagationPolicy({ placement }))).toEqual(expected);
  });
});

describe('Failover, suspension and priority validation', () => {
  const APP = ['spec', 'failover', 'application'];
  it.each<[string, Record<string, unknown>, Issue[]]>([
    [
      'application failover needs propagateDeps',
      { failover: { application: {} } },
      [e(['spec', 'propagateDeps'], 'Invalid value: false: application failover is set, propagateDeps must be true')],
    ],
    ['application failover with propagateDeps is valid after defaults', { propagateDeps: true, failover: { application: {} } }, []],
    [
      'tolerationSeconds may not be negative',
      { propagateDeps: true, failover: { application: { decisionConditions: { tolerationSeconds: -100 } } } },
      [e([...APP, 'decisionConditions', 'tolerationSeconds'], 'Invalid value: -100: must be greater than or equal to 0')],
    ],
    [
      'a grace period only goes with Gracefully',
      { propagateDeps: true, failover: { application: { purgeMode: 'Directly', gracePeriodSeconds: 100 } } },
      [e([...APP, 'gracePeriodSeconds'], 'Invalid value: 100: only takes effect when purgeMode is gracefully')],
    ],
    [
      'a grace period must be positive',
      { propagateDeps: true, failover: { application: { purgeMode: 'Gracefully', gracePeriodSeconds: -100 } } },
      [e([...APP, 'gracePeriodSeconds'], 'Invalid value: -100: must be greater than 0')],
    ],
    [
      'purgeMode is an enum',
      { propagateDeps: true, failover: { application: { purgeMode: 'Softly' } } },
      [e([...APP, 'purgeMode'], 'Unsupported value: "Softly": supported values: "Directly", "Gracefully", "Never"')],
    ],
    [
      'Karmada v1.18 Graciously is read as Gracefully',
      { propagateDeps: true, failover: { application: { purgeMode: 'Graciously', gracePeriodSeconds: 30 } } },
      [w([...APP, 'purgeMode'], '"Graciously" is deprecated since Karmada v1.19; read as "Gracefully"')],
    ],
    [
      'Karmada v1.18 Immediately is read as Directly',
      { propagateDeps: true, failover: { application: { purgeMode: 'Immediately' } } },
      [w([...APP, 'purgeMode'], '"Immediately" is deprecated since Karmada v1.19; read as "Directly"')],
    ],
    [
      'a cluster failover purgeMode is renamed too',
      { failover: { cluster: { purgeMode: 'Graciously' } } },
      [w(['spec', 'failover', 'cluster', 'purgeMode'], '"Graciously" is deprecated since Karmada v1.19; read as "Gracefully"')],
    ],
    [
      'cluster failover purgeMode has no Never',
      { failover: { cluster: { purgeMode: 'Never' } } },
      [e(['spec', 'failover', 'cluster', 'purgeMode'], 'Unsupported value: "Never": supported values: "Directly", "Gracefully"')],
    ],
    [
      'a state preservation alias is a label key',
      { propagateDeps: true, failover: { application: { statePreservation: { rules: [{ aliasLabelName: '-invalid-label', jsonPath: '{.a}' }] } } } },
      [e([...APP, 'statePreservation', 'rules', 0, 'aliasLabelName'], `Invalid value: "-invalid-label": ${NAME_PART_MSG}`)],
    ],
    [
      'state preservation needs rules',
      { propagateDeps: true, failover: { application: { statePreservation: {} } } },
      [e([...APP, 'statePreservation', 'rules'], 'Required value')],
    ],
    [
      'dispatching and dispatchingOnClusters are exclusive',
      { suspension: { dispatching: true, dispatchingOnClusters: { clusterNames: ['m1'] } } },
      [e(['spec', 'suspension'], 'suspension dispatching cannot co-exist with dispatchingOnClusters.clusterNames')],
    ],
    ['dispatching with no clusters listed is valid', { suspension: { dispatching: true, dispatchingOnClusters: { clusterNames: [] } } }, []],
    ['dispatchingOnClusters without dispatching is valid', { suspension: { dispatching: false, dispatchingOnClusters: { clusterNames: ['m1'] } } }, []],
    [
      'only Kubernetes PriorityClasses are a schedule priority source',
      { schedulePriority: { priorityClassSource: 'PodPriorityClass', priorityClassName: 'high' } },
      [e(['spec', 'schedulePriority', 'priorityClassSource'], 'Invalid value: "PodPriorityClass": not supported yet, only KubePriorityClass is supported')],
    ],
    [
      'a schedule priority names its class',
      { schedulePriority: { priorityClassSource: 'KubePriorityClass' } },
      [e(['spec', 'schedulePriority', 'priorityClassName'], 'Required value')],
    ],
  ])('%s', (_name, spec, expected) => {
    expect(issues(propagationPolicy(spec))).toEqual(expected);
  });
});

describe('Policy metadata and scope', () => {
  it.each<[string, unknown, Issue[]]>([
    [
      'a policy name is a DNS-1123 subdomain',
      propagationPolicy({}, { name: 'Web' }),
      [e(['metadata', 'name'], `Invalid value: "Web": ${DNS1123_SUBDOMAIN_MSG}`)],
    ],
    ['a policy needs a name', propagationPolicy({}, { name: undefined }), [e(['metadata', 'name'], 'Required value')]],
    [
      'a policy without namespace is in default',
      propagationPolicy({ resourceSelectors: [{ apiVersion: 'v1', kind: 'Service', namespace: 'default' }] }, { namespace: undefined }),
      [],
    ],
    [
      'a cluster-scoped policy takes no namespace',
      { ...(clusterPropagationPolicy({}) as object), metadata: { name: 'all', namespace: 'shop' } },
      [w(['metadata', 'namespace'], 'ClusterPropagationPolicy is cluster-scoped: the namespace "shop" is ignored')],
    ],
    [
      'a ClusterPropagationPolicy may select any namespace',
      clusterPropagationPolicy({ resourceSelectors: [{ apiVersion: 'v1', kind: 'Service', namespace: 'other' }] }),
      [],
    ],
    [
      'a policy needs a spec',
      { apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name: 'p' } },
      [e(['spec'], 'Required value')],
    ],
    ['a policy has no status', { ...(propagationPolicy({}) as object), status: {} }, [e(['status'], 'unknown field "status"')]],
  ])('%s', (_name, obj, expected) => {
    expect(issues(obj)).toEqual(expected);
  });
});
