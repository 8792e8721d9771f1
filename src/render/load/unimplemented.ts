/**
 * Karmada features Flotilla recognises but does not act on: one warning per object, so nothing a
 * Karmada user wrote is silently ignored (docs/karmada-compatibility.md lists them).
 */
import type { FieldPath, KubeObject, MultiClusterService, PropagationPolicy } from '../../model/index.ts';
import type { ObjectRole } from './classify.ts';

/** One warning at one field of the object. */
export interface Notice {
  path: FieldPath;
  message: string;
}

function kindNotice(role: ObjectRole): string | undefined {
  switch (role) {
    case 'ResourceRegistry':
      return `Flotilla does not act on ${role} yet: it is validated and loaded, and changes nothing`;
    case 'ResourceInterpreterWebhookConfiguration':
      return 'Flotilla does not call resource interpreter webhooks (they need a live endpoint); use a ResourceInterpreterCustomization';
    default:
      return undefined;
  }
}

/** Karmada gates placement.workloadAffinity off by default; Flotilla schedules without it. */
function workloadAffinityNotice(role: ObjectRole, obj: KubeObject): string | undefined {
  if (role !== 'PropagationPolicy' && role !== 'ClusterPropagationPolicy') return undefined;
  const affinity = (obj as PropagationPolicy).spec?.placement?.workloadAffinity;
  if (affinity === undefined || affinity === null) return undefined;
  return 'Flotilla does not implement workloadAffinity (alpha in Karmada, off by default); the policy is scheduled without it';
}

/** Karmada leaves LoadBalancer exposure to a cloud provider's multi-cluster load balancer, which a pass cannot be. */
function loadBalancerNotice(role: ObjectRole, obj: KubeObject): Notice | undefined {
  if (role !== 'MultiClusterService' || !(obj as MultiClusterService).spec.types.includes('LoadBalancer'))
    return undefined;
  return {
    path: ['spec', 'types'],
    message:
      "Flotilla does not implement LoadBalancer exposure (a cloud provider's multi-cluster load balancer does); this MultiClusterService changes nothing",
  };
}

/** The warnings for what Flotilla does not act on in a valid, classified object. */
export function unimplementedNotices(role: ObjectRole, obj: KubeObject): Notice[] {
  const notices: Notice[] = [];
  const kind = kindNotice(role);
  if (kind !== undefined) notices.push({ path: [], message: kind });
  const affinity = workloadAffinityNotice(role, obj);
  if (affinity !== undefined) notices.push({ path: ['spec', 'placement', 'workloadAffinity'], message: affinity });
  const loadBalancer = loadBalancerNotice(role, obj);
  if (loadBalancer) notices.push(loadBalancer);
  return notices;
}
