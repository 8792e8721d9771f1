import { describe, expect, it } from 'vitest';
import { detectedApiVersion } from '../../../src/render/match/preferred-version.ts';
import { matchResourceSelector } from '../../../src/render/match/resource-selector.ts';
import type { KubeObject } from '../../../src/model/index.ts';

/**
 * Karmada's detector lists every resource through informers at the API server's preferred version
 * (pkg/detector/detector.go, discovery of preferred resources), and a selector matches by
 * apiVersion equality on what it sees (pkg/util/selector.go, ResourceMatches).
 */
describe('detectedApiVersion (docs/karmada-compatibility.md#kinds-at-their-preferred-version)', () => {
  it.each([
    ['an HPA written as autoscaling/v1 is seen as autoscaling/v2', 'autoscaling/v1', 'HorizontalPodAutoscaler', 'autoscaling/v2'],
    ['an HPA written as autoscaling/v2 is seen as written', 'autoscaling/v2', 'HorizontalPodAutoscaler', 'autoscaling/v2'],
    ['a beta version of a kind with a GA version is seen at the GA one', 'resource.k8s.io/v1beta2', 'ResourceClaim', 'resource.k8s.io/v1'],
    ['a kind with one version is seen as written', 'apps/v1', 'Deployment', 'apps/v1'],
    ['a core kind is seen as written', 'v1', 'ConfigMap', 'v1'],
    ['a kind with no GA version is seen as written', 'certificates.k8s.io/v1alpha1', 'ClusterTrustBundle', 'certificates.k8s.io/v1alpha1'],
    ['a custom kind is seen as written', 'example.io/v1beta1', 'HorizontalPodAutoscaler', 'example.io/v1beta1'],
    ['a version Kubernetes never had is seen at the preferred one', 'autoscaling/v2beta2', 'HorizontalPodAutoscaler', 'autoscaling/v2'],
  ])('%s', (_name, apiVersion, kind, want) => {
    expect(detectedApiVersion(apiVersion, kind)).toBe(want);
  });

  const hpa = (apiVersion: string): KubeObject => ({ apiVersion, kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'shop' } });
  it.each([
    ['a v2 selector claims an HPA written as v1', 'autoscaling/v2', 'autoscaling/v1', 3],
    ['a v2 selector claims an HPA written as v2', 'autoscaling/v2', 'autoscaling/v2', 3],
    ['a v1 selector claims an HPA written as v1 not', 'autoscaling/v1', 'autoscaling/v1', 0],
    ['a v1 selector claims an HPA written as v2 not', 'autoscaling/v1', 'autoscaling/v2', 0],
  ])('%s', (_name, selected, written, want) => {
    expect(matchResourceSelector({ apiVersion: selected, kind: 'HorizontalPodAutoscaler', name: 'web' }, hpa(written))).toBe(want);
  });
});
