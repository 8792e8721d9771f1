import { describe, expect, it } from 'vitest';
import type { ReplicaRequirements, ResourceSummary } from '../../src/model/index.ts';
import { viewCluster } from '../../src/scheduler/cluster-view.ts';
import { estimateReplicas, replicaRequests } from '../../src/scheduler/estimator.ts';
import { cluster } from './helpers.ts';

function estimate(summary: ResourceSummary | undefined, requirements?: ReplicaRequirements): number {
  const view = viewCluster(cluster('c', {}, summary ? { status: { resourceSummary: summary } } : {}));
  return estimateReplicas(view.capacity, replicaRequests(requirements));
}

const basic: ResourceSummary = {
  allocatable: { cpu: '4', memory: '8Gi', pods: '100' },
  allocated: { cpu: '1', memory: '2Gi', pods: '20' },
};
const request = (resourceRequest: Record<string, string | number>): ReplicaRequirements => ({ resourceRequest });

describe('estimateReplicas (general_test.go, docs/karmada-compatibility.md#available-replicas)', () => {
  it.each<[string, ResourceSummary | undefined, ReplicaRequirements | undefined, number]>([
    ['divides free cpu and memory by the request', basic, request({ cpu: '500m', memory: '1Gi' }), 6],
    [
      'finds no room when memory is short',
      { ...basic, allocatable: { ...basic.allocatable, memory: '2Gi' }, allocated: { ...basic.allocated, memory: '1.5Gi' } },
      request({ cpu: '500m', memory: '1Gi' }),
      0,
    ],
    ['counts pods left after allocated and allocating', { allocatable: { pods: 100 }, allocated: { pods: 40 }, allocating: { pods: 10 } }, undefined, 50],
    ['finds no room when pods are over-committed', { allocatable: { pods: 100 }, allocated: { pods: 90 }, allocating: { pods: 20 } }, undefined, 0],
    ['finds no room without a resourceSummary', undefined, undefined, 0],
    ['counts pods when nothing is requested', { allocatable: { pods: '10' } }, undefined, 10],
    ['finds no room for a resource the cluster does not list', { allocatable: { pods: 10, cpu: 8 } }, request({ 'nvidia.com/gpu': 1 }), 0],
    ['skips a request that rounds to 0', { allocatable: { pods: 10 } }, request({ memory: '0' }), 10],
    ['uses milli-units for cpu', { allocatable: { pods: 100, cpu: '1' } }, request({ cpu: '300m' }), 3],
    ['rounds other requests up to whole units', { allocatable: { pods: 100, memory: '10' } }, request({ memory: '2.5' }), 3],
    ['reads equivalent quantity forms alike', { allocatable: { pods: 100, cpu: '2e0', memory: '1Ki' } }, request({ cpu: 0.5, memory: '256' }), 4],
    ['subtracts allocating from free resources', { allocatable: { pods: 100, cpu: '4' }, allocating: { cpu: '3500m' } }, request({ cpu: '250m' }), 2],
    ['finds no room when a resource is exhausted', { allocatable: { pods: 100, cpu: '4' }, allocated: { cpu: '4' } }, request({ cpu: '1m' }), 0],
  ])('%s', (_name, summary, requirements, want) => {
    expect(estimate(summary, requirements)).toBe(want);
  });
});
