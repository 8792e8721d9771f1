// The fleet of the multi-cluster services e2e test: `web` in member1 and a scratch member,
// exposed to member2 by a MultiClusterService; `api` in member1, exported by a ServiceExport to
// member2's ServiceImport; `shop`'s pods in member1 and its Service in member1 and member2, the
// backend of a MultiClusterIngress; the MCS API's CRDs for the members that need them.
import { clusterObjects } from './apply-fleet.ts';

function deployment(ns: string, name: string, replicas: number): string {
  return `${JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: ns },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: 'nginx', ports: [{ containerPort: 80 }] }] } },
    },
  })}\n`;
}

const service = (ns: string, name: string): string =>
  `apiVersion: v1\nkind: Service\nmetadata: {name: ${name}, namespace: ${ns}}\nspec: {selector: {app: ${name}}, ports: [{name: http, port: 80}]}\n`;

function policy(ns: string, name: string, selectors: string[], clusters: string[]): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: ${name}, namespace: ${ns}}
spec:
  resourceSelectors: [${selectors.join(', ')}]
  placement:
    clusterAffinity: {clusterNames: [${clusters.join(', ')}]}
    replicaScheduling: {replicaSchedulingType: Duplicated}
`;
}

/** The MCS API's two kinds, as members need them installed; kept when the test ends, as other runs may use them. */
function mcsApiCrds(): string {
  const crd = (kind: string) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${kind.toLowerCase()}s.multicluster.x-k8s.io
  annotations: {flotilla.io/prune: disabled}
spec:
  group: multicluster.x-k8s.io
  scope: Namespaced
  names: {plural: ${kind.toLowerCase()}s, singular: ${kind.toLowerCase()}, kind: ${kind}, listKind: ${kind}List}
  versions:
    - name: v1alpha1
      served: true
      storage: true
      schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
`;
  return `${crd('ServiceExport')}---\n${crd('ServiceImport')}`;
}

export interface Options {
  ns: string;
  scratch: string;
  webReplicas: number;
  multiClusterService: boolean;
  serviceExport: boolean;
  multiClusterIngress: boolean;
}

/** The fleet: `web` in member1 and the scratch member exposed to member2, `api` in member1 exported to member2. */
export function files(o: Options): Record<string, string> {
  const { ns, scratch } = o;
  const crdPolicy = `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: mcs-api-${ns}}
spec:
  conflictResolution: Overwrite
  resourceSelectors: [{apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition}]
  placement: {clusterAffinity: {clusterNames: [member1, member2]}}
`;
  const mcs = `apiVersion: networking.karmada.io/v1alpha1
kind: MultiClusterService
metadata: {name: web, namespace: ${ns}}
spec: {types: [CrossCluster], providerClusters: [{name: member1}, {name: ${scratch}}], consumerClusters: [{name: member2}]}
`;
  const exported = `apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ServiceExport\nmetadata: {name: api, namespace: ${ns}}\n`;
  const imported = `apiVersion: multicluster.x-k8s.io/v1alpha1
kind: ServiceImport
metadata: {name: api, namespace: ${ns}}
spec: {type: ClusterSetIP, ports: [{name: http, protocol: TCP, port: 80}]}
`;
  const apiKinds = ['{apiVersion: apps/v1, kind: Deployment, name: api}', '{apiVersion: v1, kind: Service, name: api}'];
  if (o.serviceExport) apiKinds.push('{apiVersion: multicluster.x-k8s.io/v1alpha1, kind: ServiceExport, name: api}');
  const ingress = `apiVersion: networking.karmada.io/v1alpha1
kind: MultiClusterIngress
metadata: {name: storefront, namespace: ${ns}}
spec:
  rules: [{host: shop.localdev.me, http: {paths: [{path: /, pathType: Prefix, backend: {service: {name: shop, port: {number: 80}}}}]}}]
`;
  return {
    'clusters.yaml': clusterObjects(['member1', 'member2', scratch]),
    'shop.yaml': [
      deployment(ns, 'shop', 1),
      service(ns, 'shop'),
      policy(ns, 'shop', ['{apiVersion: apps/v1, kind: Deployment, name: shop}'], ['member1']),
      policy(ns, 'shop-service', ['{apiVersion: v1, kind: Service, name: shop}'], ['member1', 'member2']),
      ...(o.multiClusterIngress ? [ingress] : []),
    ].join('---\n'),
    'crds.yaml': `${mcsApiCrds()}---\n${crdPolicy}`,
    'web.yaml': [
      deployment(ns, 'web', o.webReplicas),
      service(ns, 'web'),
      policy(ns, 'web', ['{apiVersion: apps/v1, kind: Deployment, name: web}'], ['member1', scratch]),
      ...(o.multiClusterService ? [mcs] : []),
    ].join('---\n'),
    'api.yaml': [
      deployment(ns, 'api', 1),
      service(ns, 'api'),
      policy(ns, 'api', apiKinds, ['member1']),
      ...(o.serviceExport ? [exported] : []),
      imported,
      policy(ns, 'api-import', ['{apiVersion: multicluster.x-k8s.io/v1alpha1, kind: ServiceImport, name: api}'], ['member2']),
    ].join('---\n'),
  };
}
