import { describe, expect, it } from 'vitest';
import type { NodeResources, NodeSnapshot, Placement, ReplicaRequirements } from '../../src/model/index.ts';
import { createScheduler, estimateOnNodes, nodeAffinityMatches, nodeTolerated, schedule } from '../../src/scheduler/index.ts';
import { replicaRequests } from '../../src/scheduler/estimator.ts';
import { byName, cluster, deployment } from './helpers.ts';

const idle = (fields: Partial<NodeResources> = {}): NodeResources => ({
  milliCpu: 4000,
  memory: 8 * 2 ** 30,
  ephemeralStorage: 0,
  pods: 110,
  scalars: {},
  ...fields,
});
const node = (name: string, fields: Partial<NodeSnapshot> = {}): NodeSnapshot => ({
  name,
  labels: { 'kubernetes.io/hostname': name },
  taints: [],
  unschedulable: false,
  idle: idle(),
  ...fields,
});
const estimate = (nodes: NodeSnapshot[], requirements?: ReplicaRequirements) => estimateOnNodes(nodes, requirements, replicaRequests(requirements));
const cpu = (request: string, nodeClaim?: ReplicaRequirements['nodeClaim']): ReplicaRequirements => ({
  resourceRequest: { cpu: request },
  ...(nodeClaim ? { nodeClaim } : {}),
});
const term = (key: string, operator: string, values?: string[]) => ({
  nodeSelectorTerms: [{ matchExpressions: [{ key, operator, ...(values ? { values } : {}) }] }],
});

describe('estimateOnNodes: the noderesource plugin, per node (docs/karmada-compatibility.md#accurate-estimator)', () => {
  it.each<[string, NodeSnapshot[], ReplicaRequirements | undefined, number]>([
    [
      'sums floor(idle / request) over the nodes, not over the cluster',
      [node('a', { idle: idle({ milliCpu: 1500 }) }), node('b', { idle: idle({ milliCpu: 1500 }) })],
      cpu('1'),
      2,
    ],
    ['gives 0 without nodes', [], cpu('1'), 0],
    ['bounds a node by its free pod slots', [node('a', { idle: idle({ pods: 2 }) })], cpu('100m'), 2],
    ['counts pod slots when nothing is requested', [node('a', { idle: idle({ pods: 7 }) })], undefined, 7],
    ['gives 0 for a node whose pods ask more than it has', [node('a', { idle: undefined }), node('b')], cpu('2'), 2],
    ['reads memory in bytes', [node('a', { idle: idle({ memory: 3 * 2 ** 30 }) })], { resourceRequest: { memory: '1Gi' } }, 3],
    ['gives 0 for an extended resource the node lacks', [node('a')], { resourceRequest: { 'nvidia.com/gpu': 1 } }, 0],
    [
      'divides an extended resource the node has',
      [node('a', { idle: idle({ scalars: { 'nvidia.com/gpu': 3 } }) })],
      { resourceRequest: { 'nvidia.com/gpu': 1 } },
      3,
    ],
    ['skips a node the nodeSelector does not match', [node('a'), node('b', { labels: { disk: 'ssd' } })], cpu('1', { nodeSelector: { disk: 'ssd' } }), 4],
    ['matches required node affinity In', [node('a'), node('b', { labels: { zone: 'z1' } })], cpu('1', { hardNodeAffinity: term('zone', 'In', ['z1']) }), 4],
    [
      'matches required node affinity NotIn (absent label counts)',
      [node('a'), node('b', { labels: { zone: 'z1' } })],
      cpu('1', { hardNodeAffinity: term('zone', 'NotIn', ['z1']) }),
      4,
    ],
    [
      'matches Gt on an integer label',
      [node('a', { labels: { gen: '3' } }), node('b', { labels: { gen: '5' } })],
      cpu('1', { hardNodeAffinity: term('gen', 'Gt', ['4']) }),
      4,
    ],
    [
      'matches matchFields on metadata.name',
      [node('a'), node('b')],
      cpu('1', { hardNodeAffinity: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['b'] }] }] } }),
      4,
    ],
    ['matches nothing with an empty term', [node('a')], cpu('1', { hardNodeAffinity: { nodeSelectorTerms: [{}] } }), 0],
    ['skips a node with an untolerated NoSchedule taint', [node('a', { taints: [{ key: 'gpu', effect: 'NoSchedule' }] }), node('b')], cpu('1'), 4],
    [
      'takes a tainted node whose taint is tolerated',
      [node('a', { taints: [{ key: 'gpu', effect: 'NoSchedule' }] })],
      cpu('1', { tolerations: [{ key: 'gpu', operator: 'Exists' }] }),
      4,
    ],
    ['ignores PreferNoSchedule taints', [node('a', { taints: [{ key: 'soft', effect: 'PreferNoSchedule' }] })], cpu('1'), 4],
    ['skips a cordoned node', [node('a', { unschedulable: true }), node('b')], cpu('1'), 4],
    [
      'takes a cordoned node when the unschedulable taint is tolerated',
      [node('a', { unschedulable: true })],
      cpu('1', { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] }),
      4,
    ],
  ])('%s', (_name, nodes, requirements, want) => {
    expect(estimate(nodes, requirements)).toBe(want);
  });
});

describe('node claim helpers', () => {
  it('needs every nodeSelector label and any affinity term', () => {
    const n = node('a', { labels: { zone: 'z1', disk: 'ssd' } });
    expect(nodeAffinityMatches(n, { nodeSelector: { zone: 'z1', disk: 'hdd' } })).toBe(false);
    expect(
      nodeAffinityMatches(n, {
        hardNodeAffinity: { nodeSelectorTerms: [term('zone', 'In', ['z9']).nodeSelectorTerms[0], term('disk', 'Exists').nodeSelectorTerms[0]] },
      }),
    ).toBe(true);
    expect(nodeTolerated(node('b', { taints: [{ key: 'x', value: 'y', effect: 'NoExecute' }] }), [{ key: 'x', value: 'z' }])).toBe(false);
  });
});

describe('the scheduler with observed nodes: the least of the general and the accurate estimate', () => {
  const dynamic: Placement = {
    replicaScheduling: {
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Weighted',
      weightPreference: { dynamicWeight: 'AvailableReplicas' },
    },
  };
  // Both members publish 8 free cores; member1's are spread over 4 nodes of 2, member2's on 2 nodes of 4.
  const summary = { resourceSummary: { allocatable: { cpu: '8', pods: '110' } } };
  const clusters = [cluster('member1', {}, { status: summary }), cluster('member2', {}, { status: summary })];
  const input = { resource: deployment, replicas: 4, placement: dynamic, replicaRequirements: cpu('3') };

  it('divides by the cluster summary when no node is observed', () => {
    expect(byName(schedule(input, clusters).clusters)).toEqual({ member1: 2, member2: 2 });
  });

  it('leaves out a member whose nodes are each too small for one replica', () => {
    const nodes = new Map([
      ['member1', ['a', 'b', 'c', 'd'].map((n) => node(n, { idle: idle({ milliCpu: 2000 }) }))],
      ['member2', ['e', 'f'].map((n) => node(n, { idle: idle({ milliCpu: 4000 }) }))],
    ]);
    const result = schedule({ ...input, replicas: 2 }, clusters, nodes);
    expect(byName(result.clusters)).toEqual({ member2: 2 });
  });

  it('one scheduler estimates each distinct replica requirement on its own', () => {
    const nodes = new Map([
      ['member1', [node('a', { labels: { zone: 'z1' } }), node('b')]],
      ['member2', [node('c'), node('d')]],
    ]);
    const scheduler = createScheduler(clusters, nodes);
    const anywhere = { ...input, replicas: 4, replicaRequirements: cpu('1') };
    const zoned = { ...anywhere, replicaRequirements: cpu('1', { nodeSelector: { zone: 'z1' } }) };
    expect(byName(scheduler(zoned).clusters)).toEqual({ member1: 4 });
    expect(byName(scheduler(anywhere).clusters)).toEqual({ member1: 2, member2: 2 });
  });

  it('keeps the general estimate for a member whose nodes are not observed (Pull, offline)', () => {
    const nodes = new Map([['member1', [node('a', { idle: idle({ milliCpu: 2000 }) })]]]);
    expect(byName(schedule({ ...input, replicas: 2 }, clusters, nodes).clusters)).toEqual({ member2: 2 });
    expect(byName(schedule({ ...input, replicas: 2 }, clusters, new Map([['member1', []]])).clusters)).toEqual({ member2: 2 });
  });
});
