/**
 * Karmada's FederatedResourceQuota sync controller as a render step: a quota with static
 * assignments becomes a ResourceQuota of its own name and namespace in every member, limited by
 * that member's assignment (a member without one gets a quota that limits nothing, as Karmada
 * gives it). The ResourceQuota is an ordinary manifest of the member's Work whose template is the
 * FederatedResourceQuota, so apply creates, updates and prunes it and the status step reads it
 * back like any other. Pure: it needs nothing but the source and the clusters.
 */
import { describeRef, refKey, refOf } from '../../model/index.ts';
import type { Cluster, FederatedResourceQuota, KubeObject, SourceObject } from '../../model/index.ts';
import { stampTracking } from './tracking.ts';
import type { WorkItem } from './work.ts';

/** Karmada's labels naming the FederatedResourceQuota a member's ResourceQuota comes from. */
export const FEDERATED_QUOTA_NAMESPACE_LABEL = 'federatedresourcequota.karmada.io/namespace';
export const FEDERATED_QUOTA_NAME_LABEL = 'federatedresourcequota.karmada.io/name';

/** The member's ResourceQuota for one FederatedResourceQuota, before tracking. */
export function memberResourceQuota(quota: FederatedResourceQuota, cluster: string): KubeObject {
  const name = quota.metadata.name ?? '';
  const namespace = quota.metadata.namespace ?? '';
  const hard = (quota.spec.staticAssignments ?? []).find((a) => a.clusterName === cluster)?.hard;
  return {
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: {
      name,
      namespace,
      labels: { [FEDERATED_QUOTA_NAMESPACE_LABEL]: namespace, [FEDERATED_QUOTA_NAME_LABEL]: name },
    },
    spec: hard === undefined ? {} : { hard: { ...hard } },
  };
}

/**
 * Per cluster, the ResourceQuotas of every FederatedResourceQuota. Karmada builds them only when
 * a quota has static assignments (without them it enforces nothing in the members).
 */
export function federatedQuotaItems(
  quotas: readonly SourceObject<FederatedResourceQuota>[],
  clusters: readonly Cluster[],
  sourceCommit: string,
): Map<string, WorkItem[]> {
  const out = new Map<string, WorkItem[]>(clusters.map((c): [string, WorkItem[]] => [c.metadata.name, []]));
  for (const { object: quota } of quotas) {
    if ((quota.spec.staticAssignments ?? []).length === 0) continue;
    const template = refOf(quota);
    for (const cluster of clusters) {
      const manifest = stampTracking(memberResourceQuota(quota, cluster.metadata.name), {
        templateKey: refKey(template),
        policy: describeRef(template),
        sourceCommit,
        overwrite: false,
      });
      out.get(cluster.metadata.name)!.push({ manifest, template, suspended: false, preserveOnDeletion: false });
    }
  }
  return out;
}
