import { CLUSTER_GROUP_VERSION, isRecord } from '../../model/index.ts';
import type { ClusterStatus } from '../../model/index.ts';

/** `clusters/<name>.yaml` (interfaces.md §3). */
export function clusterPath(name: string): string {
  return `clusters/${name}.yaml`;
}

/** The observed Cluster as written: Karmada's Cluster kind, name and status only (no connection details). */
export function clusterDocument(name: string, status: ClusterStatus): Record<string, unknown> {
  return { apiVersion: CLUSTER_GROUP_VERSION, kind: 'Cluster', metadata: { name }, status };
}

/** Reads a cluster document back: its name and status, or `undefined` when it is not one. */
export function parseClusterDocument(doc: unknown): { name: string; status: ClusterStatus } | undefined {
  if (!isRecord(doc) || doc['kind'] !== 'Cluster' || !isRecord(doc['metadata'])) return undefined;
  const name = doc['metadata']['name'];
  if (typeof name !== 'string' || name === '') return undefined;
  return { name, status: isRecord(doc['status']) ? (doc['status'] as ClusterStatus) : {} };
}
