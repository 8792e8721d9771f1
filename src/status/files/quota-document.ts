import { isRecord, POLICY_GROUP_VERSION } from '../../model/index.ts';
import type { ClusterQuotaStatus, FederatedResourceQuotaStatus } from '../../model/index.ts';
import { resourceListOf, type FederatedQuotaReport } from '../federated-quota-status.ts';
import type { Warn } from '../record-section.ts';

/** `quotas/<namespace>/<name>.yaml`: a FederatedResourceQuota's status. */
export function quotaPath(resource: { namespace: string; name: string }): string {
  return `quotas/${resource.namespace}/${resource.name}.yaml`;
}

/** The quota as written: Karmada's kind, name and namespace, and its status in Karmada's shape. */
export function quotaDocument(report: FederatedQuotaReport): Record<string, unknown> {
  return {
    apiVersion: POLICY_GROUP_VERSION,
    kind: 'FederatedResourceQuota',
    metadata: { name: report.resource.name, namespace: report.resource.namespace },
    status: report.status,
  };
}

function clusterQuotaStatus(value: unknown, warn: Warn): ClusterQuotaStatus | undefined {
  if (!isRecord(value) || typeof value['clusterName'] !== 'string') {
    warn('status.aggregatedStatus: an entry without a clusterName; ignored');
    return undefined;
  }
  const hard = resourceListOf(value['hard']);
  const used = resourceListOf(value['used']);
  return { clusterName: value['clusterName'], ...(hard ? { hard } : {}), ...(used ? { used } : {}) };
}

function quotaStatus(value: unknown, warn: Warn): FederatedResourceQuotaStatus {
  if (!isRecord(value)) return {};
  const overall = resourceListOf(value['overall']);
  const used = resourceListOf(value['overallUsed']);
  const list = Array.isArray(value['aggregatedStatus']) ? value['aggregatedStatus'] : [];
  const aggregated = list.map((entry) => clusterQuotaStatus(entry, warn)).filter((s) => s !== undefined);
  return {
    ...(overall ? { overall } : {}),
    ...(used ? { overallUsed: used } : {}),
    ...(aggregated.length > 0 ? { aggregatedStatus: aggregated } : {}),
  };
}

/** Reads a quota document back, or `undefined` when it is not one. */
export function parseQuotaDocument(doc: unknown, warn: Warn = () => undefined): FederatedQuotaReport | undefined {
  if (!isRecord(doc) || doc['kind'] !== 'FederatedResourceQuota' || !isRecord(doc['metadata'])) return undefined;
  const { name, namespace } = doc['metadata'];
  if (typeof name !== 'string' || name === '' || typeof namespace !== 'string' || namespace === '') return undefined;
  const apiVersion = typeof doc['apiVersion'] === 'string' ? doc['apiVersion'] : POLICY_GROUP_VERSION;
  return {
    resource: { apiVersion, kind: 'FederatedResourceQuota', namespace, name },
    status: quotaStatus(doc['status'], warn),
  };
}
