/**
 * Karmada features Flotilla recognises but does not act on: one warning per object, so nothing a
 * Karmada user wrote is silently ignored (docs/karmada-compatibility.md lists them).
 */
import { featureEnabled } from '../../model/index.ts';
import type {
  FeatureGates,
  FederatedHPA,
  FieldPath,
  KubeObject,
  MultiClusterService,
  PropagationPolicy,
  ResourceRegistry,
} from '../../model/index.ts';
import type { ObjectRole } from './classify.ts';

/** One warning at one field of the object. */
export interface Notice {
  path: FieldPath;
  message: string;
}

function kindNotice(role: ObjectRole): string | undefined {
  switch (role) {
    case 'ResourceInterpreterWebhookConfiguration':
      return 'Flotilla does not call resource interpreter webhooks (they need a live endpoint); use a ResourceInterpreterCustomization';
    default:
      return undefined;
  }
}

/**
 * Karmada acts on placement.workloadAffinity only behind its WorkloadAffinity feature gate, off by default; with the
 * gate off Flotilla, as Karmada, schedules without it (docs/karmada-compatibility.md#workload-affinity).
 */
function workloadAffinityNotice(role: ObjectRole, obj: KubeObject, gates: FeatureGates): string | undefined {
  if (role !== 'PropagationPolicy' && role !== 'ClusterPropagationPolicy') return undefined;
  if (featureEnabled(gates, 'WorkloadAffinity')) return undefined;
  const affinity = (obj as PropagationPolicy).spec?.placement?.workloadAffinity;
  if (affinity === undefined || affinity === null) return undefined;
  return 'workloadAffinity is not acted on: the policy is scheduled without it, as in Karmada with its WorkloadAffinity feature gate off (the default; set featureGates: {WorkloadAffinity: true} in flotilla.yaml to act on it)';
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

/**
 * Karmada's multi-cluster ingress controller asks a cloud provider for a load balancer and writes its addresses in
 * status.loadBalancer; a git engine has no cloud provider to ask (docs/karmada-compatibility.md#multiclusteringress).
 */
function ingressNotice(role: ObjectRole): Notice | undefined {
  if (role !== 'MultiClusterIngress') return undefined;
  return {
    path: [],
    message:
      "Flotilla provisions no load balancer for a MultiClusterIngress (Karmada's multicluster-cloud-provider does, through a cloud provider) and writes no status.loadBalancer; its backend Services' endpoints are shared among the members that run them, as a MultiClusterService shares them",
  };
}

/**
 * What the search cache does otherwise than Karmada for a registry (docs/karmada-compatibility.md#search):
 * it keeps the cache in memory whatever the backend, and a Secret without its values.
 */
function registryNotices(role: ObjectRole, obj: KubeObject): Notice[] {
  if (role !== 'ResourceRegistry') return [];
  const spec = (obj as ResourceRegistry).spec;
  const notices: Notice[] = [];
  if (spec?.backendStore?.openSearch)
    notices.push({
      path: ['spec', 'backendStore', 'openSearch'],
      message:
        'Flotilla keeps the search cache in memory: no OpenSearch backend is built, this registry is cached in memory',
    });
  (spec?.resourceSelectors ?? []).forEach((s, i) => {
    if (s.kind === 'Secret' && s.apiVersion === 'v1')
      notices.push({
        path: ['spec', 'resourceSelectors', i],
        message:
          'Secrets are cached without their values (each shows as ***): the cache is served to whoever holds its token',
      });
  });
  return notices;
}

/**
 * Flotilla reads pod usage from the members' resource metrics API only: a Pods or Object metric
 * (the custom metrics API) is not used, nor an External one, which Karmada's controller does not
 * compute either (docs/karmada-compatibility.md#federatedhpa).
 */
function customMetricNotices(role: ObjectRole, obj: KubeObject): Notice[] {
  if (role !== 'FederatedHPA') return [];
  const metrics = (obj as FederatedHPA).spec?.metrics ?? [];
  return metrics.flatMap((m, i) => {
    const path = ['spec', 'metrics', i];
    if (m.type === 'External')
      return [
        {
          path,
          message:
            'Karmada computes no External metric: this metric is not used, and the FederatedHPA reports it in a ScalingActive condition (InvalidMetricSourceType)',
        },
      ];
    return m.type === 'Pods' || m.type === 'Object'
      ? [
          {
            path,
            message: `Flotilla does not support ${m.type} metrics yet (no custom metrics API): this metric is not used, and the FederatedHPA reports it in a ScalingActive condition`,
          },
        ]
      : [];
  });
}

/** The warnings for what Flotilla does not act on in a valid, classified object. */
export function unimplementedNotices(role: ObjectRole, obj: KubeObject, gates: FeatureGates = {}): Notice[] {
  const notices: Notice[] = [];
  const kind = kindNotice(role);
  if (kind !== undefined) notices.push({ path: [], message: kind });
  const affinity = workloadAffinityNotice(role, obj, gates);
  if (affinity !== undefined) notices.push({ path: ['spec', 'placement', 'workloadAffinity'], message: affinity });
  const loadBalancer = loadBalancerNotice(role, obj);
  if (loadBalancer) notices.push(loadBalancer);
  const ingress = ingressNotice(role);
  if (ingress) notices.push(ingress);
  return [...notices, ...registryNotices(role, obj), ...customMetricNotices(role, obj)];
}
