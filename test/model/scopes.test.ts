import { describe, expect, it } from 'vitest';
import { builtinIsNamespaced, scopeLookup } from '../../src/model/index.ts';

const crd = (group: string, kind: string, scope: string): unknown => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `${kind.toLowerCase()}s.${group}` },
  spec: { group, names: { kind, plural: `${kind.toLowerCase()}s` }, scope, versions: [{ name: 'v1' }] },
});

describe('Kind scopes', () => {
  it.each<[string, string, string, boolean | undefined]>([
    ['a Namespace is cluster-scoped', 'v1', 'Namespace', false],
    ['a ClusterRole is cluster-scoped in any version', 'rbac.authorization.k8s.io/v1beta1', 'ClusterRole', false],
    ['a webhook configuration is cluster-scoped', 'admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration', false],
    ['a Deployment is namespaced', 'apps/v1', 'Deployment', true],
    ['a Karmada Cluster is cluster-scoped', 'cluster.karmada.io/v1alpha1', 'Cluster', false],
    ['a PropagationPolicy is namespaced', 'policy.karmada.io/v1alpha1', 'PropagationPolicy', true],
    ['an unknown kind is unknown', 'example.io/v1', 'Backup', undefined],
    ['a Deployment of another group is unknown', 'example.io/v1', 'Deployment', undefined],
  ])('%s', (_name, apiVersion, kind, expected) => {
    expect(builtinIsNamespaced(apiVersion, kind)).toBe(expected);
  });

  const lookup = scopeLookup([
    crd('example.io', 'Backup', 'Cluster'),
    crd('example.io', 'Restore', 'Namespaced'),
    crd('apps', 'Deployment', 'Cluster'),
    { apiVersion: 'apps/v1', kind: 'Deployment', spec: { group: 'x.io', names: { kind: 'Fake' }, scope: 'Cluster' } },
    crd('broken.io', 'Broken', 'Sometimes'),
    null,
  ]);
  it.each<[string, string, string, boolean | undefined]>([
    ['a cluster-scoped CRD declares its kind cluster-scoped', 'example.io/v1', 'Backup', false],
    ['a namespaced CRD declares its kind namespaced, in any version', 'example.io/v2', 'Restore', true],
    ['a CRD cannot change the scope of a built-in kind', 'apps/v1', 'Deployment', true],
    ['an object that is not a CRD declares nothing', 'x.io/v1', 'Fake', undefined],
    ['a CRD with an invalid scope declares nothing', 'broken.io/v1', 'Broken', undefined],
    ['built-in kinds are still known', 'v1', 'Node', false],
  ])('%s', (_name, apiVersion, kind, expected) => {
    expect(lookup(apiVersion, kind)).toBe(expected);
  });
});
