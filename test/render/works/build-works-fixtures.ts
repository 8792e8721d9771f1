/** The templates, clusters and binding builders the buildWorks tests share. */
import { createInterpreter } from '../../../src/interpreter/index.ts';
import type { Cluster, KubeObject, PropagationPolicy, ScheduledBinding, SourceObject } from '../../../src/model/index.ts';
import { buildWorks } from '../../../src/render/works/build-works.ts';
import type { BuildWorksInput } from '../../../src/render/works/build-works.ts';
import type { TemplateBinding } from '../../../src/render/works/template-binding.ts';
import { compileNamespacePatterns } from '../../../src/render/detect/skip-rules.ts';
export const origin = { file: 'f.yaml', line: 1, column: 1 };
export const interpreter = createInterpreter([]);
export const cluster = (name: string, labels: Record<string, string> = {}): Cluster => ({
  apiVersion: 'cluster.karmada.io/v1alpha1',
  kind: 'Cluster',
  metadata: { name, labels },
  spec: {},
});
export const clusters = [cluster('a', { region: 'eu' }), cluster('b')];
export const policy: SourceObject<PropagationPolicy> = {
  origin,
  object: { apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name: 'p', namespace: 'shop' }, spec: { resourceSelectors: [] } },
};

export const web: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop', labels: { app: 'web' }, uid: 'x', resourceVersion: '9' },
  spec: {
    replicas: 6,
    template: {
      spec: {
        serviceAccountName: 'web',
        containers: [{ name: 'web', image: 'nginx:1', envFrom: [{ configMapRef: { name: 'cfg' } }, { secretRef: { name: 'missing' } }] }],
      },
    },
  },
  status: { readyReplicas: 1 },
};
export const cfg: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'shop' }, data: { a: '1' } };
export const sa: KubeObject = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'web', namespace: 'shop' } };

export function bound(template: KubeObject, clustersOf: [string, number][], extra: Partial<ScheduledBinding> = {}): TemplateBinding {
  const source = { object: template, origin };
  const binding: ScheduledBinding = {
    resource: { apiVersion: template.apiVersion, kind: template.kind, namespace: template.metadata.namespace ?? '', name: template.metadata.name ?? '' },
    policy: { kind: 'PropagationPolicy', namespace: 'shop', name: 'p' },
    replicas: 6,
    placement: {},
    propagateDeps: true,
    conflictResolution: 'Abort',
    preserveResourcesOnDeletion: false,
    schedulerName: 'default-scheduler',
    clusters: clustersOf.map(([name, replicas]) => ({ name, replicas })),
    error: null,
    ...extra,
  };
  return { template: source, claim: { template: source, policy }, binding };
}
export const unbound = (template: KubeObject): TemplateBinding => ({
  template: { object: template, origin },
  claim: { template: { object: template, origin }, policy: null },
  binding: null,
});

export function build(bindings: TemplateBinding[], extra: Partial<BuildWorksInput> = {}) {
  return buildWorks({
    bindings,
    clusters,
    interpreter,
    overrides: { clusterOverridePolicies: [], overridePolicies: [] },
    sourceCommit: 'c0ffee',
    skippedNamespaces: compileNamespacePatterns(['kube-.*']),
    ...extra,
  });
}
export const names = (items: { manifest: KubeObject }[] | undefined) => (items ?? []).map((i) => `${i.manifest.kind}/${i.manifest.metadata.name}`);
