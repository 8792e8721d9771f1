import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../src/interpreter/index.ts';
import { POLICY_ANNOTATION, refKey } from '../../src/model/index.ts';
import { loadFleet } from '../../src/render/load/load-fleet.ts';
import { parseSources } from '../../src/render/parse/parse-sources.ts';
import { renderFleet } from '../../src/render/render-fleet.ts';
import type { Rendered } from '../../src/render/render-fleet.ts';

const CLUSTERS = ['member1', 'member2', 'member3']
  .map((name) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${name}}\nspec: {syncMode: Push}\n`)
  .join('---\n');
const SERVICE = 'apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: shop}\nspec: {selector: {app: web}, ports: [{name: http, port: 80}]}\n';
const mcs = (spec: string): string =>
  `apiVersion: networking.karmada.io/v1alpha1\nkind: MultiClusterService\nmetadata: {name: web, namespace: shop}\nspec: ${spec}\n`;
const policy = (kind: string, name: string, clusters: string[]): string => `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: ${name}, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: ${kind === 'Service' ? 'v1' : 'multicluster.x-k8s.io/v1alpha1'}, kind: ${kind}, name: web}]
  placement: {clusterAffinity: {clusterNames: [${clusters.join(', ')}]}}
`;
const DNS1123_LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const serviceImport = (type = 'ClusterSetIP'): string =>
  `apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ServiceImport\nmetadata: {name: web, namespace: shop}\nspec: {type: ${type}, ports: [{name: http, protocol: TCP, port: 80}]}\n`;

function render(...docs: string[]): Rendered & { messages: string[] } {
  const yaml = [CLUSTERS, ...docs].join('---\n');
  const parsed = parseSources([{ path: 'fleet.yaml', blobId: yaml, content: Buffer.from(yaml) }]);
  const { fleet, diagnostics } = loadFleet(parsed);
  const rendered = renderFleet(fleet, createInterpreter([]), { sourceCommit: 'c0ffee', detect: {}, previousSchedules: new Map(), observedClusters: new Map() });
  return { ...rendered, messages: [...diagnostics, ...rendered.diagnostics].map((d) => `${d.severity}: ${d.message}`) };
}

/** Per member, `Kind/name` of each manifest of the Work in namespace shop. */
function works(r: Rendered): Record<string, string[]> {
  return Object.fromEntries(
    [...r.works].map(([cluster, items]) => [
      cluster,
      items.filter((i) => i.manifest.metadata.namespace === 'shop').map((i) => `${i.manifest.kind}/${i.manifest.metadata.name}`),
    ]),
  );
}

describe('MultiClusterService: its Service goes to the providers and the consumers', () => {
  it.each<[string, string, Record<string, string[]>]>([
    [
      'named providers and consumers',
      mcs('{types: [CrossCluster], providerClusters: [{name: member1}], consumerClusters: [{name: member2}]}'),
      { member1: ['Service/web'], member2: ['Service/web'], member3: [] },
    ],
    [
      'no consumers named: every member consumes',
      mcs('{types: [CrossCluster], providerClusters: [{name: member1}]}'),
      { member1: ['Service/web'], member2: ['Service/web'], member3: ['Service/web'] },
    ],
    ['LoadBalancer only: the Service is left to the policies', mcs('{types: [LoadBalancer]}'), { member1: [], member2: [], member3: ['Service/web'] }],
  ])('%s', (_name, doc, want) => {
    const r = render(SERVICE, policy('Service', 'web', ['member3']), doc);
    expect(works(r)).toEqual(want);
  });

  it('claims its Service ahead of any PropagationPolicy, with Overwrite, as the policy of the binding', () => {
    const r = render(
      SERVICE,
      policy('Service', 'web', ['member3']),
      mcs('{types: [CrossCluster], providerClusters: [{name: member1}], consumerClusters: [{name: member2}]}'),
    );
    const binding = r.bindings.find((b) => b.template.object.kind === 'Service')?.binding;
    expect(binding).toMatchObject({
      policy: { kind: 'MultiClusterService', namespace: 'shop', name: 'web' },
      conflictResolution: 'Overwrite',
      placement: { clusterAffinity: { clusterNames: ['member1', 'member2'] } },
    });
    const service = r.works.get('member2')?.find((i) => i.manifest.kind === 'Service');
    expect(service?.manifest.metadata.annotations?.[POLICY_ANNOTATION]).toBe('MultiClusterService/shop/web');
  });

  it('is loaded without a warning; LoadBalancer exposure is said not to be implemented', () => {
    expect(render(SERVICE, mcs('{types: [CrossCluster]}')).messages).toEqual([]);
    expect(render(SERVICE, mcs('{types: [LoadBalancer]}')).messages).toContain(
      "warning: MultiClusterService/shop/web: spec.types: Flotilla does not implement LoadBalancer exposure (a cloud provider's multi-cluster load balancer does); this MultiClusterService changes nothing",
    );
  });
});

describe('ServiceImport: the derived Service goes with it to its consumers', () => {
  it('a ClusterSetIP import takes derived-<name>, ClusterIP with its ports, to the members it is propagated to', () => {
    const r = render(policy('ServiceImport', 'import', ['member2', 'member3']), serviceImport());
    expect(r.messages).toEqual([]);
    expect(works(r)).toEqual({ member1: [], member2: ['Service/derived-web', 'ServiceImport/web'], member3: ['Service/derived-web', 'ServiceImport/web'] });
    const derived = r.works.get('member2')?.find((i) => i.manifest.kind === 'Service')?.manifest;
    expect(derived?.['spec']).toEqual({ type: 'ClusterIP', ports: [{ name: 'http', protocol: 'TCP', port: 80 }] });
    expect(r.requiredBy.get(refKey({ apiVersion: 'v1', kind: 'Service', namespace: 'shop', name: 'derived-web' }))).toEqual({
      clusters: ['member2', 'member3'],
      requiredBy: [refKey({ apiVersion: 'multicluster.x-k8s.io/v1alpha1', kind: 'ServiceImport', namespace: 'shop', name: 'web' })],
    });
  });

  it.each<[string, string[], string]>([
    [
      'a Headless import derives nothing, as in Karmada',
      [serviceImport('Headless')],
      'warning: ServiceImport/shop/web: spec.type: a Headless ServiceImport gets no derived Service (Karmada derives one for ClusterSetIP only)',
    ],
    [
      'a derived Service the repository defines itself is used as written',
      [serviceImport(), 'apiVersion: v1\nkind: Service\nmetadata: {name: derived-web, namespace: shop}\nspec: {ports: [{port: 81}]}\n'],
      'warning: ServiceImport/shop/web: the repository defines Service shop/derived-web itself; it is used instead of the Service Karmada derives from this ServiceImport',
    ],
  ])('%s', (_name, docs, want) => {
    expect(render(policy('ServiceImport', 'import', ['member2']), ...docs).messages).toContain(want);
  });

  it.each<[string, string, string]>([
    ['ports not a list', '{type: ClusterSetIP, ports: x}', 'spec.ports: must be of type array, got string'],
    ['ports missing', '{type: ClusterSetIP, ips: []}', 'spec.ports: Required value'],
    ['a port without its number', '{type: ClusterSetIP, ports: [{name: http}]}', 'spec.ports[0].port: Required value'],
    ['a port number as a string', '{type: ClusterSetIP, ports: [{port: "80"}]}', 'spec.ports[0].port: must be of type integer, got string'],
    ['a port that is not an object', '{type: ClusterSetIP, ports: [7]}', 'spec.ports[0]: must be of type object, got integer'],
    [
      'a protocol that is not a string',
      '{type: ClusterSetIP, ports: [{port: 80, protocol: 6}]}',
      'spec.ports[0].protocol: must be of type string, got integer',
    ],
    [
      'a field ServicePort does not have',
      '{type: ClusterSetIP, ports: [{port: 80, targetPort: 8080}]}',
      'spec.ports[0].targetPort: unknown field "targetPort"',
    ],
    ['no type', '{ports: [{port: 80}]}', 'spec.type: Required value'],
    [
      'a type that is neither ClusterSetIP nor Headless',
      '{type: LoadBalancer, ports: [{port: 80}]}',
      'spec.type: Unsupported value: "LoadBalancer": supported values: "ClusterSetIP", "Headless"',
    ],
    ['more than one IP', '{type: ClusterSetIP, ports: [{port: 80}], ips: [10.0.0.1, 10.0.0.2]}', 'spec.ips: Too many: 2: must have at most 1 items'],
  ])("an import the MCS API's schema refuses (%s) is an error at the field, and is not propagated", (_name, spec, want) => {
    const doc = `apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ServiceImport\nmetadata: {name: web, namespace: shop}\nspec: ${spec}\n`;
    const r = render(policy('ServiceImport', 'import', ['member2']), doc);
    expect(r.messages).toContain(`error: ServiceImport/shop/web: ${want}`);
    expect(works(r)['member2']).toEqual([]);
  });

  it.each([
    ['without a spec', ''],
    ['with an empty type', 'spec: {type: "", ports: [{port: 80}]}\n'],
  ])('an import %s is accepted and derives nothing, with a warning', (_name, spec) => {
    const doc = `apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ServiceImport\nmetadata: {name: web, namespace: shop}\n${spec}`;
    const r = render(policy('ServiceImport', 'import', ['member2']), doc);
    expect(r.messages).toContain(
      'warning: ServiceImport/shop/web: spec.type: a typeless ServiceImport gets no derived Service (Karmada derives one for ClusterSetIP only)',
    );
    expect(works(r)['member2']).toEqual(['ServiceImport/web']);
  });

  it.each<[string, string, string]>([
    ['a port past 65535', '[{name: a, port: 80}, {name: b, port: 70000}]', 'spec.ports[1].port: Invalid value: 70000: must be an integer between 1 and 65535'],
    ['no port at all', '[]', 'spec.ports: Required value: a ClusterIP Service needs at least one port'],
    ['an unnamed port beside another', '[{name: http, port: 80}, {port: 443}]', 'spec.ports[1].name: Required value'],
    ['a name that is no DNS-1123 label', '[{name: Web, port: 80}]', `spec.ports[0].name: Invalid value: "Web": ${DNS1123_LABEL}`],
    ['a name used twice', '[{name: http, port: 80}, {name: http, port: 81}]', 'spec.ports[1].name: Duplicate value: "http"'],
    [
      'a protocol a Service has not',
      '[{port: 80, protocol: HTTP}]',
      'spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
    ],
    [
      'one port and protocol twice',
      '[{name: a, port: 80}, {name: b, port: 80, protocol: TCP}]',
      'spec.ports[1]: Duplicate value: {"port":80,"protocol":"TCP"}',
    ],
  ])('ports the derived Service cannot take (%s) are an error naming the field; the import goes without a derived Service', (_name, ports, want) => {
    const doc = `apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ServiceImport\nmetadata: {name: web, namespace: shop}\nspec: {type: ClusterSetIP, ports: ${ports}}\n`;
    const r = render(policy('ServiceImport', 'import', ['member2']), doc);
    expect(r.messages).toContain(`error: ServiceImport/shop/web: ${want} (its derived Service needs the ports)`);
    expect(works(r)['member2']).toEqual(['ServiceImport/web']);
  });

  it('the same port over two protocols, each named, derives a Service with both', () => {
    const doc = `apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ServiceImport\nmetadata: {name: web, namespace: shop}\nspec: {type: ClusterSetIP, ports: [{name: dns, port: 53, protocol: UDP}, {name: dns-tcp, port: 53, protocol: TCP}]}\n`;
    const r = render(policy('ServiceImport', 'import', ['member2']), doc);
    expect(r.messages).toEqual([]);
    expect(works(r)['member2']).toEqual(['Service/derived-web', 'ServiceImport/web']);
  });

  it.each<[string, string, string[]]>([
    ['a ServiceExport has no spec', 'spec: {}\n', ['error: ServiceExport/shop/web: spec: unknown field "spec"']],
    ['a ServiceExport with only metadata is valid', '', []],
  ])('%s', (_name, extra, want) => {
    const doc = `apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ServiceExport\nmetadata: {name: web, namespace: shop}\n${extra}`;
    expect(render(doc).messages).toEqual(want);
  });

  it("the repository's own CRD for ServiceImport replaces the schema Karmada installs", () => {
    const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: serviceimports.multicluster.x-k8s.io}
spec:
  group: multicluster.x-k8s.io
  scope: Namespaced
  names: {kind: ServiceImport, plural: serviceimports, singular: serviceimport}
  versions:
  - name: v1alpha1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
`;
    const doc =
      'apiVersion: multicluster.x-k8s.io/v1alpha1\nkind: ServiceImport\nmetadata: {name: web, namespace: shop}\nspec: {type: ClusterSetIP, ports: [{port: 80}], ips: [a, b]}\n';
    expect(render(crd, doc).messages.filter((m) => m.startsWith('error'))).toEqual([]);
  });

  it('an import whose derived name is too long for a Service is an error naming it', () => {
    const name = 'w'.repeat(60);
    const doc = serviceImport().replace('name: web', `name: ${name}`);
    expect(render(doc).messages).toContain(
      `error: ServiceImport/shop/${name}: metadata.name: its derived Service derived-${name} is not a valid Service name: must be no more than 63 bytes`,
    );
  });
});
