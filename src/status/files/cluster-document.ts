import { CLUSTER_GROUP_VERSION, isRecord } from '../../model/index.ts';
import type { ClusterStatus } from '../../model/index.ts';
import type { AgentSummary, ClusterReport } from '../status-report.ts';
import { documentFieldsOf, type RecordSections, type Warn } from '../record-section.ts';

/** `clusters/<name>.yaml` (README.md#flotilla-status). */
export function clusterPath(name: string): string {
  return `clusters/${name}.yaml`;
}

/**
 * The observed Cluster as written: Karmada's Cluster kind, name and status (no connection
 * details), the fields the controllers' `sections` keep in its `spec` (failover's taints), and for a Pull
 * member `spec.syncMode: Pull` with Flotilla's `status.agent` (its last heartbeat, the Work it applied), and
 * Flotilla's `status.heldBackPrunes` while the last apply could not prune something there.
 */
export function clusterDocument(cluster: ClusterReport, sections: RecordSections = []): Record<string, unknown> {
  const spec: Record<string, unknown> = Object.assign(
    cluster.agent ? { syncMode: 'Pull' } : {},
    ...documentFieldsOf(sections).map((f) => f.clusterSpec(cluster)),
  );
  const held = cluster.heldBackPrunes ?? [];
  return {
    apiVersion: CLUSTER_GROUP_VERSION,
    kind: 'Cluster',
    metadata: { name: cluster.name },
    ...(Object.keys(spec).length > 0 ? { spec } : {}),
    status: {
      ...cluster.status,
      ...(cluster.agent ? { agent: cluster.agent } : {}),
      ...(held.length > 0 ? { heldBackPrunes: held } : {}),
    },
  };
}

/** Flotilla's `status.agent` of a Pull member's document, as far as it is one. */
function agentSummary(value: unknown): AgentSummary | undefined {
  if (!isRecord(value) || typeof value['graceSeconds'] !== 'number') return undefined;
  const text = (key: string) => (typeof value[key] === 'string' ? { [key]: value[key] } : {});
  return {
    graceSeconds: value['graceSeconds'],
    ...text('lastHeartbeat'),
    ...(typeof value['heartbeatSeconds'] === 'number' ? { heartbeatSeconds: value['heartbeatSeconds'] } : {}),
    ...text('worksCommit'),
    ...text('sourceCommit'),
    ...text('problem'),
  };
}

const listOfMappings = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.every(isRecord);

/**
 * The observed status as read back. The next render's scheduler and the run loop take it as a
 * ClusterStatus, and walk its conditions and API enablements item by item: a hand edit that made
 * either anything but a list of mappings would throw in every pass, so the field is dropped with
 * a warning instead (the member then counts as not observed on that point).
 */
function clusterStatus(value: unknown, warn: Warn): ClusterStatus {
  if (!isRecord(value)) return {};
  const { agent: _agent, heldBackPrunes: _held, ...status } = value;
  if (status['conditions'] !== undefined && !listOfMappings(status['conditions'])) {
    warn('status.conditions: not a list of mappings; ignored');
    delete status['conditions'];
  }
  const enablements = status['apiEnablements'];
  if (
    enablements !== undefined &&
    !(
      listOfMappings(enablements) &&
      enablements.every((e) => e['resources'] === undefined || listOfMappings(e['resources']))
    )
  ) {
    warn('status.apiEnablements: not a list of mappings, each with a list of resources; ignored');
    delete status['apiEnablements'];
  }
  return status as ClusterStatus;
}

/**
 * Reads a cluster document back, or `undefined` when it is not one, the `sections`' fields of its
 * `spec` through them; a malformed status list is dropped with a warning.
 */
export function parseClusterDocument(
  doc: unknown,
  warn: Warn = () => undefined,
  sections: RecordSections = [],
): ClusterReport | undefined {
  if (!isRecord(doc) || doc['kind'] !== 'Cluster' || !isRecord(doc['metadata'])) return undefined;
  const name = doc['metadata']['name'];
  if (typeof name !== 'string' || name === '') return undefined;
  const spec = isRecord(doc['spec']) ? doc['spec'] : {};
  const fields: Partial<ClusterReport> = Object.assign(
    {},
    ...documentFieldsOf(sections).map((f) => f.readClusterSpec(spec, warn)),
  );
  const agent = isRecord(doc['status']) ? agentSummary(doc['status']['agent']) : undefined;
  const held = isRecord(doc['status']) ? doc['status']['heldBackPrunes'] : undefined;
  const heldBackPrunes = Array.isArray(held) ? held.filter((line): line is string => typeof line === 'string') : [];
  return {
    name,
    ...fields,
    status: clusterStatus(doc['status'], warn),
    ...(agent ? { agent } : {}),
    ...(heldBackPrunes.length > 0 ? { heldBackPrunes } : {}),
  };
}
