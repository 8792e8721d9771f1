/**
 * Escape attempts through a rendered template (issue 29 over issue 28's render roots): a render
 * root under the tenant's paths, `teams/shop/web/kustomization.yaml`, built by the real kustomize
 * (and helm, for a chart vendored in the tenant's folder), yields what the tenant may not write.
 * Each is refused in validate and plan naming the root's kustomization file, the tenant and the
 * rule, and is not propagated; a rendered template inside the grant is planned.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { planOffline } from '../../../src/reconcile/plan/plan.ts';
import { readFleet } from '../../../src/reconcile/pass/read-fleet.ts';
import { removeFixtures } from '../../source/helpers/git-fixture.ts';
import { tenancyFleet } from './fleet-fixture.ts';

afterAll(removeFixtures);

const ROOT = 'teams/shop/web';
const configMap = (namespace: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: escape, namespace: ${namespace}}\ndata: {a: b}\n`;
const resources = (files: Record<string, string>) => ({
  'kustomization.yaml': `resources:\n${Object.keys(files)
    .map((f) => `  - ${f}\n`)
    .join('')}`,
  ...files,
});

/** [what is tried, the rule it breaks, the files of the render root under teams/shop/web/]. */
const RENDERED_ESCAPES: [string, string, Record<string, string>][] = [
  ["a ConfigMap in another team's namespace", 'namespace', resources({ 'cm.yaml': configMap('payments') })],
  [
    'a ClusterRoleBinding to cluster-admin',
    'cluster-scoped',
    resources({
      'crb.yaml':
        'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: {name: escape}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}\nsubjects: [{kind: User, name: mallory, apiGroup: rbac.authorization.k8s.io}]\n',
    }),
  ],
  [
    'a PropagationPolicy placing on member3',
    'placement',
    resources({
      'cm.yaml': configMap('shop'),
      'pp.yaml':
        'apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: escape, namespace: shop}\nspec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap, name: escape}]\n  placement:\n    clusterAffinity: {clusterNames: [member3]}\n',
    }),
  ],
  [
    "a vendored Helm chart released into another team's namespace",
    'namespace',
    {
      'kustomization.yaml': 'helmGlobals:\n  chartHome: charts\nhelmCharts:\n  - name: escape\n    releaseName: escape\n    namespace: payments\n',
      'charts/escape/Chart.yaml': 'apiVersion: v2\nname: escape\nversion: 0.1.0\n',
      'charts/escape/values.yaml': '{}\n',
      'charts/escape/templates/cm.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n  namespace: {{ .Release.Namespace }}\ndata:\n  a: b\n',
    },
  ],
  [
    'a vendored Helm chart released in shop whose template writes kube-system',
    'namespace',
    {
      'kustomization.yaml': 'helmGlobals:\n  chartHome: charts\nhelmCharts:\n  - name: escape\n    releaseName: escape\n    namespace: shop\n',
      'charts/escape/Chart.yaml': 'apiVersion: v2\nname: escape\nversion: 0.1.0\n',
      'charts/escape/values.yaml': '{}\n',
      'charts/escape/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n  namespace: kube-system\ndata:\n  a: b\n',
    },
  ],
  [
    'a rendered OverridePolicy moving /metadata/namespace to kube-system',
    'override',
    resources({
      'op.yaml':
        'apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\nmetadata: {name: escape, namespace: shop}\nspec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]\n  overrideRules:\n    - overriders:\n        plaintext: [{path: /metadata/namespace, operator: replace, value: kube-system}]\n',
    }),
  ],
];

describe("a tenant's escape attempts through a rendered template", { timeout: 120_000 }, () => {
  const repo = tenancyFleet();
  const base = repo.git('rev-parse', 'HEAD');

  const plan = async (files: Record<string, string>) => {
    repo.git('checkout', '-q', '--detach', base);
    for (const [file, text] of Object.entries(files)) repo.write(`${ROOT}/${file}`, text);
    const commit = repo.commit('render root');
    const validated = await readFleet({ repo: repo.dir, ref: commit });
    const planned = await planOffline({ source: { repo: repo.dir, ref: commit } });
    const manifests = Object.entries(planned.document.works).flatMap(([cluster, items]) => items.map((m) => ({ cluster, m })));
    return { validated: validated.diagnostics, planned: planned.diagnostics, manifests };
  };

  it.each(RENDERED_ESCAPES)('%s is refused (rule %s)', async (_what, rule, files) => {
    const { validated, planned, manifests } = await plan(files);
    for (const found of [validated, planned]) {
      const refusals = found.filter((d) => d.severity === 'error');
      expect(refusals.map((d) => `${d.file} ${d.message}`)).toEqual([
        expect.stringMatching(new RegExp(`^teams/shop/web/kustomization\\.yaml .*tenant shop \\(rule ${rule}\\):.*refused`)),
      ]);
    }
    // Not propagated: nothing named escape anywhere; the rest of the fleet still planned.
    expect(manifests.filter(({ m }) => m.metadata.name === 'escape').map(({ cluster, m }) => `${cluster} ${m.kind}`)).toEqual([]);
    const placed = (name: string) =>
      manifests
        .filter(({ m }) => m.metadata.name === name)
        .map(({ cluster, m }) => `${cluster} ${m.kind} ${m.metadata.namespace}`)
        .sort();
    expect(placed('web')).toEqual(['member1 Deployment shop', 'member2 Deployment shop']);
    expect(placed('settings')).toEqual(['member1 ConfigMap payments', 'member2 ConfigMap payments', 'member3 ConfigMap payments']);
  });

  it('a rendered template inside the grant is planned', async () => {
    const { validated, planned, manifests } = await plan({
      'kustomization.yaml':
        'resources:\n  - cm.yaml\n  - pp.yaml\nhelmGlobals:\n  chartHome: charts\nhelmCharts:\n  - name: inside\n    releaseName: inside\n    namespace: shop-web\n',
      'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: rendered, namespace: shop}\ndata: {a: b}\n',
      'pp.yaml':
        'apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: rendered, namespace: shop}\nspec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap, name: rendered}]\n  placement:\n    clusterAffinity: {clusterNames: [member2]}\n',
      'charts/inside/Chart.yaml': 'apiVersion: v2\nname: inside\nversion: 0.1.0\n',
      'charts/inside/values.yaml': '{}\n',
      'charts/inside/templates/cm.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n  namespace: {{ .Release.Namespace }}\ndata:\n  a: b\n---\napiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata:\n  name: {{ .Release.Name }}\n  namespace: {{ .Release.Namespace }}\nspec:\n  resourceSelectors: [{apiVersion: v1, kind: ConfigMap, name: {{ .Release.Name }}}]\n  placement:\n    clusterAffinity: {clusterNames: [member1]}\n',
    });
    expect(validated.filter((d) => d.severity === 'error')).toEqual([]);
    expect(planned.filter((d) => d.severity === 'error')).toEqual([]);
    const placed = manifests
      .filter(({ m }) => m.metadata.name === 'rendered' || m.metadata.name === 'inside')
      .map(({ cluster, m }) => `${cluster} ${m.kind} ${m.metadata.namespace}/${m.metadata.name}`);
    expect(placed.sort()).toEqual(['member1 ConfigMap shop-web/inside', 'member2 ConfigMap shop/rendered']);
  });
});
