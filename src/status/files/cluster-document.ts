import { CLUSTER_GROUP_VERSION, isRecord } from '../../model/index.ts';
import type { ClusterStatus } from '../../model/index.ts';
import type { ClusterReport } from '../status-report.ts';
import { parseTaints, type Warn } from './failover-fields.ts';

/** `clusters/<name>.yaml` (interfaces.md §3). */
export function clusterPath(name: string): string {
  return `clusters/${name}.yaml`;
}

/**
 * The observed Cluster as written: Karmada's Cluster kind, name and status (no connection
 * details), and `spec.taints` only while the run loop has failed the member over.
 */
export function clusterDocument(cluster: ClusterReport): Record<string, unknown> {
  const taints = cluster.taints ?? [];
  return {
    apiVersion: CLUSTER_GROUP_VERSION, kind: 'Cluster', metadata: { name: cluster.name },
    ...(taints.length > 0 ? { spec: { taints } } : {}),
    status: cluster.status,
  };
}

/** Reads a cluster document back, or `undefined` when it is not one; a malformed taint is dropped with a warning. */
export function parseClusterDocument(doc: unknown, warn: Warn = () => undefined): ClusterReport | undefined {
  if (!isRecord(doc) || doc['kind'] !== 'Cluster' || !isRecord(doc['metadata'])) return undefined;
  const name = doc['metadata']['name'];
  if (typeof name !== 'string' || name === '') return undefined;
  const taints = isRecord(doc['spec']) ? parseTaints(doc['spec']['taints'], warn) : [];
  return { name, ...(taints.length > 0 ? { taints } : {}), status: isRecord(doc['status']) ? (doc['status'] as ClusterStatus) : {} };
}
