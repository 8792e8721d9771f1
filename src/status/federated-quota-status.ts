/**
 * Karmada's FederatedResourceQuota status controller: each member's ResourceQuota status (hard and
 * used), from the members where the quota's ResourceQuota applied and has a status, in cluster
 * name order; the overall quota as the spec says; the overall use as the sum of the members' use
 * (Quantity.Add: a sum keeps the format of its first non-zero term). Pure.
 */
import {
  compareBytes,
  isRecord,
  refOf,
  addQuantities,
  formatQuantity,
  toQuantity,
  type Quantity,
} from '../model/index.ts';
import type {
  ClusterQuotaStatus,
  FederatedResourceQuota,
  FederatedResourceQuotaStatus,
  ObjectRef,
  ResourceList,
} from '../model/index.ts';
import type { MemberObservation } from './member-item.ts';

/** One FederatedResourceQuota as the status branch records it. */
export interface FederatedQuotaReport {
  resource: ObjectRef;
  status: FederatedResourceQuotaStatus;
}

/** A quantity as Kubernetes prints it; one that does not parse is kept as written. */
function canonical(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    return formatQuantity(toQuantity(value));
  } catch {
    return String(value);
  }
}

/** A ResourceList with canonical quantities and sorted names (as Go marshals a map), or undefined when empty. */
export function resourceListOf(value: unknown): ResourceList | undefined {
  if (!isRecord(value)) return undefined;
  const out: ResourceList = {};
  for (const name of Object.keys(value).sort(compareBytes)) {
    const q = canonical(value[name]);
    if (q !== undefined) out[name] = q;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The ResourceQuota status of one member, when its apply succeeded and the member reported one. */
function memberQuotaStatus(member: MemberObservation): ClusterQuotaStatus | undefined {
  if (!member.applied) return undefined;
  const status = member.observed?.['status'];
  if (!isRecord(status)) return undefined;
  const hard = resourceListOf(status['hard']);
  const used = resourceListOf(status['used']);
  return { clusterName: member.clusterName, ...(hard ? { hard } : {}), ...(used ? { used } : {}) };
}

/** The sum of every member's use, per resource; undefined when no member reports any. */
export function overallUsed(members: readonly ClusterQuotaStatus[]): ResourceList | undefined {
  const sums = new Map<string, Quantity>();
  for (const { used } of members) {
    for (const [name, value] of Object.entries(used ?? {})) {
      let q: Quantity;
      try {
        q = toQuantity(value);
      } catch {
        continue;
      }
      const sum = sums.get(name);
      sums.set(name, sum === undefined ? q : addQuantities(sum, q));
    }
  }
  if (sums.size === 0) return undefined;
  return Object.fromEntries([...sums.keys()].sort(compareBytes).map((name) => [name, formatQuantity(sums.get(name)!)]));
}

/** A FederatedResourceQuota's status from the members' observations of its ResourceQuota. */
export function federatedQuotaStatus(
  quota: FederatedResourceQuota,
  members: readonly MemberObservation[],
): FederatedQuotaReport {
  const aggregated = members
    .map(memberQuotaStatus)
    .filter((s) => s !== undefined)
    .sort((a, b) => compareBytes(a.clusterName, b.clusterName));
  const overall = resourceListOf(quota.spec.overall);
  const used = overallUsed(aggregated);
  return {
    resource: refOf(quota),
    status: {
      ...(overall ? { overall } : {}),
      ...(used ? { overallUsed: used } : {}),
      ...(aggregated.length > 0 ? { aggregatedStatus: aggregated } : {}),
    },
  };
}

/**
 * With shards: this replica's members' entries, and the other replicas' members' entries as the
 * branch's tip holds them, the overall use summed again over both.
 */
export function withShardQuotaMembers(
  own: FederatedQuotaReport,
  owns: (cluster: string) => boolean,
  theirs: FederatedQuotaReport | undefined,
): FederatedQuotaReport {
  const others = (theirs?.status.aggregatedStatus ?? []).filter((s) => !owns(s.clusterName));
  const aggregated = [...(own.status.aggregatedStatus ?? []), ...others].sort((a, b) =>
    compareBytes(a.clusterName, b.clusterName),
  );
  const { overallUsed: _used, aggregatedStatus: _aggregated, ...rest } = own.status;
  const used = overallUsed(aggregated);
  return {
    resource: own.resource,
    status: {
      ...rest,
      ...(used ? { overallUsed: used } : {}),
      ...(aggregated.length > 0 ? { aggregatedStatus: aggregated } : {}),
    },
  };
}
