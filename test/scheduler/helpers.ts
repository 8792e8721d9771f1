import type { Cluster, ClusterSpec, ClusterStatus, TargetCluster } from '../../src/model/index.ts';
import type { Candidate } from '../../src/scheduler/candidate.ts';
import { viewCluster } from '../../src/scheduler/cluster-view.ts';

/** A Cluster object for tests. */
export function cluster(name: string, spec: ClusterSpec = {}, options: { labels?: Record<string, string>; status?: ClusterStatus } = {}): Cluster {
  return {
    apiVersion: 'cluster.karmada.io/v1alpha1',
    kind: 'Cluster',
    metadata: { name, ...(options.labels ? { labels: options.labels } : {}) },
    spec,
    ...(options.status ? { status: options.status } : {}),
  };
}

/** A cluster whose resourceSummary leaves room for exactly `pods` replicas of a pod-only workload. */
export function clusterWithRoom(name: string, pods: number, spec: ClusterSpec = {}): Cluster {
  return cluster(name, spec, { status: { resourceSummary: { allocatable: { pods } } } });
}

/** A feasible candidate as selection and assignment see it. */
export function candidate(
  name: string,
  fields: { score?: number; allocatable?: number; previous?: number; tier?: number; spec?: ClusterSpec } = {},
): Candidate {
  const allocatable = fields.allocatable ?? 0;
  return {
    name,
    view: viewCluster(cluster(name, fields.spec ?? {})),
    score: fields.score ?? 0,
    allocatable,
    available: allocatable + (fields.previous ?? 0),
    tier: fields.tier ?? 0,
  };
}

/** Target clusters as a name → replicas record, for order-insensitive comparisons. */
export function byName(targets: readonly TargetCluster[]): Record<string, number> {
  return Object.fromEntries(targets.map((t) => [t.name, t.replicas]));
}

export const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'nginx' };
