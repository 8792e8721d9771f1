import { describe, expect, it } from 'vitest';
import { podSelectorOf, scalePathsOf, selectorString, specReplicasOf, withSpecReplicas } from '../../../src/controllers/autoscaling/scale-target.ts';
import type { KubeObject, SourceObject } from '../../../src/model/index.ts';

const origin = { file: 'f.yaml', line: 1, column: 1 };
const crd: SourceObject = {
  origin,
  object: {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'clonesets.apps.kruise.io' },
    spec: {
      group: 'apps.kruise.io',
      names: { kind: 'CloneSet' },
      versions: [
        {
          name: 'v1alpha1',
          subresources: { scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.labelSelector' } },
        },
      ],
    },
  },
};
const object = (apiVersion: string, kind: string, spec: Record<string, unknown>, status: Record<string, unknown> = {}): KubeObject => ({
  apiVersion,
  kind,
  metadata: { name: 'web', namespace: 'shop' },
  spec,
  status,
});

describe("scale targets: where a kind's scale subresource keeps replicas and selector", () => {
  it('a Deployment: spec.replicas (1 when unset), the spec.selector label selector', () => {
    const d = object('apps/v1', 'Deployment', {
      selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['b', 'a'] }] },
    });
    const paths = scalePathsOf(d, []);
    if (!paths) throw new Error('no scale paths');
    expect(specReplicasOf(d, paths)).toBe(1);
    expect(podSelectorOf(d, paths)).toBe('app=web,tier in (a,b)');
    expect((withSpecReplicas(d, paths, 6)['spec'] as { replicas: number }).replicas).toBe(6);
    expect((d['spec'] as { replicas?: number }).replicas).toBeUndefined();
  });

  it('a ReplicationController: its selector is a label map', () => {
    const rc = object('v1', 'ReplicationController', { replicas: 3, selector: { app: 'web' } });
    const paths = scalePathsOf(rc, []);
    expect(paths && [specReplicasOf(rc, paths), podSelectorOf(rc, paths)]).toEqual([3, 'app=web']);
  });

  it("a custom kind: its CustomResourceDefinition's scale paths from the same commit, else none", () => {
    const cs = object('apps.kruise.io/v1alpha1', 'CloneSet', { replicas: 2 }, { replicas: 2, labelSelector: 'app=web' });
    const paths = scalePathsOf(cs, [crd]);
    expect(paths && [specReplicasOf(cs, paths), podSelectorOf(cs, paths)]).toEqual([2, 'app=web']);
    expect(scalePathsOf(cs, [])).toBeUndefined();
    expect(scalePathsOf({ ...cs, apiVersion: 'apps.kruise.io/v1beta1' }, [crd])).toBeUndefined();
  });

  it.each([
    [{ matchLabels: { b: '2', a: '1' } }, 'a=1,b=2'],
    [
      {
        matchExpressions: [
          { key: 'x', operator: 'NotIn' as const, values: ['v'] },
          { key: 'e', operator: 'Exists' as const },
          { key: 'd', operator: 'DoesNotExist' as const },
        ],
      },
      '!d,e,x notin (v)',
    ],
  ])('label selector %j as the API prints it: %s', (selector, text) => {
    expect(selectorString(selector)).toBe(text);
  });
});
