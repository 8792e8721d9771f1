import { describe, expect, it } from 'vitest';
import { conditionsMatch } from '../../../src/controllers/taint-policy/condition-match.ts';
import { clusterPolicyTaints, policyTaints, recordedPolicyTaints, taintedClusters } from '../../../src/controllers/taint-policy/taint-policy-core.ts';
import type { Cluster, ClusterTaintPolicy, Condition, MatchCondition, SourceObject, Taint } from '../../../src/model/index.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (ms: number): string => new Date(ms).toISOString();
const cond = (type: string, status: Condition['status']): Condition => ({ type, status });
const match = (conditionType: string, operator: MatchCondition['operator'], ...statusValues: MatchCondition['statusValues']): MatchCondition => ({
  conditionType,
  operator,
  statusValues,
});

describe('conditionsMatch (ANDed, In/NotIn over status values)', () => {
  const cases: { name: string; conditions: Condition[]; matches: MatchCondition[] | undefined; want: boolean }[] = [
    { name: 'no match conditions never match', conditions: [cond('Ready', 'False')], matches: [], want: false },
    { name: 'absent match conditions never match', conditions: [cond('Ready', 'False')], matches: undefined, want: false },
    { name: 'In with the status listed', conditions: [cond('Ready', 'False')], matches: [match('Ready', 'In', 'False', 'Unknown')], want: true },
    { name: 'In with the status not listed', conditions: [cond('Ready', 'True')], matches: [match('Ready', 'In', 'False', 'Unknown')], want: false },
    { name: 'NotIn with the status not listed', conditions: [cond('Ready', 'Unknown')], matches: [match('Ready', 'NotIn', 'True')], want: true },
    { name: 'NotIn with the status listed', conditions: [cond('Ready', 'True')], matches: [match('Ready', 'NotIn', 'True')], want: false },
    { name: 'In on a condition the cluster lacks', conditions: [cond('Ready', 'True')], matches: [match('NetworkReady', 'In', 'False')], want: false },
    { name: 'NotIn on a condition the cluster lacks', conditions: [], matches: [match('Ready', 'NotIn', 'True')], want: false },
    {
      name: 'all must hold: one fails',
      conditions: [cond('Ready', 'False'), cond('NetworkReady', 'True')],
      matches: [match('Ready', 'In', 'False'), match('NetworkReady', 'In', 'False')],
      want: false,
    },
    {
      name: 'all must hold: both hold',
      conditions: [cond('Ready', 'False'), cond('NetworkReady', 'False')],
      matches: [match('Ready', 'In', 'False'), match('NetworkReady', 'NotIn', 'True')],
      want: true,
    },
  ];
  it.each(cases)('$name', ({ conditions, matches, want }) => {
    expect(conditionsMatch(conditions, matches)).toBe(want);
  });
});

const cluster = (name: string, taints?: Taint[], labels?: Record<string, string>): Cluster =>
  ({
    apiVersion: 'cluster.karmada.io/v1alpha1',
    kind: 'Cluster',
    metadata: { name, ...(labels ? { labels } : {}) },
    spec: { ...(taints ? { taints } : {}) },
  }) as Cluster;

const policy = (name: string, spec: Partial<ClusterTaintPolicy['spec']>): ClusterTaintPolicy => ({
  apiVersion: 'policy.karmada.io/v1alpha1',
  kind: 'ClusterTaintPolicy',
  metadata: { name },
  spec: { taints: [{ key: 'not-ready', effect: 'NoExecute' }], ...spec },
});

const NOT_READY = { addOnConditions: [match('Ready', 'In', 'False')], removeOnConditions: [match('Ready', 'In', 'True')] };
const ready = (status: Condition['status']) => ({ conditions: [cond('Ready', status)] });

describe('clusterPolicyTaints (add, remove, idempotence, ownership)', () => {
  const cases: {
    name: string;
    cluster: Cluster;
    status: Condition['status'];
    policies: ClusterTaintPolicy[];
    recorded: Taint[];
    want: Taint[];
  }[] = [
    {
      name: 'add conditions met: the taint is added with the time it was added',
      cluster: cluster('m1'),
      status: 'False',
      policies: [policy('p', NOT_READY)],
      recorded: [],
      want: [{ key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0) }],
    },
    {
      name: 'NoSchedule taints carry their value and the time too',
      cluster: cluster('m1'),
      status: 'False',
      policies: [policy('p', { ...NOT_READY, taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] })],
      recorded: [],
      want: [{ key: 'k', value: 'v', effect: 'NoSchedule', timeAdded: at(T0) }],
    },
    {
      name: 'already added: kept with its first time (idempotent)',
      cluster: cluster('m1'),
      status: 'False',
      policies: [policy('p', NOT_READY)],
      recorded: [{ key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0 - 5000) }],
      want: [{ key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0 - 5000) }],
    },
    {
      name: 'neither condition met: the recorded taint stays',
      cluster: cluster('m1'),
      status: 'Unknown',
      policies: [policy('p', NOT_READY)],
      recorded: [{ key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0 - 5000) }],
      want: [{ key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0 - 5000) }],
    },
    {
      name: 'remove conditions met: removed',
      cluster: cluster('m1'),
      status: 'True',
      policies: [policy('p', NOT_READY)],
      recorded: [{ key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0 - 5000) }],
      want: [],
    },
    {
      name: 'the same key with another effect is another taint',
      cluster: cluster('m1'),
      status: 'False',
      policies: [policy('p', NOT_READY)],
      recorded: [{ key: 'not-ready', effect: 'NoSchedule', timeAdded: at(T0 - 5000) }],
      want: [{ key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0) }],
    },
    {
      name: 'a taint written in the Cluster file is not added again',
      cluster: cluster('m1', [{ key: 'not-ready', effect: 'NoExecute' }]),
      status: 'False',
      policies: [policy('p', NOT_READY)],
      recorded: [],
      want: [],
    },
    {
      name: "a policy removing another policy's taint (no owner, by key and effect)",
      cluster: cluster('m1'),
      status: 'True',
      policies: [policy('a-adds', NOT_READY), policy('b-removes', { removeOnConditions: [match('Ready', 'In', 'True')] })],
      recorded: [{ key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0 - 5000) }],
      want: [],
    },
    {
      name: 'conflicting policies settle in name order: the later one removes',
      cluster: cluster('m1'),
      status: 'False',
      policies: [policy('a-adds', NOT_READY), policy('b-removes', { removeOnConditions: [match('Ready', 'In', 'False')] })],
      recorded: [],
      want: [],
    },
    {
      name: 'a recorded taint no policy targeting the cluster lists is dropped (policy deleted)',
      cluster: cluster('m1'),
      status: 'False',
      policies: [],
      recorded: [{ key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0 - 5000) }],
      want: [],
    },
    {
      name: 'a cluster the policy does not target is left alone',
      cluster: cluster('m1', undefined, { env: 'dev' }),
      status: 'False',
      policies: [policy('p', { ...NOT_READY, targetClusters: { labelSelector: { matchLabels: { env: 'prod' } } } })],
      recorded: [],
      want: [],
    },
  ];
  it.each(cases)('$name', ({ cluster: c, status, policies, recorded, want }) => {
    expect(
      clusterPolicyTaints(
        c,
        ready(status),
        [...policies].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name)),
        recorded,
        T0,
      ),
    ).toEqual(want);
  });
});

const source = <T extends Cluster | ClusterTaintPolicy>(object: T): SourceObject<T> => ({ object, origin: { file: 'fleet.yaml', line: 1, column: 1 } });

describe('policyTaints over a fleet', () => {
  const clusters = [source(cluster('m1')), source(cluster('m2', [{ key: 'own', effect: 'NoSchedule' }]))];
  const policies = [source(policy('p', NOT_READY))];

  it("taints the members whose observed conditions match, and the scheduler sees the file's taints first", () => {
    const observed = new Map([
      ['m1', ready('True')],
      ['m2', ready('False')],
    ]);
    const taints = policyTaints(clusters, observed, policies, new Map(), T0);
    expect([...taints]).toEqual([['m2', [{ key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0) }]]]);
    expect(taintedClusters(clusters, taints).map((c) => c.object.spec.taints ?? [])).toEqual([
      [],
      [
        { key: 'own', effect: 'NoSchedule' },
        { key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0) },
      ],
    ]);
  });

  it('the policies run in name order whatever the order of the files', () => {
    const adds = source(policy('a', NOT_READY));
    const removes = source(policy('b', { removeOnConditions: [match('Ready', 'In', 'False')] }));
    const observed = new Map([['m1', ready('False')]]);
    expect(policyTaints(clusters, observed, [removes, adds], new Map(), T0)).toEqual(policyTaints(clusters, observed, [adds, removes], new Map(), T0));
    expect(policyTaints(clusters, observed, [removes, adds], new Map(), T0).size).toBe(0);
  });

  it('the recorded form replays what the policies still list and decides nothing', () => {
    const recorded = new Map([
      [
        'm1',
        [
          { key: 'not-ready', effect: 'NoExecute' as const, timeAdded: at(T0) },
          { key: 'cluster.karmada.io/unreachable', effect: 'NoExecute' as const },
        ],
      ],
      ['gone', [{ key: 'not-ready', effect: 'NoExecute' as const, timeAdded: at(T0) }]],
    ]);
    expect([...recordedPolicyTaints(clusters, policies, recorded)]).toEqual([['m1', [{ key: 'not-ready', effect: 'NoExecute', timeAdded: at(T0) }]]]);
  });
});
