import { describe, expect, it } from 'vitest';
import type { Cluster, KubeObject, OverridePolicy, OverrideSpec, RuleWithCluster } from '../../../src/model/index.ts';
import { applyOverrides, applyPrepared, OverrideError, prepareOverrides, type OverrideSet } from '../../../src/render/overrides/index.ts';

function cluster(name: string, labels: Record<string, string> = {}, spec: Cluster['spec'] = {}): Cluster {
  return { apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster', metadata: { name, labels }, spec };
}

const deployment: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'nginx', namespace: 'default', labels: { app: 'nginx' } },
  spec: { replicas: 1, template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } } },
};

const clusterRole: KubeObject = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'viewer' } };

/** A rule that appends its tag to annotation `trail`, so the order of application is visible. */
function mark(tag: string, clusterNames?: string[]): RuleWithCluster {
  return {
    ...(clusterNames ? { targetCluster: { clusterNames } } : {}),
    overriders: { annotationsOverrider: [{ operator: 'add', value: { [`trail.${tag}`]: tag } }] },
  };
}

function op(name: string, spec: OverrideSpec, namespace = 'default'): OverridePolicy {
  return { apiVersion: 'policy.karmada.io/v1alpha1', kind: 'OverridePolicy', metadata: { name, namespace }, spec };
}

function cop(name: string, spec: OverrideSpec): OverridePolicy {
  return { apiVersion: 'policy.karmada.io/v1alpha1', kind: 'ClusterOverridePolicy', metadata: { name }, spec };
}

const byName = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'nginx' };
const byLabel = { apiVersion: 'apps/v1', kind: 'Deployment', labelSelector: { matchLabels: { app: 'nginx' } } };
const allDeployments = { apiVersion: 'apps/v1', kind: 'Deployment' };

function trail(set: OverrideSet, template: KubeObject, target: Cluster): string[] {
  const outcome = applyOverrides(template, target, set);
  if (!outcome.ok) throw outcome.error;
  return Object.keys(outcome.manifest.metadata.annotations ?? {}).map((k) => k.slice('trail.'.length));
}

describe('which override policies apply, and in what order (docs/karmada-compatibility.md#which-overrides-apply)', () => {
  const getMatching: OverrideSet = {
    clusterOverridePolicies: [],
    overridePolicies: [
      op('overridePolicy1', { resourceSelectors: [byName], overrideRules: [mark('A', ['cluster1', 'cluster2']), mark('B', ['cluster2'])] }),
      op('overridePolicy2', { overrideRules: [mark('C', ['cluster1', 'cluster2'])] }),
    ],
  };

  it.each<[string, OverrideSet, KubeObject, Cluster, string[]]>([
    ['TestGetMatchingOverridePolicies for cluster1: C, A', getMatching, deployment, cluster('cluster1'), ['C', 'A']],
    ['TestGetMatchingOverridePolicies for cluster2: C, A, B', getMatching, deployment, cluster('cluster2'), ['C', 'A', 'B']],
    [
      'cluster policies run before namespaced ones whatever their specificity',
      {
        clusterOverridePolicies: [cop('z', { overrideRules: [mark('cop')] })],
        overridePolicies: [op('a', { resourceSelectors: [byName], overrideRules: [mark('op')] })],
      },
      deployment,
      cluster('m1'),
      ['cop', 'op'],
    ],
    [
      'less specific first: match-all, then label selector, then name',
      {
        clusterOverridePolicies: [
          cop('a-name', { resourceSelectors: [byName], overrideRules: [mark('name')] }),
          cop('b-label', { resourceSelectors: [byLabel], overrideRules: [mark('label')] }),
          cop('c-kind', { resourceSelectors: [allDeployments], overrideRules: [mark('kind')] }),
          cop('d-empty', { overrideRules: [mark('empty')] }),
        ],
        overridePolicies: [],
      },
      deployment,
      cluster('m1'),
      ['kind', 'empty', 'label', 'name'],
    ],
    [
      'equal priorities sort by name, bytewise',
      {
        clusterOverridePolicies: [cop('b', { overrideRules: [mark('b')] }), cop('B', { overrideRules: [mark('B')] }), cop('a', { overrideRules: [mark('a')] })],
        overridePolicies: [],
      },
      deployment,
      cluster('m1'),
      ['B', 'a', 'b'],
    ],
    [
      'a policy takes the best of its selectors',
      {
        clusterOverridePolicies: [
          cop('a', { resourceSelectors: [allDeployments, byName], overrideRules: [mark('best-name')] }),
          cop('b', { resourceSelectors: [byLabel], overrideRules: [mark('label')] }),
        ],
        overridePolicies: [],
      },
      deployment,
      cluster('m1'),
      ['label', 'best-name'],
    ],
    [
      'non-matching selectors leave a policy out',
      {
        clusterOverridePolicies: [cop('a', { resourceSelectors: [{ apiVersion: 'apps/v1', kind: 'StatefulSet' }], overrideRules: [mark('x')] })],
        overridePolicies: [],
      },
      deployment,
      cluster('m1'),
      [],
    ],
    [
      'OverridePolicies of other namespaces do not apply',
      {
        clusterOverridePolicies: [],
        overridePolicies: [op('other', { overrideRules: [mark('x')] }, 'kube-system'), op('mine', { overrideRules: [mark('y')] })],
      },
      deployment,
      cluster('m1'),
      ['y'],
    ],
    [
      'cluster-scoped templates get ClusterOverridePolicies only',
      { clusterOverridePolicies: [cop('c', { overrideRules: [mark('cop')] })], overridePolicies: [op('o', { overrideRules: [mark('op')] })] },
      clusterRole,
      cluster('m1'),
      ['cop'],
    ],
    [
      'the deprecated single-rule form is one rule',
      { clusterOverridePolicies: [cop('legacy', { targetCluster: { clusterNames: ['cluster1'] }, overriders: mark('L').overriders })], overridePolicies: [] },
      deployment,
      cluster('cluster1'),
      ['L'],
    ],
    [
      'the deprecated form does not apply to other clusters',
      { clusterOverridePolicies: [cop('legacy', { targetCluster: { clusterNames: ['cluster1'] }, overriders: mark('L').overriders })], overridePolicies: [] },
      deployment,
      cluster('cluster2'),
      [],
    ],
    [
      'targetCluster matches by labels, field selector and exclude',
      {
        clusterOverridePolicies: [
          cop('a', {
            overrideRules: [
              { targetCluster: { labelSelector: { matchLabels: { env: 'prod' } } }, overriders: mark('label').overriders },
              {
                targetCluster: { fieldSelector: { matchExpressions: [{ key: 'region', operator: 'In', values: ['eu'] }] } },
                overriders: mark('region').overriders,
              },
              { targetCluster: { exclude: ['m1'] }, overriders: mark('excluded').overriders },
              { targetCluster: { labelSelector: { matchLabels: { env: 'dev' } } }, overriders: mark('dev').overriders },
            ],
          }),
        ],
        overridePolicies: [],
      },
      deployment,
      cluster('m1', { env: 'prod' }, { region: 'eu' }),
      ['label', 'region'],
    ],
  ])('%s', (_name, set, template, target, want) => {
    expect(trail(set, template, target)).toEqual(want);
  });
});

describe('rule application', () => {
  it('runs the overriders of a rule in Karmada order: image before plaintext', () => {
    const set: OverrideSet = {
      clusterOverridePolicies: [
        cop('p', {
          overrideRules: [
            {
              overriders: {
                plaintext: [
                  { path: '/metadata/labels/seen', operator: 'add', value: 'x' },
                  { path: '/spec/template/spec/containers/0/image', operator: 'replace', value: 'plain:1' },
                ],
                imageOverrider: [{ component: 'Registry', operator: 'replace', value: 'r.io' }],
                labelsOverrider: [{ operator: 'add', value: { seen: 'label' } }],
              },
            },
          ],
        }),
      ],
      overridePolicies: [],
    };
    const outcome = applyOverrides(deployment, cluster('m1'), set);
    expect(outcome.ok && outcome.manifest['spec']).toEqual({ replicas: 1, template: { spec: { containers: [{ name: 'nginx', image: 'plain:1' }] } } });
    expect(outcome.ok && outcome.manifest.metadata.labels).toEqual({ app: 'nginx', seen: 'x' });
  });

  it('reports one applied entry per rule, sorted by policy name, for each group', () => {
    const set: OverrideSet = {
      clusterOverridePolicies: [
        cop('zeta', { overrideRules: [mark('1'), mark('2')] }),
        cop('alpha', { resourceSelectors: [byName], overrideRules: [mark('3')] }),
      ],
      overridePolicies: [op('beta', { overrideRules: [mark('4')] })],
    };
    const outcome = applyOverrides(deployment, cluster('m1'), set);
    if (!outcome.ok) throw outcome.error;
    expect(outcome.appliedClusterOverrides.map((a) => a.policyName)).toEqual(['alpha', 'zeta', 'zeta']);
    expect(outcome.appliedClusterOverrides[1]?.overriders).toEqual(mark('1').overriders);
    expect(outcome.appliedOverrides.map((a) => a.policyName)).toEqual(['beta']);
  });

  it('never mutates the template or policy values across the patches of one render', () => {
    const labels = { team: 'a' };
    const set: OverrideSet = {
      clusterOverridePolicies: [
        cop('a', { overrideRules: [{ overriders: { plaintext: [{ path: '/metadata/labels', operator: 'add', value: labels }] } }] }),
        cop('b', {
          overrideRules: [
            {
              overriders: {
                labelsOverrider: [{ operator: 'add', value: { extra: 'x' } }],
                plaintext: [{ path: '/spec/replicas', operator: 'replace', value: 3 }],
              },
            },
          ],
        }),
      ],
      overridePolicies: [op('c', { overrideRules: [{ overriders: { imageOverrider: [{ component: 'Tag', operator: 'replace', value: 'v2' }] } }] })],
    };
    const before = JSON.stringify(deployment);
    const outcome = applyOverrides(deployment, cluster('m1'), set);
    expect(outcome.ok && outcome.manifest.metadata.labels).toEqual({ team: 'a', extra: 'x' });
    expect(outcome.ok && JSON.stringify(outcome.manifest['spec'])).toBe(
      '{"replicas":3,"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:v2"}]}}}',
    );
    expect(labels).toEqual({ team: 'a' });
    expect(JSON.stringify(deployment)).toBe(before);
  });

  it('returns the manifest itself when nothing applies', () => {
    const outcome = applyOverrides(deployment, cluster('m1'), { clusterOverridePolicies: [], overridePolicies: [] });
    expect(outcome).toEqual({ ok: true, manifest: deployment, appliedClusterOverrides: [], appliedOverrides: [] });
    expect(outcome.ok && outcome.manifest).toBe(deployment);
  });

  it('keeps integers integral after patching', () => {
    const set: OverrideSet = {
      clusterOverridePolicies: [cop('r', { overrideRules: [{ overriders: { plaintext: [{ path: '/spec/replicas', operator: 'replace', value: 5 }] } }] })],
      overridePolicies: [],
    };
    const outcome = applyOverrides(deployment, cluster('m1'), set);
    expect(outcome.ok && JSON.stringify(outcome.manifest['spec'])).toContain('"replicas":5,');
  });

  it('fails when a patch removes the kind, as Karmada decoding does', () => {
    const set: OverrideSet = {
      clusterOverridePolicies: [cop('k', { overrideRules: [{ overriders: { plaintext: [{ path: '/kind', operator: 'remove' }] } }] })],
      overridePolicies: [],
    };
    const outcome = applyOverrides(deployment, cluster('m1'), set);
    expect(outcome.ok ? undefined : outcome.error.data.path).toBe('/kind');
  });

  it('rewrites a field once per template and text, and gives every cluster the same result', () => {
    const configMap: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' }, data: { 'a.yaml': 'x: 1\n' } };
    const set: OverrideSet = {
      clusterOverridePolicies: [
        cop('f', {
          overrideRules: [{ overriders: { fieldOverrider: [{ fieldPath: '/data/a.yaml', yaml: [{ subPath: '/x', operator: 'replace', value: 2 }] }] } }],
        }),
      ],
      overridePolicies: [],
    };
    const prepared = prepareOverrides(configMap, set);
    const outcomes = ['a', 'b'].map((name) => applyPrepared(configMap, cluster(name), prepared));
    expect(outcomes.map((o) => o.ok && o.manifest['data'])).toEqual([{ 'a.yaml': 'x: 2\n' }, { 'a.yaml': 'x: 2\n' }]);
    expect([...prepared.fieldMemo.values()].map((byText) => byText.size)).toEqual([1]);
  });

  it('prepares once per template and applies per cluster with the same result', () => {
    const set: OverrideSet = {
      clusterOverridePolicies: [cop('c', { overrideRules: [mark('x', ['a']), mark('y', ['b'])] })],
      overridePolicies: [op('o', { overrideRules: [mark('z')] })],
    };
    const prepared = prepareOverrides(deployment, set);
    for (const name of ['a', 'b', 'c']) {
      expect(applyPrepared(deployment, cluster(name), prepared)).toEqual(applyOverrides(deployment, cluster(name), set));
    }
  });
});

describe('failure isolation (docs/karmada-compatibility.md#override-failures)', () => {
  const set: OverrideSet = {
    clusterOverridePolicies: [cop('ok', { overrideRules: [mark('fine')] })],
    overridePolicies: [
      op('annotate', {
        overrideRules: [
          mark('first'),
          {
            targetCluster: { clusterNames: ['bad'] },
            overriders: {
              plaintext: [
                { path: '/spec/replicas', operator: 'replace', value: 2 },
                { path: '/metadata/annotations/x/y', operator: 'add', value: 'z' },
              ],
            },
          },
        ],
      }),
    ],
  };

  it('fails only the cluster whose rule cannot apply, naming policy, rule, entry and path', () => {
    const before = JSON.stringify(deployment);
    const bad = applyOverrides(deployment, cluster('bad'), set);
    const good = applyOverrides(deployment, cluster('good'), set);
    expect(good.ok).toBe(true);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error).toBeInstanceOf(OverrideError);
    expect(bad.error.code).toBe('OverrideFailed');
    expect(bad.error.data).toMatchObject({
      object: 'Deployment/default/nginx',
      cluster: 'bad',
      policy: { kind: 'OverridePolicy', namespace: 'default', name: 'annotate' },
      ruleIndex: 1,
      overrider: 'plaintext',
      entryIndex: 1,
      field: 'spec.overrideRules[1].overriders.plaintext[1]',
      path: '/metadata/annotations/x/y',
    });
    expect(bad.error.message).toMatch(
      /^Deployment\/default\/nginx: OverridePolicy\/default\/annotate spec\.overrideRules\[1\]\.overriders\.plaintext\[1\] does not apply for cluster bad/,
    );
    expect(JSON.stringify(deployment)).toBe(before);
  });

  it('names the deprecated form by its own field', () => {
    const legacy: OverrideSet = {
      clusterOverridePolicies: [cop('legacy', { overriders: { imageOverrider: [{ component: 'Tag', operator: 'replace', value: 'v1' }] } })],
      overridePolicies: [],
    };
    const broken: KubeObject = { ...deployment, spec: { template: { spec: { containers: [{ name: 'x', image: 'NOT VALID' }] } } } };
    const outcome = applyOverrides(broken, cluster('m1'), legacy);
    expect(outcome.ok ? undefined : outcome.error.data).toMatchObject({
      policy: { kind: 'ClusterOverridePolicy', namespace: '', name: 'legacy' },
      field: 'spec.overriders.imageOverrider[0]',
      path: '/spec/template/spec/containers/0/image',
    });
  });
});
