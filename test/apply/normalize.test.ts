import { describe, expect, it } from 'vitest';
import { diffable } from '../../src/apply/normalize.ts';
import type { KubeObject } from '../../src/model/index.ts';

function deployment(annotations: Record<string, string> | undefined): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'shop', resourceVersion: '7', ...(annotations ? { annotations } : {}) },
    spec: { replicas: 2 },
  };
}

describe('diffable', () => {
  it.each([
    ["the deployment controller's revision", { 'deployment.kubernetes.io/revision': '3' }, undefined],
    ["kubectl's last applied configuration", { 'kubectl.kubernetes.io/last-applied-configuration': '{}', team: 'a' }, { team: 'a' }],
    ['a user annotation under another kubernetes.io prefix', { 'kubernetes.io/change-cause': 'x' }, { 'kubernetes.io/change-cause': 'x' }],
    ['no annotations', undefined, undefined],
  ])('drops %s, keeps the rest', (_, annotations, expected) => {
    const shown = diffable(deployment(annotations));
    expect(shown.metadata.annotations).toEqual(expected);
    expect(shown.metadata['resourceVersion']).toBeUndefined();
    expect(shown['spec']).toEqual({ replicas: 2 });
  });
});
