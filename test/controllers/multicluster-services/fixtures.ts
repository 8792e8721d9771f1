// A fleet of three members exporting `shop/web`: the YAML, its render, and EndpointSlices as a
// provider's kube-controller-manager writes them, for the endpoints controller's tests.
import { createInterpreter } from '../../../src/interpreter/index.ts';
import type { ClusterStatus, EndpointSlice } from '../../../src/model/index.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import type { Fleet } from '../../../src/render/load/fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import { renderFleet } from '../../../src/render/render-fleet.ts';
import type { Rendered } from '../../../src/render/render-fleet.ts';

export const MEMBERS = ['member1', 'member2', 'member3'];
const CLUSTERS = MEMBERS.map((name) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${name}}\nspec: {syncMode: Push}\n`).join(
  '---\n',
);
const SERVICE = 'apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: shop}\nspec: {selector: {app: web}, ports: [{name: http, port: 80}]}\n';

/** A MultiClusterService `shop/web` with these providers and consumers (empty: every member). */
export function mcsYaml(providers: string[], consumers: string[]): string {
  const list = (names: string[]) => `[${names.map((n) => `{name: ${n}}`).join(', ')}]`;
  return `${CLUSTERS}---\n${SERVICE}---
apiVersion: networking.karmada.io/v1alpha1
kind: MultiClusterService
metadata: {name: web, namespace: shop}
spec: {types: [CrossCluster], providerClusters: ${list(providers)}, consumerClusters: ${list(consumers)}}
`;
}

/** A ServiceExport `shop/web` placed on `providers`, and its ServiceImport on `consumers` (none: no import). */
export function exportYaml(providers: string[], consumers: string[]): string {
  const policy = (kind: string, clusters: string[]) => `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: ${kind.toLowerCase()}, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: multicluster.x-k8s.io/v1alpha1, kind: ${kind}, name: web}]
  placement: {clusterAffinity: {clusterNames: [${clusters.join(', ')}]}}
`;
  const exported = `apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ServiceExport\nmetadata: {name: web, namespace: shop}\n---\n${policy('ServiceExport', providers)}`;
  const imported = `apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ServiceImport\nmetadata: {name: web, namespace: shop}\nspec: {type: ClusterSetIP, ports: [{port: 80, protocol: TCP}]}\n---\n${policy('ServiceImport', consumers)}`;
  return `${CLUSTERS}---\n${SERVICE}---\n${exported}${consumers.length > 0 ? `---\n${imported}` : ''}`;
}

/**
 * A MultiClusterIngress `shop/web-ingress` routing `/` to `shop/web` (and `/api` to `backends`), with `web` placed on
 * `members` by a policy (none: no policy claims it).
 */
export function ingressYaml(members: string[], backends: string[] = []): string {
  const paths = [
    '{path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}',
    ...backends.map((b) => `{path: /api, pathType: Prefix, backend: {service: {name: ${b}, port: {name: http}}}}`),
  ];
  const policy = `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: v1, kind: Service, name: web}]
  placement: {clusterAffinity: {clusterNames: [${members.join(', ')}]}}
`;
  return `${CLUSTERS}---\n${SERVICE}---
apiVersion: networking.karmada.io/v1alpha1
kind: MultiClusterIngress
metadata: {name: web-ingress, namespace: shop}
spec:
  rules: [{host: shop.example.com, http: {paths: [${paths.join(', ')}]}}]
${members.length > 0 ? `---\n${policy}` : ''}`;
}

export function load(yaml: string): Fleet {
  return loadFleet(parseSources([{ path: 'fleet.yaml', blobId: yaml, content: Buffer.from(yaml) }])).fleet;
}

export function render(fleet: Fleet, observedClusters: ReadonlyMap<string, ClusterStatus> = new Map()): Rendered {
  return renderFleet(fleet, createInterpreter([]), { sourceCommit: 'c0ffee', detect: {}, previousSchedules: new Map(), observedClusters });
}

/**
 * An EndpointSlice of `shop/web` with one endpoint per address, as a provider's endpointslice controller writes it:
 * with the labels of the Service, Flotilla's tracking among them.
 */
export function slice(name: string, addresses: string[], service = 'web'): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      name,
      namespace: 'shop',
      labels: {
        'kubernetes.io/service-name': service,
        'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
        'flotilla.io/managed-by': 'flotilla',
      },
    },
    addressType: 'IPv4',
    endpoints: addresses.map((a) => ({ addresses: [a], conditions: { ready: true } })),
    ports: [{ name: 'http', port: 80, protocol: 'TCP' }],
  };
}

export const NOT_READY: ClusterStatus = { conditions: [{ type: 'Ready', status: 'False', reason: 'ClusterNotReachable' }] };
