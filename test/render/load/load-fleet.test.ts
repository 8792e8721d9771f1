import { describe, expect, it, vi } from 'vitest';
import { defaultOverridePolicy, defaultPropagationPolicy } from '../../../src/render/defaults/index.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources, type ParseCache } from '../../../src/render/parse/parse-sources.ts';

vi.mock('../../../src/render/defaults/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/render/defaults/index.ts')>();
  return { defaultOverridePolicy: vi.fn(real.defaultOverridePolicy), defaultPropagationPolicy: vi.fn(real.defaultPropagationPolicy) };
});

const policies = `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: pp, namespace: apps}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
---
apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: cpp}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
---
apiVersion: policy.karmada.io/v1alpha1
kind: OverridePolicy
metadata: {name: op, namespace: apps}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
`;

describe('loadFleet', () => {
  it('defaults each policy once, in validation, and loads the defaulted policy', () => {
    const parsed = parseSources([{ path: 'policies.yaml', blobId: 'b', content: Buffer.from(policies) }]);
    vi.mocked(defaultPropagationPolicy).mockClear();
    vi.mocked(defaultOverridePolicy).mockClear();
    const { fleet, diagnostics } = loadFleet(parsed);
    expect(diagnostics).toEqual([]);
    expect(defaultPropagationPolicy).toHaveBeenCalledTimes(2);
    expect(defaultOverridePolicy).toHaveBeenCalledTimes(1);
    expect(fleet.propagationPolicies[0]?.object.spec).toMatchObject({ schedulerName: 'default-scheduler', resourceSelectors: [{ namespace: 'apps' }] });
    expect(fleet.clusterPropagationPolicies[0]?.object.spec).toMatchObject({ priority: 0, conflictResolution: 'Abort' });
    expect(fleet.overridePolicies[0]?.object.spec.resourceSelectors).toEqual([{ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'apps' }]);
  });

  it('does not validate or default an unchanged object again', () => {
    const parsed = parseSources([{ path: 'policies.yaml', blobId: 'b', content: Buffer.from(policies) }]);
    const first = loadFleet(parsed);
    vi.mocked(defaultPropagationPolicy).mockClear();
    const second = loadFleet(parsed);
    expect(defaultPropagationPolicy).not.toHaveBeenCalled();
    expect(second.fleet.propagationPolicies[0]?.object).toBe(first.fleet.propagationPolicies[0]?.object);
    expect(second.diagnostics).toEqual(first.diagnostics);
  });

  it('validates an unchanged template again when a CRD in the repository changes its scope', () => {
    const widget = {
      path: 'widget.yaml',
      blobId: 'w',
      content: Buffer.from('apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: apps}\n'),
    };
    const crd = (scope: string) => ({
      path: 'crd.yaml',
      blobId: scope,
      content: Buffer.from(
        `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec: {group: example.com, scope: ${scope}, names: {plural: widgets, kind: Widget}, versions: []}\n`,
      ),
    });
    const cache: ParseCache = new Map();
    const load = (scope: string) => loadFleet(parseSources([crd(scope), widget], cache));
    const messages = (scope: string) => load(scope).diagnostics.map((d) => `${d.file}: ${d.message}`);

    const clusterScoped = 'widget.yaml: Widget/apps/w: metadata.namespace: Widget is cluster-scoped: the namespace "apps" is ignored';
    expect(messages('Cluster')).toEqual([clusterScoped]);
    expect(load('Cluster').fleet.templates.map((t) => `${t.object.kind}/${t.object.metadata.namespace ?? ''}`)).toEqual([
      'CustomResourceDefinition/',
      'Widget/',
    ]);
    expect(messages('Namespaced')).toEqual([]);
    expect(load('Namespaced').fleet.templates.map((t) => `${t.object.kind}/${t.object.metadata.namespace ?? ''}`)).toEqual([
      'CustomResourceDefinition/',
      'Widget/apps',
    ]);
    expect(messages('Cluster')).toEqual([clusterScoped]);
  });
  it('checks a custom resource against the CRD of the same commit, again when only the CRD changes', () => {
    const widget = {
      path: 'widget.yaml',
      blobId: 'w',
      content: Buffer.from('apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: apps}\nspec: {size: 3}\n'),
    };
    const crd = (sizeType: string) => ({
      path: 'crd.yaml',
      blobId: sizeType,
      content: Buffer.from(
        `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec: {group: example.com, scope: Namespaced, names: {plural: widgets, kind: Widget}, versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: ${sizeType}}}}}}}}]}\n`,
      ),
    });
    const cache: ParseCache = new Map();
    const messages = (sizeType: string) => loadFleet(parseSources([crd(sizeType), widget], cache)).diagnostics.map((d) => `${d.file}:${d.line}: ${d.message}`);

    expect(messages('integer')).toEqual([]);
    expect(messages('string')).toEqual(['widget.yaml:4: Widget/apps/w: spec.size: must be of type string, got integer']);
    expect(messages('integer')).toEqual([]);
    expect(loadFleet(parseSources([widget], cache)).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
