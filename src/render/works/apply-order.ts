import { compareBytes, groupKind } from '../../model/index.ts';
import type { KubeObject } from '../../model/index.ts';

/**
 * The order objects are applied in, as Flux's ssa/sort.go and Argo CD's sync waves order them:
 * definitions and namespaces first, then cluster-wide classes and RBAC, then what workloads
 * consume, then workloads; admission webhooks last so they never block the objects they guard.
 */
const KIND_ORDER: readonly string[] = [
  'apiextensions.k8s.io/CustomResourceDefinition',
  'core/Namespace',
  'node.k8s.io/RuntimeClass',
  'scheduling.k8s.io/PriorityClass',
  'storage.k8s.io/StorageClass',
  'snapshot.storage.k8s.io/VolumeSnapshotClass',
  'networking.k8s.io/IngressClass',
  'gateway.networking.k8s.io/GatewayClass',
  'core/ResourceQuota',
  'core/LimitRange',
  'policy/PodSecurityPolicy',
  'core/ServiceAccount',
  'rbac.authorization.k8s.io/ClusterRole',
  'rbac.authorization.k8s.io/ClusterRoleBinding',
  'rbac.authorization.k8s.io/Role',
  'rbac.authorization.k8s.io/RoleBinding',
  'core/Secret',
  'core/ConfigMap',
  'core/PersistentVolume',
  'core/PersistentVolumeClaim',
  'core/Service',
  'core/Endpoints',
  'discovery.k8s.io/EndpointSlice',
  'apps/DaemonSet',
  'core/Pod',
  'core/ReplicationController',
  'apps/ReplicaSet',
  'apps/Deployment',
  'autoscaling/HorizontalPodAutoscaler',
  'apps/StatefulSet',
  'batch/Job',
  'batch/CronJob',
  'policy/PodDisruptionBudget',
  'networking.k8s.io/Ingress',
  'networking.k8s.io/NetworkPolicy',
  'apiregistration.k8s.io/APIService',
];
const LAST: readonly string[] = [
  'admissionregistration.k8s.io/MutatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration',
];
const RANK = new Map<string, number>([
  ...KIND_ORDER.map((k, i): [string, number] => [k, i]),
  ...LAST.map((k, i): [string, number] => [k, KIND_ORDER.length + 1 + i]),
]);
const UNKNOWN_RANK = KIND_ORDER.length;

/** Rank of an object's kind in apply order; custom resources come after the built-in kinds. */
export function applyRank(obj: KubeObject): number {
  return RANK.get(groupKind(obj.apiVersion, obj.kind)) ?? UNKNOWN_RANK;
}

/** Kind, namespace, name, apiVersion: the order within one apply rank. */
function compareWithinRank(a: KubeObject, b: KubeObject): number {
  return (
    compareBytes(a.kind, b.kind) ||
    compareBytes(a.metadata.namespace ?? '', b.metadata.namespace ?? '') ||
    compareBytes(a.metadata.name ?? '', b.metadata.name ?? '') ||
    compareBytes(a.apiVersion, b.apiVersion)
  );
}

/** Total, deterministic apply order: kind rank, then kind, namespace, name, apiVersion. */
export function compareApplyOrder(a: KubeObject, b: KubeObject): number {
  return applyRank(a) - applyRank(b) || compareWithinRank(a, b);
}

/** Sorts a cluster's Work into apply order, computing each item's rank once. */
export function sortInApplyOrder<T>(items: T[], manifestOf: (item: T) => KubeObject): T[] {
  const ranked = items.map((item) => {
    const obj = manifestOf(item);
    return { item, obj, rank: applyRank(obj) };
  });
  ranked.sort((a, b) => a.rank - b.rank || compareWithinRank(a.obj, b.obj));
  return ranked.map((r) => r.item);
}

/**
 * Sorts many clusters' Works into apply order at once, each exactly as {@link sortInApplyOrder}
 * would. Clusters share their manifests (clusters alike get the same object), so the distinct
 * manifests are ordered once and each list is then sorted by an integer: manifests that compare
 * equal get the same one, and the stable sort keeps such items in their order, as before.
 */
export function sortAllInApplyOrder<T>(lists: readonly T[][], manifestOf: (item: T) => KubeObject): T[][] {
  const distinct = new Set<KubeObject>();
  for (const items of lists) for (const item of items) distinct.add(manifestOf(item));
  const ordered = [...distinct].map((obj) => ({ obj, rank: applyRank(obj) }));
  ordered.sort((a, b) => a.rank - b.rank || compareWithinRank(a.obj, b.obj));
  const ordinal = new Map<KubeObject, number>();
  ordered.forEach((entry, i) => {
    const before = ordered[i - 1];
    const same = before && before.rank === entry.rank && compareWithinRank(before.obj, entry.obj) === 0;
    ordinal.set(entry.obj, same ? ordinal.get(before.obj)! : i);
  });
  return lists.map((items) =>
    items
      .map((item) => ({ item, at: ordinal.get(manifestOf(item))! }))
      .sort((a, b) => a.at - b.at)
      .map((r) => r.item),
  );
}
