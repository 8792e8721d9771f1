/**
 * Multi-cluster services: Karmada's MultiClusterService (networking.karmada.io/v1alpha1), the
 * MCS API's ServiceExport and ServiceImport (multicluster.x-k8s.io/v1alpha1), the EndpointSlices
 * (discovery.k8s.io/v1) the endpoints controller copies between members, and the labels and
 * annotations Karmada puts on them (docs/karmada-compatibility.md#multi-cluster-services). Field
 * names are Karmada's and the MCS API's, so existing YAML is read unchanged.
 */
import { compareBytes } from './identity.ts';
import type { KubeObject, ObjectMeta } from './kube.ts';

export const NETWORKING_GROUP_VERSION = 'networking.karmada.io/v1alpha1';
export const MCS_API_GROUP_VERSION = 'multicluster.x-k8s.io/v1alpha1';
export const DISCOVERY_GROUP_VERSION = 'discovery.k8s.io/v1';

/** The label that ties an EndpointSlice to its Service. */
export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
/** The label naming the controller that manages an EndpointSlice. */
export const ENDPOINTSLICE_MANAGED_BY_LABEL = 'endpointslice.kubernetes.io/managed-by';
/** Karmada's value of that label on the EndpointSlices it dispatches to consumers: never collected again. */
export const DISPATCHED_SLICE_MANAGER = 'endpointslice-dispatch-controller.karmada.io';
/** On a dispatched EndpointSlice: the provider member its endpoints come from. */
export const PROVISION_CLUSTER_ANNOTATION = 'endpointslice.karmada.io/provision-cluster';

export type ExposureType = 'CrossCluster' | 'LoadBalancer';

/** A member a MultiClusterService names. */
export interface ClusterSelectorByName {
  name: string;
}

export interface ExposurePort {
  name?: string;
  port: number;
}

export interface MultiClusterServiceSpec {
  types: ExposureType[];
  ports?: ExposurePort[];
  /** Empty: every member of the fleet provides the Service's endpoints. */
  providerClusters?: ClusterSelectorByName[];
  /** Empty: the Service is exposed to every member of the fleet. */
  consumerClusters?: ClusterSelectorByName[];
  /** Deprecated in Karmada (in favour of providerClusters/consumerClusters) and not read by its controllers. */
  range?: { clusterNames?: string[] };
  serviceProvisionClusters?: string[];
  serviceConsumptionClusters?: string[];
}

/** networking.karmada.io/v1alpha1 MultiClusterService (namespaced): named as the Service it exposes. */
export interface MultiClusterService extends KubeObject {
  kind: 'MultiClusterService';
  metadata: ObjectMeta & { name: string; namespace: string };
  spec: MultiClusterServiceSpec;
}

/** Whether the MultiClusterService exposes its Service across members (Karmada's CrossCluster type). */
export function isCrossCluster(mcs: MultiClusterService): boolean {
  return mcs.spec.types.includes('CrossCluster');
}

export interface ServiceImportPort {
  name?: string;
  protocol?: string;
  appProtocol?: string;
  port: number;
}

/** multicluster.x-k8s.io/v1alpha1 ServiceImport, as far as Karmada reads it. */
export interface ServiceImport extends KubeObject {
  kind: 'ServiceImport';
  spec?: { type?: 'ClusterSetIP' | 'Headless' | (string & {}); ports?: ServiceImportPort[]; ips?: string[] };
}

/** The Service Karmada derives from a ServiceImport: what consumers resolve the imported endpoints through. */
export function derivedServiceName(serviceImport: string): string {
  return `derived-${serviceImport}`;
}

export interface EndpointSlicePort {
  name?: string;
  port?: number;
  protocol?: string;
  appProtocol?: string;
}

export interface Endpoint {
  addresses: string[];
  conditions?: { ready?: boolean; serving?: boolean; terminating?: boolean };
  [key: string]: unknown;
}

/** discovery.k8s.io/v1 EndpointSlice. */
export interface EndpointSlice extends KubeObject {
  kind: 'EndpointSlice';
  addressType: string;
  endpoints?: Endpoint[] | null;
  ports?: EndpointSlicePort[] | null;
}

/**
 * What exposes a Service across members: a MultiClusterService, a ServiceExport paired with ServiceImports, or a
 * MultiClusterIngress routing to the Service as a backend.
 */
export type ExportKind = 'MultiClusterService' | 'ServiceExport' | 'MultiClusterIngress';

/** networking.k8s.io/v1 IngressBackend: a Service (by name and port) or another resource. */
export interface IngressBackend {
  service?: { name: string; port?: { name?: string; number?: number } };
  resource?: { apiGroup?: string; kind: string; name: string };
}

export interface IngressRule {
  host?: string;
  http?: { paths: { path?: string; pathType: string; backend: IngressBackend }[] };
}

/** networking.k8s.io/v1 IngressSpec, which a MultiClusterIngress carries unchanged. */
export interface IngressSpec {
  ingressClassName?: string;
  defaultBackend?: IngressBackend;
  tls?: { hosts?: string[]; secretName?: string }[];
  rules?: IngressRule[];
}

/** One entry of a MultiClusterIngress's status.serviceLocations: a backend Service and the members it runs in. */
export interface ServiceLocation {
  name: string;
  clusters: string[];
}

/** networking.karmada.io/v1alpha1 MultiClusterIngress (namespaced). */
export interface MultiClusterIngress extends KubeObject {
  kind: 'MultiClusterIngress';
  metadata: ObjectMeta & { name: string; namespace: string };
  spec: IngressSpec;
  status?: { loadBalancer?: unknown; serviceLocations?: ServiceLocation[] };
}

/**
 * The Services a MultiClusterIngress routes to, each once in name order: its default backend's and its rules' paths'
 * (Karmada's BuildServiceRefIndexes); a resource backend names none.
 */
export function ingressBackendServices(mci: Pick<MultiClusterIngress, 'spec'>): string[] {
  const backends = [
    ...(mci.spec.defaultBackend ? [mci.spec.defaultBackend] : []),
    ...(mci.spec.rules ?? []).flatMap((rule) => (rule.http?.paths ?? []).map((path) => path.backend)),
  ];
  const names = new Set(backends.flatMap((b) => (b.service?.name ? [b.service.name] : [])));
  return [...names].sort(compareBytes);
}

/** A provider member of a multi-cluster service, as the endpoints controller last saw it. */
export interface ServiceProvider {
  cluster: string;
  /**
   * Its endpoints are dispatched: it is Ready (the failover controller's view), serves EndpointSlices and is no
   * Pull member.
   */
  ready: boolean;
  /** EndpointSlices of the Service collected there. */
  slices: number;
  /** The endpoints in them. */
  endpoints: number;
}

/** A consumer member of a multi-cluster service: what it should hold, and whether it does. */
export interface ServiceConsumer {
  cluster: string;
  /** The EndpointSlices dispatched to it. */
  slices: number;
  /** The endpoints in them. */
  endpoints: number;
  /** Whether the last write of this member succeeded; absent when this process does not write it (shards). */
  dispatched?: boolean;
  /** Why the last write failed. */
  message?: string;
}

/** A multi-cluster service as the endpoints controller records it on the status branch. */
export interface RecordedMultiClusterService {
  kind: ExportKind;
  namespace: string;
  /** The MultiClusterService's or the ServiceExport's name: the exported Service's. */
  name: string;
  providers: ServiceProvider[];
  consumers: ServiceConsumer[];
  /** For a MultiClusterIngress's backend: the MultiClusterIngresses of its namespace that route to it, by name. */
  ingresses?: string[];
}

/** The record's key: `<kind>/<namespace>/<name>`. */
export function multiClusterServiceKey(r: Pick<RecordedMultiClusterService, 'kind' | 'namespace' | 'name'>): string {
  return `${r.kind}/${r.namespace}/${r.name}`;
}
