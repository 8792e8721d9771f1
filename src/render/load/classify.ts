import { CLUSTER_GROUP_VERSION, CONFIG_GROUP_VERSION, groupOf, POLICY_GROUP_VERSION } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';

/** The role an object plays in the fleet repository (interfaces.md §1). */
export type ObjectRole =
  | 'PropagationPolicy'
  | 'ClusterPropagationPolicy'
  | 'OverridePolicy'
  | 'ClusterOverridePolicy'
  | 'Cluster'
  | 'ResourceInterpreterCustomization'
  | 'template'
  | 'ignored';

const POLICY_KINDS = new Set(['PropagationPolicy', 'ClusterPropagationPolicy', 'OverridePolicy', 'ClusterOverridePolicy']);

/**
 * Karmada's detector never propagates its own API groups, events or leases (semantics §2.1);
 * in a fleet repository such objects are reported and left alone.
 */
const SKIPPED_GROUPS = new Set([
  'cluster.karmada.io', 'policy.karmada.io', 'work.karmada.io', 'config.karmada.io',
  'networking.karmada.io', 'autoscaling.karmada.io', 'remedy.karmada.io', 'apps.karmada.io',
  'events.k8s.io', 'coordination.k8s.io',
]);

export function classify(obj: KubeObject): ObjectRole {
  if (obj.apiVersion === POLICY_GROUP_VERSION && POLICY_KINDS.has(obj.kind)) return obj.kind as ObjectRole;
  if (obj.apiVersion === CLUSTER_GROUP_VERSION && obj.kind === 'Cluster') return 'Cluster';
  if (obj.apiVersion === CONFIG_GROUP_VERSION && obj.kind === 'ResourceInterpreterCustomization') {
    return 'ResourceInterpreterCustomization';
  }
  if (SKIPPED_GROUPS.has(groupOf(obj.apiVersion))) return 'ignored';
  if (obj.apiVersion === 'v1' && obj.kind === 'Event') return 'ignored';
  return 'template';
}
