import { describe, expect, it } from 'vitest';
import type { ApiResource } from '../../src/apply/kube-client.ts';
import type { ClusterStatus, KubeObject } from '../../src/model/index.ts';
import { apiEnablements, computeClusterStatus, nodeSummary, resourceSummary } from '../../src/status/index.ts';

function node(name: string, allocatable: Record<string, string>, ready = true): KubeObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable, conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] } };
}

function pod(
  name: string,
  options: { node?: string; phase?: string; requests?: Record<string, string>[]; init?: Record<string, string>[]; overhead?: Record<string, string> },
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: {
      ...(options.node ? { nodeName: options.node } : {}),
      containers: (options.requests ?? []).map((requests, i) => ({ name: `c${i}`, resources: { requests } })),
      ...(options.init ? { initContainers: options.init.map((requests, i) => ({ name: `i${i}`, resources: { requests } })) } : {}),
      ...(options.overhead ? { overhead: options.overhead } : {}),
    },
    status: { phase: options.phase ?? 'Running' },
  };
}

const nodes = [
  node('n1', { cpu: '4', memory: '8Gi', pods: '110', 'ephemeral-storage': '100Gi' }),
  node('n2', { cpu: '3500m', memory: '8Gi', pods: '110' }, false),
];

describe('resourceSummary (Karmada getResourceSummary)', () => {
  it('sums node allocatable, requests of bound non-terminated pods, and of pending pods', () => {
    const pods = [
      pod('running', {
        node: 'n1',
        requests: [
          { cpu: '500m', memory: '1Gi' },
          { cpu: '500m', memory: '1Gi' },
        ],
      }),
      pod('bound-pending', { node: 'n2', phase: 'Pending', requests: [{ cpu: '100m' }] }),
      pod('succeeded', { node: 'n2', phase: 'Succeeded', requests: [{ cpu: '1' }] }),
      pod('failed', { node: 'n1', phase: 'Failed', requests: [{ cpu: '1' }] }),
      pod('unbound', { phase: 'Pending', requests: [{ cpu: '250m', memory: '256Mi', 'nvidia.com/gpu': '1' }] }),
    ];
    expect(resourceSummary(nodes, pods)).toEqual({
      allocatable: { cpu: '7500m', memory: '16Gi', pods: '220', 'ephemeral-storage': '100Gi' },
      allocated: { cpu: '1100m', memory: '2Gi', pods: '2' },
      allocating: { cpu: '250m', memory: '256Mi', pods: '1', 'nvidia.com/gpu': '1' },
    });
  });

  it.each([
    [
      'init containers raise the running total across pods, as Karmada does (not per pod)',
      [pod('a', { node: 'n1', requests: [{ cpu: '300m' }] }), pod('b', { node: 'n1', requests: [{ cpu: '300m' }], init: [{ cpu: '500m' }] })],
      { cpu: '600m', pods: '2' },
    ],
    [
      'pod overhead is added',
      [pod('a', { node: 'n1', requests: [{ cpu: '1', memory: '1Gi' }], overhead: { cpu: '250m', memory: '120Mi' } })],
      { cpu: '1250m', memory: '1144Mi', pods: '1' },
    ],
    [
      'resources that are neither native nor scalar are ignored',
      [pod('a', { node: 'n1', requests: [{ cpu: '1', storage: '1Gi', 'requests.foo/bar': '1' }] })],
      { cpu: '1', pods: '1' },
    ],
  ])('%s', (_name, pods, allocated) => {
    expect(resourceSummary(nodes, pods).allocated).toEqual(allocated);
  });

  it('leaves allocated and allocating out when no pod counts', () => {
    expect(resourceSummary(nodes, [])).toEqual({ allocatable: { cpu: '7500m', memory: '16Gi', pods: '220', 'ephemeral-storage': '100Gi' } });
  });

  it('counts every node and the Ready ones', () => {
    expect(nodeSummary(nodes)).toEqual({ totalNum: 2, readyNum: 1 });
  });
});

const resources: ApiResource[] = [
  { group: 'apps', version: 'v1', kind: 'Deployment', resource: 'deployments', namespaced: true, verbs: [] },
  { group: 'apps', version: 'v1', kind: 'Scale', resource: 'deployments/scale', namespaced: true, verbs: [] },
  { group: '', version: 'v1', kind: 'Pod', resource: 'pods', namespaced: true, verbs: [] },
  { group: '', version: 'v1', kind: 'ConfigMap', resource: 'configmaps', namespaced: true, verbs: [] },
];

describe('computeClusterStatus', () => {
  it('lists API enablements per groupVersion without subresources, both levels sorted', () => {
    expect(apiEnablements(resources)).toEqual([
      { groupVersion: 'apps/v1', resources: [{ name: 'deployments', kind: 'Deployment' }] },
      {
        groupVersion: 'v1',
        resources: [
          { name: 'configmaps', kind: 'ConfigMap' },
          { name: 'pods', kind: 'Pod' },
        ],
      },
    ]);
  });

  it("a ready cluster gets version, APIs, summaries and Karmada's conditions", () => {
    const status = computeClusterStatus({ online: true, healthy: true, kubernetesVersion: 'v1.31.0', apiResources: resources, nodes, pods: [] });
    expect(status.conditions).toEqual([
      { type: 'CompleteAPIEnablements', status: 'True', reason: 'Complete', message: 'collected complete APIEnablements from the cluster' },
      { type: 'Ready', status: 'True', reason: 'ClusterReady', message: 'cluster is healthy and ready to accept workloads' },
    ]);
    expect(status.kubernetesVersion).toBe('v1.31.0');
    expect(status.nodeSummary).toEqual({ totalNum: 2, readyNum: 1 });
    expect(status.resourceSummary?.allocatable?.['cpu']).toBe('7500m');
  });

  it('partial discovery is CompleteAPIEnablements=False Partial', () => {
    const status = computeClusterStatus({ online: true, healthy: true, apiResources: resources, discoveryError: 'metrics.k8s.io unavailable' });
    expect(status.conditions?.[0]).toMatchObject({ status: 'False', reason: 'Partial', message: 'might collect partial APIEnablements(2) from the cluster' });
  });

  const previous: ClusterStatus = {
    apiEnablements: [{ groupVersion: 'v1', resources: [{ name: 'pods', kind: 'Pod' }] }],
    conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady' }],
    resourceSummary: { allocatable: { cpu: '4' } },
  };

  it.each([
    ['an unreachable cluster keeps the last observation and turns Ready=False ClusterNotReachable', false, false, 'ClusterNotReachable'],
    ['a cluster whose readyz is not ok turns Ready=False ClusterNotReady', true, false, 'ClusterNotReady'],
  ])('%s', (_name, online, healthy, reason) => {
    const status = computeClusterStatus({ online, healthy }, previous);
    expect(status.apiEnablements).toEqual(previous.apiEnablements);
    expect(status.resourceSummary).toEqual(previous.resourceSummary);
    expect(status.conditions).toEqual([expect.objectContaining({ type: 'Ready', status: 'False', reason })]);
  });
});
