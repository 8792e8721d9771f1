/**
 * A member cluster's status as Karmada's cluster status controller computes it
 * (pkg/controllers/status/cluster_status_controller.go; docs/karmada-compatibility.md#clusters): the Ready condition
 * from the API server's readiness endpoint, then — only for a ready cluster — version, API
 * enablements, node summary and resource summary. Pure: the observation is gathered elsewhere.
 */
import { compareBytes } from '../model/index.ts';
import type { APIEnablement, ClusterStatus, Condition, KubeObject } from '../model/index.ts';
import type { ApiResource } from '../apply/index.ts';
import { nodeSummary, resourceSummary } from './resource-summary.ts';

/** What was read from one member cluster in one pass. */
export interface ClusterObservation {
  /** Whether the API server answered at all. */
  online: boolean;
  /** Whether `/readyz` (or `/healthz` where readyz is missing) answered 200. */
  healthy: boolean;
  kubernetesVersion?: string;
  /** Discovery; absent when it failed outright. */
  apiResources?: readonly ApiResource[];
  /** Set when discovery returned only part of the APIs. */
  discoveryError?: string;
  /** Absent when the list failed; the summaries then stay as last observed. */
  nodes?: readonly KubeObject[];
  pods?: readonly KubeObject[];
}

/** Karmada's condition texts, kept verbatim so tools that read Karmada's Cluster read ours. */
export const READY_CONDITIONS: Readonly<Record<'ready' | 'unhealthy' | 'unreachable', Condition>> = {
  ready: {
    type: 'Ready',
    status: 'True',
    reason: 'ClusterReady',
    message: 'cluster is healthy and ready to accept workloads',
  },
  unhealthy: {
    type: 'Ready',
    status: 'False',
    reason: 'ClusterNotReady',
    message: 'cluster is reachable but health endpoint responded without ok',
  },
  unreachable: { type: 'Ready', status: 'False', reason: 'ClusterNotReachable', message: 'cluster is not reachable' },
};

/** `meta.SetStatusCondition` without timestamps: replace the condition of that type in place, else append. */
function setCondition(conditions: readonly Condition[], condition: Condition): Condition[] {
  const at = conditions.findIndex((c) => c.type === condition.type);
  if (at < 0) return [...conditions, condition];
  return conditions.map((c, i) => (i === at ? condition : c));
}

/** Karmada's getAPIEnablements: one entry per groupVersion, subresources left out, both levels sorted. */
export function apiEnablements(resources: readonly ApiResource[]): APIEnablement[] {
  const byGroupVersion = new Map<string, { name: string; kind: string }[]>();
  for (const r of resources) {
    if (r.resource.includes('/')) continue;
    const groupVersion = r.group === '' ? r.version : `${r.group}/${r.version}`;
    const list = byGroupVersion.get(groupVersion) ?? [];
    if (!list.some((x) => x.name === r.resource)) list.push({ name: r.resource, kind: r.kind });
    byGroupVersion.set(groupVersion, list);
  }
  return [...byGroupVersion]
    .sort(([a], [b]) => compareBytes(a, b))
    .map(([groupVersion, list]) => ({ groupVersion, resources: list.sort((a, b) => compareBytes(a.name, b.name)) }));
}

function apiEnablementsCondition(enablements: readonly APIEnablement[], error: string | undefined): Condition {
  const type = 'CompleteAPIEnablements';
  if (enablements.length === 0)
    return { type, status: 'False', reason: 'Empty', message: 'collected empty APIEnablements from the cluster' };
  if (error !== undefined)
    return {
      type,
      status: 'False',
      reason: 'Partial',
      message: `might collect partial APIEnablements(${enablements.length}) from the cluster`,
    };
  return { type, status: 'True', reason: 'Complete', message: 'collected complete APIEnablements from the cluster' };
}

/**
 * The cluster's status for this pass. An unreachable or unhealthy cluster keeps what was last
 * observed (`previous`) with Ready set to False, as Karmada only updates the condition then.
 * Condition timestamps are left out so an unchanged cluster serialises to the same bytes.
 */
export function computeClusterStatus(observation: ClusterObservation, previous: ClusterStatus = {}): ClusterStatus {
  if (!observation.online || !observation.healthy) {
    const ready = observation.online ? READY_CONDITIONS.unhealthy : READY_CONDITIONS.unreachable;
    return { ...previous, conditions: setCondition(previous.conditions ?? [], ready) };
  }
  const enablements = apiEnablements(observation.apiResources ?? []);
  let conditions = setCondition(
    previous.conditions ?? [],
    apiEnablementsCondition(enablements, observation.discoveryError),
  );
  conditions = setCondition(conditions, READY_CONDITIONS.ready);
  const { nodes, pods } = observation;
  return {
    ...previous,
    ...(observation.kubernetesVersion ? { kubernetesVersion: observation.kubernetesVersion } : {}),
    apiEnablements: enablements,
    conditions,
    ...(nodes ? { nodeSummary: nodeSummary(nodes) } : {}),
    ...(nodes && pods ? { resourceSummary: resourceSummary(nodes, pods) } : {}),
  };
}

/** Whether a status says Ready=True. */
export function isClusterReady(status: ClusterStatus | undefined): boolean {
  return status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}
