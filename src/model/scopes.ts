/**
 * Which kinds are namespaced and which are cluster-scoped. Offline there is no API server to
 * ask, so the scope comes from this table of built-in kinds (keyed by `group/Kind`, `core` for
 * the core group, as groupKind() prints them) and from the CustomResourceDefinitions in the
 * repository (README.md#commands).
 */
import { groupKind, groupOf } from './identity.ts';

/** Built-in and Karmada kinds whose objects have no namespace. */
export const CLUSTER_SCOPED_KINDS: ReadonlySet<string> = new Set([
  'core/Namespace',
  'core/Node',
  'core/PersistentVolume',
  'core/ComponentStatus',
  'rbac.authorization.k8s.io/ClusterRole',
  'rbac.authorization.k8s.io/ClusterRoleBinding',
  'apiextensions.k8s.io/CustomResourceDefinition',
  'apiregistration.k8s.io/APIService',
  'admissionregistration.k8s.io/MutatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
  'admissionregistration.k8s.io/MutatingAdmissionPolicy',
  'admissionregistration.k8s.io/MutatingAdmissionPolicyBinding',
  'storage.k8s.io/StorageClass',
  'storage.k8s.io/CSIDriver',
  'storage.k8s.io/CSINode',
  'storage.k8s.io/VolumeAttachment',
  'storage.k8s.io/VolumeAttributesClass',
  'scheduling.k8s.io/PriorityClass',
  'networking.k8s.io/IngressClass',
  'networking.k8s.io/IPAddress',
  'networking.k8s.io/ServiceCIDR',
  'node.k8s.io/RuntimeClass',
  'flowcontrol.apiserver.k8s.io/FlowSchema',
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
  'certificates.k8s.io/CertificateSigningRequest',
  'certificates.k8s.io/ClusterTrustBundle',
  'policy/PodSecurityPolicy',
  'resource.k8s.io/DeviceClass',
  'resource.k8s.io/ResourceSlice',
  'snapshot.storage.k8s.io/VolumeSnapshotClass',
  'snapshot.storage.k8s.io/VolumeSnapshotContent',
  'policy.karmada.io/ClusterPropagationPolicy',
  'policy.karmada.io/ClusterOverridePolicy',
  'policy.karmada.io/ClusterTaintPolicy',
  'apps.karmada.io/WorkloadRebalancer',
  'search.karmada.io/ResourceRegistry',
  'cluster.karmada.io/Cluster',
  'config.karmada.io/ResourceInterpreterCustomization',
  'config.karmada.io/ResourceInterpreterWebhookConfiguration',
  'work.karmada.io/ClusterResourceBinding',
]);

/** Built-in and Karmada kinds known to be namespaced (so they are not "unknown"). */
export const NAMESPACED_KINDS: ReadonlySet<string> = new Set([
  'core/Pod',
  'core/Service',
  'core/ConfigMap',
  'core/Secret',
  'core/ServiceAccount',
  'core/PersistentVolumeClaim',
  'core/Endpoints',
  'core/Event',
  'core/LimitRange',
  'core/ResourceQuota',
  'core/ReplicationController',
  'core/PodTemplate',
  'apps/Deployment',
  'apps/StatefulSet',
  'apps/DaemonSet',
  'apps/ReplicaSet',
  'apps/ControllerRevision',
  'batch/Job',
  'batch/CronJob',
  'autoscaling/HorizontalPodAutoscaler',
  'policy/PodDisruptionBudget',
  'networking.k8s.io/Ingress',
  'networking.k8s.io/NetworkPolicy',
  'rbac.authorization.k8s.io/Role',
  'rbac.authorization.k8s.io/RoleBinding',
  'coordination.k8s.io/Lease',
  'discovery.k8s.io/EndpointSlice',
  'events.k8s.io/Event',
  'storage.k8s.io/CSIStorageCapacity',
  'resource.k8s.io/ResourceClaim',
  'resource.k8s.io/ResourceClaimTemplate',
  'snapshot.storage.k8s.io/VolumeSnapshot',
  'multicluster.x-k8s.io/ServiceExport',
  'multicluster.x-k8s.io/ServiceImport',
  'policy.karmada.io/PropagationPolicy',
  'policy.karmada.io/OverridePolicy',
  'policy.karmada.io/FederatedResourceQuota',
  'work.karmada.io/ResourceBinding',
  'work.karmada.io/Work',
]);

/** Answers whether objects of a kind are namespaced; undefined when the kind is unknown. */
export type IsNamespaced = (apiVersion: string, kind: string) => boolean | undefined;

/** The scope of a built-in or Karmada kind; undefined for any other kind. */
export const builtinIsNamespaced: IsNamespaced = (apiVersion, kind) => {
  const key = groupKind(apiVersion, kind);
  if (CLUSTER_SCOPED_KINDS.has(key)) return false;
  if (NAMESPACED_KINDS.has(key)) return true;
  return undefined;
};

function crdScope(crd: unknown): [key: string, namespaced: boolean] | undefined {
  if (typeof crd !== 'object' || crd === null) return undefined;
  const { apiVersion, kind, spec } = crd as Record<string, unknown>;
  if (typeof apiVersion !== 'string' || groupOf(apiVersion) !== 'apiextensions.k8s.io') return undefined;
  if (kind !== 'CustomResourceDefinition' || typeof spec !== 'object' || spec === null) return undefined;
  const { group, names, scope } = spec as Record<string, unknown>;
  const crdKind = (names as Record<string, unknown> | null | undefined)?.['kind'];
  if (typeof group !== 'string' || typeof crdKind !== 'string') return undefined;
  if (scope !== 'Namespaced' && scope !== 'Cluster') return undefined;
  return [`${group || 'core'}/${crdKind}`, scope === 'Namespaced'];
}

/**
 * Scope lookup that also knows the kinds declared by the given CustomResourceDefinition objects
 * (any objects may be passed; only well-formed CRDs count). The CRDs are consulted only for kinds
 * the built-in table does not know, so a CRD cannot change the scope of a built-in kind.
 */
export function scopeLookup(objects: Iterable<unknown>): IsNamespaced {
  const declared = new Map<string, boolean>();
  for (const obj of objects) {
    const entry = crdScope(obj);
    if (entry) declared.set(entry[0], entry[1]);
  }
  return (apiVersion, kind) => builtinIsNamespaced(apiVersion, kind) ?? declared.get(groupKind(apiVersion, kind));
}
