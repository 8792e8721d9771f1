import { describe, expect, it } from 'vitest';
import {
  MANAGED_BY_LABEL,
  POLICY_ANNOTATION,
  SOURCE_COMMIT_ANNOTATION,
  TEMPLATE_ANNOTATION,
  CONFLICT_RESOLUTION_ANNOTATION,
} from '../../../src/model/index.ts';
import type { KubeObject, OverridePolicy, ScheduledBinding } from '../../../src/model/index.ts';

import { bound, build, cfg, cluster, names, sa, unbound, web } from './build-works-fixtures.ts';

describe('buildWorks', () => {
  it('revises replicas per cluster, strips server fields and stamps tracking', () => {
    const out = build([
      bound(web, [
        ['a', 4],
        ['b', 2],
      ]),
    ]);
    const a = out.works.get('a')!.find((i) => i.manifest.kind === 'Deployment')!.manifest;
    expect((a['spec'] as { replicas: number }).replicas).toBe(4);
    expect((out.works.get('b')!.find((i) => i.manifest.kind === 'Deployment')!.manifest['spec'] as { replicas: number }).replicas).toBe(2);
    expect(a['status']).toBeUndefined();
    expect(a.metadata.uid).toBeUndefined();
    expect(a.metadata.labels).toEqual({ app: 'web', [MANAGED_BY_LABEL]: 'flotilla' });
    expect(a.metadata.annotations).toEqual({
      [TEMPLATE_ANNOTATION]: 'apps/v1/Deployment/shop/web',
      [POLICY_ANNOTATION]: 'PropagationPolicy/shop/p',
      [SOURCE_COMMIT_ANNOTATION]: 'c0ffee',
      [CONFLICT_RESOLUTION_ANNOTATION]: 'abort',
    });
    expect((web['spec'] as { replicas: number }).replicas).toBe(6);
  });

  it('sends dependencies to the clusters of the workloads that use them and warns about missing ones', () => {
    const out = build([bound(web, [['a', 6]]), unbound(cfg), unbound(sa)]);
    expect(names(out.works.get('a'))).toEqual(['Namespace/shop', 'ServiceAccount/web', 'ConfigMap/cfg', 'Deployment/web']);
    expect(names(out.works.get('b'))).toEqual([]);
    expect(out.requiredBy.get('v1/ConfigMap/shop/cfg')).toEqual({ clusters: ['a'], requiredBy: ['apps/v1/Deployment/shop/web'] });
    expect(out.diagnostics.map((d) => d.message)).toEqual([
      'Secret/shop/missing, which Deployment/shop/web uses, is not in the repository; not propagated with it',
    ]);
  });

  // Karmada's dependencies distributor: any Overwrite, any preserve wins, and a disagreement is a
  // DependencyPolicyConflict warning (docs/karmada-compatibility.md#dependency-policy-conflicts).
  it.each<[string, Partial<ScheduledBinding>, Partial<ScheduledBinding>, boolean, string, number]>([
    ['parents that agree: kept, no warning', {}, {}, false, 'abort', 0],
    ['one parent preserves: the dependency is preserved', { preserveResourcesOnDeletion: true }, {}, true, 'abort', 1],
    ['one parent overwrites: the dependency may overwrite', { conflictResolution: 'Overwrite' }, {}, false, 'overwrite', 1],
  ])('a dependency two workloads share: %s', (_name, first, second, preserve, resolution, warnings) => {
    const api: KubeObject = { ...web, metadata: { name: 'api', namespace: 'shop' } };
    const out = build([bound(web, [['a', 6]], first), bound(api, [['a', 6]], second), unbound(cfg)]);
    const config = out.works.get('a')!.find((i) => i.manifest.kind === 'ConfigMap')!;
    expect(config.preserveOnDeletion).toBe(preserve);
    expect(config.manifest.metadata.annotations?.[CONFLICT_RESOLUTION_ANNOTATION]).toBe(resolution);
    expect(out.diagnostics.filter((d) => d.message.includes('DependencyPolicyConflict'))).toHaveLength(warnings);
  });

  it('does not propagate dependencies without propagateDeps', () => {
    const out = build([bound(web, [['a', 6]], { propagateDeps: false }), unbound(cfg)]);
    expect(names(out.works.get('a'))).toEqual(['Namespace/shop', 'Deployment/web']);
  });

  it.each<[string, KubeObject, string[]]>([
    ['a Namespace template goes to every cluster', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } }, ['Namespace/team']],
    [
      'the skip-auto-propagation label keeps it home',
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team', labels: { 'namespace.karmada.io/skip-auto-propagation': 'True' } } },
      [],
    ],
    ['default is never synced', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, []],
    ['kube-* is never synced', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-extra' } }, []],
  ])('%s', (_name, ns, want) => {
    const out = build([unbound(ns)]);
    expect(names(out.works.get('a'))).toEqual(want);
    expect(names(out.works.get('b'))).toEqual(want);
  });

  it('applies only ClusterOverridePolicies to synced namespaces', () => {
    const op = (kind: 'OverridePolicy' | 'ClusterOverridePolicy', label: string): OverridePolicy => ({
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind,
      metadata: { name: label, ...(kind === 'OverridePolicy' ? { namespace: 'team' } : {}) },
      spec: { overrideRules: [{ overriders: { labelsOverrider: [{ operator: 'add', value: { [label]: 'yes' } }] } }] },
    });
    const out = build([unbound({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } })], {
      overrides: { clusterOverridePolicies: [op('ClusterOverridePolicy', 'cop')], overridePolicies: [op('OverridePolicy', 'op')] },
    });
    expect(out.works.get('a')![0]!.manifest.metadata.labels).toEqual({ cop: 'yes', [MANAGED_BY_LABEL]: 'flotilla' });
  });

  it('fails one cluster on a broken override and renders the others', () => {
    const broken: OverridePolicy = {
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'OverridePolicy',
      metadata: { name: 'broken', namespace: 'shop' },
      spec: {
        overrideRules: [{ targetCluster: { clusterNames: ['a'] }, overriders: { plaintext: [{ path: '/spec/nothing/here', operator: 'replace', value: 1 }] } }],
      },
    };
    const out = build(
      [
        bound(web, [
          ['a', 3],
          ['b', 3],
        ]),
      ],
      { overrides: { clusterOverridePolicies: [], overridePolicies: [broken] } },
    );
    expect(names(out.works.get('a'))).toEqual([]);
    expect(names(out.works.get('b'))).toEqual(['Namespace/shop', 'Deployment/web']);
    const errors = out.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/^Deployment\/shop\/web: not rendered for cluster a: .*OverridePolicy\/shop\/broken/);
  });

  it('refuses an object that overrides make larger than 1.5 MiB, on that cluster only', () => {
    const big = 'x'.repeat(1024 * 1024);
    const grow: OverridePolicy = {
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'OverridePolicy',
      metadata: { name: 'grow', namespace: 'shop' },
      spec: { overrideRules: [{ targetCluster: { clusterNames: ['a'] }, overriders: { plaintext: [{ path: '/data/b', operator: 'add', value: big }] } }] },
    };
    const large = { ...cfg, data: { a: big } };
    const out = build(
      [
        bound(large, [
          ['a', 0],
          ['b', 0],
        ]),
      ],
      { overrides: { clusterOverridePolicies: [], overridePolicies: [grow] } },
    );
    expect(names(out.works.get('a'))).toEqual([]);
    expect(names(out.works.get('b'))).toEqual(['Namespace/shop', 'ConfigMap/cfg']);
    expect(out.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      "ConfigMap/shop/cfg: not rendered for cluster a: after overrides, object too large: 2.0 MiB as JSON, over the 1.5 MiB a Kubernetes API server stores (etcd's request limit)",
    ]);
  });

  it('gives every cluster the same manifest of a Namespace it adds', () => {
    const out = build([
      bound(web, [
        ['a', 3],
        ['b', 3],
      ]),
    ]);
    const ns = (c: string) => out.works.get(c)!.find((i) => i.manifest.kind === 'Namespace')!;
    expect(ns('a').manifest).toBe(ns('b').manifest);
    expect(ns('a')).not.toBe(ns('b'));
  });

  it.each<[string, [string, number][], boolean]>([
    [
      'no rule selects either cluster, same replicas',
      [
        ['c', 3],
        ['d', 3],
      ],
      true,
    ],
    [
      'the same rules select both, same replicas',
      [
        ['a', 3],
        ['e', 3],
      ],
      true,
    ],
    [
      'a rule selects one of them',
      [
        ['a', 3],
        ['c', 3],
      ],
      false,
    ],
    [
      'different replicas',
      [
        ['c', 4],
        ['d', 2],
      ],
      false,
    ],
  ])('shares one manifest between clusters alike: %s', (_name, placed, shared) => {
    const eu: OverridePolicy = {
      apiVersion: 'policy.karmada.io/v1alpha1',
      kind: 'OverridePolicy',
      metadata: { name: 'eu', namespace: 'shop' },
      spec: {
        overrideRules: [
          { targetCluster: { labelSelector: { matchLabels: { region: 'eu' } } }, overriders: { labelsOverrider: [{ operator: 'add', value: { eu: 'yes' } }] } },
        ],
      },
    };
    const all = [cluster('a', { region: 'eu' }), cluster('c'), cluster('d'), cluster('e', { region: 'eu' })];
    const out = build([bound(web, placed)], { clusters: all, overrides: { clusterOverridePolicies: [], overridePolicies: [eu] } });
    const [one, two] = placed.map(([c]) => out.works.get(c)!.find((i) => i.manifest.kind === 'Deployment')!.manifest);
    expect(one === two).toBe(shared);
    const rebuilt = placed.map(
      ([c, replicas]) =>
        build([bound(web, [[c, replicas]])], { clusters: all, overrides: { clusterOverridePolicies: [], overridePolicies: [eu] } })
          .works.get(c)!
          .find((i) => i.manifest.kind === 'Deployment')!.manifest,
    );
    expect([one, two]).toEqual(rebuilt);
  });

  it.each<[string, Partial<ScheduledBinding>, boolean, boolean]>([
    ['dispatching suspended everywhere', { suspension: { dispatching: true } }, true, true],
    ['suspended on one cluster', { suspension: { dispatchingOnClusters: { clusterNames: ['b'] } } }, false, true],
    ['not suspended', {}, false, false],
  ])('marks suspension: %s', (_name, extra, onA, onB) => {
    const out = build([
      bound(
        web,
        [
          ['a', 3],
          ['b', 3],
        ],
        extra,
      ),
    ]);
    const dep = (c: string) => out.works.get(c)!.find((i) => i.manifest.kind === 'Deployment')!;
    expect([dep('a').suspended, dep('b').suspended]).toEqual([onA, onB]);
  });

  it.each<[string, Partial<ScheduledBinding>, Record<string, string>, string]>([
    ['Abort by default', {}, {}, 'abort'],
    ['Overwrite from the policy', { conflictResolution: 'Overwrite' }, {}, 'overwrite'],
    ['the template annotation wins', { conflictResolution: 'Overwrite' }, { 'work.karmada.io/conflict-resolution': 'abort' }, 'abort'],
    ['an unknown annotation value is ignored', {}, { 'work.karmada.io/conflict-resolution': 'yes' }, 'abort'],
  ])('conflict resolution: %s', (_name, extra, annotations, want) => {
    const out = build([bound({ ...web, metadata: { ...web.metadata, annotations } }, [['a', 1]], extra)]);
    const dep = out.works.get('a')!.find((i) => i.manifest.kind === 'Deployment')!;
    expect(dep.manifest.metadata.annotations?.[CONFLICT_RESOLUTION_ANNOTATION]).toBe(want);
  });

  it('puts a Work in apply order: CRDs, namespaces, RBAC, config, workloads, custom resources, webhooks', () => {
    const obj = (apiVersion: string, kind: string, name: string, namespace?: string): KubeObject => ({
      apiVersion,
      kind,
      metadata: { name, ...(namespace ? { namespace } : {}) },
    });
    const templates = [
      obj('admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration', 'hook'),
      obj('example.com/v1', 'Widget', 'w', 'shop'),
      obj('apps/v1', 'Deployment', 'd', 'shop'),
      obj('v1', 'Secret', 's', 'shop'),
      obj('rbac.authorization.k8s.io/v1', 'ClusterRole', 'r'),
      obj('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'widgets.example.com'),
    ];
    const out = build(templates.map((t) => bound(t, [['a', 0]], { replicas: 0 })));
    expect(names(out.works.get('a'))).toEqual([
      'CustomResourceDefinition/widgets.example.com',
      'Namespace/shop',
      'ClusterRole/r',
      'Secret/s',
      'Deployment/d',
      'Widget/w',
      'ValidatingWebhookConfiguration/hook',
    ]);
  });
});
