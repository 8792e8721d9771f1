/**
 * The tenancy rules take a template's tenant from its origin file, whatever made it: a rendered
 * template (Helm, Kustomize) carries its render root's kustomization file, so the root's folder
 * decides. Also the checks only a render can make: the scheduling result of a tenant's policy,
 * and a manifest a tenant's OverridePolicy moved.
 */
import { describe, expect, it } from 'vitest';
import { builtinIsNamespaced } from '../../../src/model/index.ts';
import type { KubeObject, ScheduledBinding, SourceObject, Tenant } from '../../../src/model/index.ts';
import type { FleetLocator } from '../../../src/render/check/locate.ts';
import { emptyFleet } from '../../../src/render/load/fleet.ts';
import { ownership, refuseOutsideGrants, refuseRendered } from '../../../src/render/tenancy/index.ts';
import type { WorkItem } from '../../../src/render/works/work.ts';

const SHOP: Tenant = {
  name: 'shop',
  paths: ['teams/shop/**'],
  namespaces: ['shop'],
  clusters: { clusterNames: ['member1'] },
  clusterScoped: [],
  owners: [],
};
const ownerOf = ownership([SHOP], '');
const locate: FleetLocator = (source, _path, message) => ({ ...source.origin, severity: 'warning', message });
const at = (file: string, object: KubeObject): SourceObject => ({ object, origin: { file, line: 1, column: 1 } });
const configMap = (namespace: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web', namespace } });
const cluster = (name: string) => ({ apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster', metadata: { name }, spec: {} });

describe("a rendered template is its render root's", () => {
  it.each([
    ['teams/shop/web/kustomization.yaml', 'payments', ['teams/shop/web/kustomization.yaml tenant shop (rule namespace)']],
    ['teams/shop/web/kustomization.yaml', 'shop', []],
    ['platform/web/kustomization.yaml', 'payments', []],
  ])('%s writing into %s', (file, namespace, refused) => {
    const fleet = emptyFleet(builtinIsNamespaced);
    fleet.templates.push(at(file, configMap(namespace)));
    const { fleet: kept, diagnostics } = refuseOutsideGrants(fleet, ownerOf, locate);
    expect(diagnostics.map((d) => `${d.file} ${d.message.slice(0, d.message.indexOf(':'))}`)).toEqual(refused);
    expect(kept.templates).toHaveLength(refused.length === 0 ? 1 : 0);
  });
});

describe('what only the render knows', () => {
  const policy = at('teams/shop/policy.yaml', {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'PropagationPolicy',
    metadata: { name: 'web', namespace: 'shop' },
    spec: { resourceSelectors: [] },
  });
  const template = at('teams/shop/web.yaml', configMap('shop'));
  const item = (manifest: KubeObject): WorkItem => ({
    manifest,
    template: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'web' },
    suspended: false,
    preserveOnDeletion: false,
  });
  const binding = (clusters: string[], policyFile: 'tenant' | 'platform') =>
    ({
      resource: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'web' },
      policy: { kind: policyFile === 'tenant' ? 'PropagationPolicy' : 'ClusterPropagationPolicy', namespace: 'shop', name: 'web' },
      clusters: clusters.map((name) => ({ name, replicas: 0 })),
    }) as unknown as ScheduledBinding;

  it.each([
    ['a tenant policy scheduled inside its clusters', ['member1'], 'tenant', configMap('shop'), []],
    ['a tenant policy scheduled to member2', ['member1', 'member2'], 'tenant', configMap('shop'), ['teams/shop/policy.yaml placement']],
    ['a platform ClusterPropagationPolicy anywhere', ['member1', 'member2'], 'platform', configMap('shop'), []],
    ['a manifest a tenant OverridePolicy moved to kube-system', ['member1'], 'tenant', configMap('kube-system'), ['teams/shop/override.yaml override']],
  ] as const)('%s', (_what, clusters, policyFile, manifest, refused) => {
    const fleet = emptyFleet(builtinIsNamespaced);
    fleet.templates.push(template);
    fleet.propagationPolicies.push(policy as never);
    fleet.overridePolicies.push(
      at('teams/shop/override.yaml', {
        apiVersion: 'policy.karmada.io/v1alpha1',
        kind: 'OverridePolicy',
        metadata: { name: 'o', namespace: 'shop' },
        spec: {},
      }) as never,
    );
    const works = new Map(clusters.map((c) => [c, [item(manifest)]]));
    const result = refuseRendered(
      fleet,
      {
        clusters: ['member1', 'member2'].map(cluster) as never,
        bindings: [{ template, claim: {} as never, binding: binding([...clusters], policyFile) }],
        works,
      },
      ownerOf,
      locate,
    );
    expect(result.diagnostics.map((d) => `${d.file} ${/rule ([a-z-]+)/.exec(d.message)?.[1]}`)).toEqual(refused);
    expect([...result.works.values()].flat()).toHaveLength(refused.length === 0 ? clusters.length : 0);
  });

  it("a manifest the platform's own policies moved is the platform's doing, and stays", () => {
    const fleet = emptyFleet(builtinIsNamespaced);
    fleet.templates.push(template);
    const works = new Map([['member1', [item(configMap('kube-system'))]]]);
    const result = refuseRendered(fleet, { clusters: [cluster('member1')] as never, bindings: [], works }, ownerOf, locate);
    expect(result.diagnostics).toEqual([]);
    expect(result.works.get('member1')).toHaveLength(1);
  });
});
