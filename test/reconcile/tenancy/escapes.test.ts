/**
 * Escape attempts from a tenant's folder (docs/deploy.md#tenants), each through a real git
 * repository and the offline plan (read, validate, render): refused with an error naming the
 * file, the tenant and the rule; not propagated; and the rest of the fleet still planned.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { planOffline } from '../../../src/reconcile/plan/plan.ts';
import { readFleet } from '../../../src/reconcile/pass/read-fleet.ts';
import { removeFixtures } from '../../source/helpers/git-fixture.ts';
import { SHOP_WEB, tenancyFleet } from './fleet-fixture.ts';

afterAll(removeFixtures);

const PP = 'apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy';
const OP = 'apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy';
const selectWeb = 'resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]';
const plaintext = (op: string) => `${OP}
metadata: {name: escape, namespace: shop}
spec:
  ${selectWeb}
  overrideRules:
    - overriders:
        plaintext: [${op}]
`;

/** [what is tried, the rule it breaks, the file's YAML under teams/shop/]. */
const ESCAPES: [string, string, string][] = [
  ["a ConfigMap in another team's namespace", 'namespace', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: escape, namespace: payments}\ndata: {a: b}\n'],
  ['a ConfigMap without a namespace (lives in default)', 'namespace', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: escape}\ndata: {a: b}\n'],
  [
    'a Deployment in kube-system',
    'namespace',
    'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: escape, namespace: kube-system}\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec: {containers: [{name: c, image: busybox}]}\n',
  ],
  [
    "a PropagationPolicy in another team's namespace",
    'namespace',
    `${PP}\nmetadata: {name: escape, namespace: payments}\nspec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n  placement: {clusterAffinity: {clusterNames: [member1]}}\n`,
  ],
  [
    "an OverridePolicy acting in another team's namespace",
    'namespace',
    `${OP}\nmetadata: {name: escape, namespace: payments}\nspec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n  overrideRules:\n    - overriders:\n        labelsOverrider: [{operator: add, value: {owned: shop}}]\n`,
  ],
  [
    'a ClusterRoleBinding to cluster-admin',
    'cluster-scoped',
    'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: {name: escape}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}\nsubjects: [{kind: User, name: mallory, apiGroup: rbac.authorization.k8s.io}]\n',
  ],
  ['a Namespace', 'cluster-scoped', 'apiVersion: v1\nkind: Namespace\nmetadata: {name: escape}\n'],
  ['a Cluster object', 'platform-kind', 'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: escape}\nspec: {syncMode: Push}\n'],
  [
    'a ClusterPropagationPolicy',
    'platform-kind',
    'apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterPropagationPolicy\nmetadata: {name: escape}\nspec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n',
  ],
  [
    'a ClusterOverridePolicy',
    'platform-kind',
    `apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterOverridePolicy\nmetadata: {name: escape}\nspec:\n  ${selectWeb}\n  overrideRules:\n    - overriders:\n        labelsOverrider: [{operator: add, value: {a: b}}]\n`,
  ],
  [
    'a ResourceInterpreterCustomization (Lua in the hub)',
    'platform-kind',
    'apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterCustomization\nmetadata: {name: escape}\nspec:\n  target: {apiVersion: apps/v1, kind: Deployment}\n  customizations:\n    healthInterpretation:\n      luaScript: |\n        function InterpretHealth(observedObj)\n          return true\n        end\n',
  ],
  [
    'a ClusterTaintPolicy',
    'platform-kind',
    'apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterTaintPolicy\nmetadata: {name: escape}\nspec:\n  taints: [{key: not-ready, effect: NoExecute}]\n  addOnConditions: [{conditionType: Ready, operator: In, statusValues: ["False"]}]\n',
  ],
  [
    'a ResourceRegistry',
    'platform-kind',
    'apiVersion: search.karmada.io/v1alpha1\nkind: ResourceRegistry\nmetadata: {name: escape}\nspec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n',
  ],
  [
    'a policy with no affinity (every cluster)',
    'placement',
    `${PP}\nmetadata: {name: escape, namespace: shop}\nspec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n`,
  ],
  [
    'a policy whose label selector matches member3',
    'placement',
    `${PP}\nmetadata: {name: escape, namespace: shop}\nspec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n  placement:\n    clusterAffinity: {labelSelector: {matchLabels: {env: prod}}}\n`,
  ],
  [
    'a policy whose second affinity term names member3',
    'placement',
    `${PP}\nmetadata: {name: escape, namespace: shop}\nspec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]\n  placement:\n    clusterAffinities:\n      - {affinityName: primary, clusterNames: [member1]}\n      - {affinityName: backup, clusterNames: [member3]}\n`,
  ],
  [
    'a MultiClusterService exposing to every member',
    'placement',
    'apiVersion: networking.karmada.io/v1alpha1\nkind: MultiClusterService\nmetadata: {name: escape, namespace: shop}\nspec:\n  types: [CrossCluster]\n  providerClusters: [{name: member1}]\n',
  ],
  ['an override moving /metadata/namespace to kube-system', 'override', plaintext('{path: /metadata/namespace, operator: replace, value: kube-system}')],
  ['an override removing /metadata/namespace (default)', 'override', plaintext('{path: /metadata/namespace, operator: remove}')],
  ['an override rewriting /kind (cluster-scoped)', 'override', plaintext('{path: /kind, operator: replace, value: ClusterRole}')],
  ['an override replacing /metadata whole', 'override', plaintext('{path: /metadata, operator: replace, value: {name: web, namespace: kube-system}}')],
];

describe("a tenant's escape attempts", { timeout: 120_000 }, () => {
  const repo = tenancyFleet();
  const base = repo.git('rev-parse', 'HEAD');

  it.each(ESCAPES)('%s is refused (rule %s)', async (_what, rule, yaml) => {
    repo.git('checkout', '-q', '--detach', base);
    repo.write('teams/shop/escape.yaml', yaml);
    const commit = repo.commit('escape');
    const validated = await readFleet({ repo: repo.dir, ref: commit });
    const { document, diagnostics } = await planOffline({ source: { repo: repo.dir, ref: commit } });
    for (const found of [validated.diagnostics, diagnostics]) {
      const refusals = found.filter((d) => d.severity === 'error');
      expect(refusals.map((d) => `${d.file} ${d.message}`)).toEqual([
        expect.stringMatching(new RegExp(`^teams/shop/escape\\.yaml .*tenant shop \\(rule ${rule}\\):.*refused`)),
      ]);
    }
    const manifests = Object.entries(document.works).flatMap(([cluster, items]) => items.map((m) => ({ cluster, m })));
    // Not propagated: nothing named escape; shop's Deployment as its own policy places it, no refused override on it.
    expect(manifests.filter(({ m }) => m.metadata.name === 'escape')).toEqual([]);
    const web = manifests.filter(({ m }) => m.metadata.name === 'web');
    expect(web.map(({ cluster, m }) => `${cluster} ${m.kind} ${m.metadata.namespace}`).sort()).toEqual(['member1 Deployment shop', 'member2 Deployment shop']);
    // Everything else still planned: the platform's ConfigMap in payments reaches every member.
    expect(
      manifests
        .filter(({ m }) => m.metadata.name === 'settings')
        .map(({ cluster }) => cluster)
        .sort(),
    ).toEqual(['member1', 'member2', 'member3']);
  });

  it("a platform ClusterPropagationPolicy places a tenant's Deployment anywhere", async () => {
    repo.git('checkout', '-q', '--detach', base);
    repo.write('teams/shop/web.yaml', SHOP_WEB.slice(0, SHOP_WEB.indexOf('---')));
    repo.write(
      'platform/shop-everywhere.yaml',
      'apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterPropagationPolicy\nmetadata: {name: shop-everywhere}\nspec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, namespace: shop}]\n',
    );
    const commit = repo.commit('platform places shop');
    const { document, diagnostics } = await planOffline({ source: { repo: repo.dir, ref: commit } });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const placed = Object.entries(document.works).filter(([, items]) => items.some((m) => m.metadata.name === 'web'));
    expect(placed.map(([cluster]) => cluster).sort()).toEqual(['member1', 'member2', 'member3']);
  });
});
