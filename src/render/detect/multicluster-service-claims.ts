/**
 * The Services that MultiClusterServices claim (docs/karmada-compatibility.md#multi-cluster-services). A CrossCluster
 * MultiClusterService claims the Service of its own namespace and name ahead of every propagation policy (Karmada's
 * MultiClusterService controller labels it claimed, so the detector passes it by), and propagates it to its provider
 * and consumer members with conflictResolution Overwrite, as the binding that controller makes. The claim is a policy
 * of kind MultiClusterService, so the scheduler, the overrides and the status branch treat it as any other claim.
 */
import { compareBytes, isCrossCluster } from '../../model/index.ts';
import type { KubeObject, MultiClusterService, PropagationPolicy, SourceObject } from '../../model/index.ts';
import type { Fleet } from '../load/fleet.ts';

/** The members a list names, or every member of the fleet when it names none (Karmada's GetProviderClusters). */
export function membersNamed(list: readonly { name: string }[] | undefined, fleet: Pick<Fleet, 'clusters'>): string[] {
  const names = list?.length ? list.map((c) => c.name) : fleet.clusters.map((c) => c.object.metadata.name ?? '');
  return [...new Set(names)].sort(compareBytes);
}

function claimingPolicy(source: SourceObject<MultiClusterService>, fleet: Fleet): SourceObject<PropagationPolicy> {
  const { metadata, spec } = source.object;
  const clusterNames = [
    ...new Set([...membersNamed(spec.providerClusters, fleet), ...membersNamed(spec.consumerClusters, fleet)]),
  ].sort(compareBytes);
  return {
    origin: source.origin,
    object: {
      apiVersion: source.object.apiVersion,
      kind: 'MultiClusterService',
      metadata: { name: metadata.name, namespace: metadata.namespace },
      spec: {
        resourceSelectors: [{ apiVersion: 'v1', kind: 'Service', namespace: metadata.namespace, name: metadata.name }],
        placement: { clusterAffinity: { clusterNames } },
        conflictResolution: 'Overwrite',
        propagateDeps: false,
        priority: 0,
        preemption: 'Never',
        schedulerName: 'default-scheduler',
      },
    },
  };
}

/** Per template, the policy made of the CrossCluster MultiClusterService that claims it, if one does. */
export function multiClusterServiceClaims(
  fleet: Fleet,
): (template: KubeObject) => SourceObject<PropagationPolicy> | undefined {
  const byService = new Map<string, SourceObject<MultiClusterService>>();
  for (const mcs of fleet.multiClusterServices) {
    if (isCrossCluster(mcs.object)) byService.set(`${mcs.object.metadata.namespace}/${mcs.object.metadata.name}`, mcs);
  }
  const policies = new Map<string, SourceObject<PropagationPolicy>>();
  return (template) => {
    if (byService.size === 0 || template.apiVersion !== 'v1' || template.kind !== 'Service') return undefined;
    const key = `${template.metadata.namespace ?? 'default'}/${template.metadata.name ?? ''}`;
    const mcs = byService.get(key);
    if (!mcs) return undefined;
    const policy = policies.get(key) ?? claimingPolicy(mcs, fleet);
    policies.set(key, policy);
    return policy;
  };
}
