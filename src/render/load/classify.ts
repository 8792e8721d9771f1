import {
  APPS_GROUP_VERSION,
  AUTOSCALING_GROUP_VERSION,
  CLUSTER_GROUP_VERSION,
  CONFIG_GROUP_VERSION,
  groupOf,
  NETWORKING_GROUP_VERSION,
  POLICY_GROUP_VERSION,
  SEARCH_GROUP_VERSION,
} from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';

/** The role an object plays in the fleet repository (README.md#commands). */
export type ObjectRole =
  | 'PropagationPolicy'
  | 'ClusterPropagationPolicy'
  | 'OverridePolicy'
  | 'ClusterOverridePolicy'
  | 'Cluster'
  | 'ResourceInterpreterCustomization'
  | 'ClusterTaintPolicy'
  | 'FederatedResourceQuota'
  | 'WorkloadRebalancer'
  | 'ResourceRegistry'
  | 'ResourceInterpreterWebhookConfiguration'
  | 'MultiClusterService'
  | 'MultiClusterIngress'
  | 'FederatedHPA'
  | 'CronFederatedHPA'
  | 'template'
  | 'ignored';

const KARMADA_ROLES: ReadonlyMap<string, ObjectRole> = new Map(
  (
    [
      [POLICY_GROUP_VERSION, 'PropagationPolicy'],
      [POLICY_GROUP_VERSION, 'ClusterPropagationPolicy'],
      [POLICY_GROUP_VERSION, 'OverridePolicy'],
      [POLICY_GROUP_VERSION, 'ClusterOverridePolicy'],
      [POLICY_GROUP_VERSION, 'ClusterTaintPolicy'],
      [POLICY_GROUP_VERSION, 'FederatedResourceQuota'],
      [CLUSTER_GROUP_VERSION, 'Cluster'],
      [CONFIG_GROUP_VERSION, 'ResourceInterpreterCustomization'],
      [CONFIG_GROUP_VERSION, 'ResourceInterpreterWebhookConfiguration'],
      [APPS_GROUP_VERSION, 'WorkloadRebalancer'],
      [SEARCH_GROUP_VERSION, 'ResourceRegistry'],
      [NETWORKING_GROUP_VERSION, 'MultiClusterService'],
      [NETWORKING_GROUP_VERSION, 'MultiClusterIngress'],
      [AUTOSCALING_GROUP_VERSION, 'FederatedHPA'],
      [AUTOSCALING_GROUP_VERSION, 'CronFederatedHPA'],
    ] as const
  ).map(([apiVersion, kind]) => [`${apiVersion}/${kind}`, kind]),
);

/**
 * Karmada's detector never propagates its own API groups, events or leases
 * (docs/karmada-compatibility.md#what-is-never-propagated); in a fleet repository such objects are reported and left
 * alone.
 */
const SKIPPED_GROUPS = new Set([
  'cluster.karmada.io',
  'policy.karmada.io',
  'work.karmada.io',
  'config.karmada.io',
  'networking.karmada.io',
  'autoscaling.karmada.io',
  'remedy.karmada.io',
  'apps.karmada.io',
  'search.karmada.io',
  'events.k8s.io',
  'coordination.k8s.io',
]);

export function classify(obj: KubeObject): ObjectRole {
  const karmada = KARMADA_ROLES.get(`${obj.apiVersion}/${obj.kind}`);
  if (karmada !== undefined) return karmada;
  if (SKIPPED_GROUPS.has(groupOf(obj.apiVersion))) return 'ignored';
  if (obj.apiVersion === 'v1' && obj.kind === 'Event') return 'ignored';
  return 'template';
}
