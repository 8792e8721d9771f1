import { describe, expect, it } from 'vitest';
import { detect } from '../../../src/render/detect/detect.ts';
import type { DetectOptions } from '../../../src/render/detect/detect.ts';
import { emptyFleet, type Fleet } from '../../../src/render/load/fleet.ts';
import { builtinIsNamespaced } from '../../../src/model/index.ts';
import type { KubeObject, OverridePolicy, PolicyRef, PropagationPolicy, ResourceSelector, SourceObject } from '../../../src/model/index.ts';

const origin = { file: 'f.yaml', line: 1, column: 1 };
const src = <T extends KubeObject>(object: T): SourceObject<T> => ({ object, origin });

const nginx = src({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'nginx', namespace: 'test', labels: { app: 'nginx' } } });
const byName: ResourceSelector = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'nginx' };
const byLabel: ResourceSelector = { apiVersion: 'apps/v1', kind: 'Deployment', labelSelector: { matchLabels: { app: 'nginx' } } };
const all: ResourceSelector = { apiVersion: 'apps/v1', kind: 'Deployment' };

function pp(name: string, selectors: ResourceSelector[], extra: Partial<PropagationPolicy['spec']> = {}, ns = 'test'): SourceObject<PropagationPolicy> {
  return src({
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'PropagationPolicy',
    metadata: { name, namespace: ns },
    spec: { resourceSelectors: selectors.map((s) => ({ namespace: ns, ...s })), ...extra },
  });
}
function cpp(name: string, selectors: ResourceSelector[], extra: Partial<PropagationPolicy['spec']> = {}): SourceObject<PropagationPolicy> {
  return src({
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind: 'ClusterPropagationPolicy',
    metadata: { name },
    spec: { resourceSelectors: selectors, ...extra },
  });
}
function fleet(parts: Partial<Fleet>): Fleet {
  return { ...emptyFleet(builtinIsNamespaced), templates: [nginx], ...parts };
}
function winner(f: Fleet, options: Partial<DetectOptions> = {}): string | null {
  const claim = detect(f, options)[0]!;
  return claim.policy ? `${claim.policy.object.kind}/${claim.policy.object.metadata.name}` : null;
}

describe('detect: choosing a policy (docs/karmada-compatibility.md#choosing-a-policy, compare_test.go)', () => {
  it.each<[string, Partial<Fleet>, string | null]>([
    [
      'name beats label beats match-all',
      { propagationPolicies: [pp('match-all', [all]), pp('match-with-label', [byLabel]), pp('match-with-name', [byName])] },
      'PropagationPolicy/match-with-name',
    ],
    ['equal priorities fall back to name order', { propagationPolicies: [pp('b-pp', [byName]), pp('a-pp', [byName])] }, 'PropagationPolicy/a-pp'],
    ['explicit priority beats unset', { propagationPolicies: [pp('a-pp', [byName]), pp('b-pp', [byName], { priority: 1 })] }, 'PropagationPolicy/b-pp'],
    [
      'explicit priority beats implicit',
      { propagationPolicies: [pp('a-pp', [byName], { priority: 1 }), pp('b-pp', [byLabel], { priority: 2 })] },
      'PropagationPolicy/b-pp',
    ],
    ['a shorter name wins: ab beats abc', { propagationPolicies: [pp('abc', [byName]), pp('ab', [byName])] }, 'PropagationPolicy/ab'],
    ['byte order: B sorts before a', { propagationPolicies: [pp('a', [byName]), pp('B', [byName])] }, 'PropagationPolicy/B'],
    [
      'any matching PP beats every CPP',
      { propagationPolicies: [pp('low', [all])], clusterPropagationPolicies: [cpp('high', [byName], { priority: 100 })] },
      'PropagationPolicy/low',
    ],
    ['a CPP claims what no PP selects', { clusterPropagationPolicies: [cpp('c', [all])] }, 'ClusterPropagationPolicy/c'],
    ['CPPs compare among themselves', { clusterPropagationPolicies: [cpp('c1', [all], { priority: 1 }), cpp('c2', [byName])] }, 'ClusterPropagationPolicy/c1'],
    ['a PP of another namespace never matches', { propagationPolicies: [pp('other', [all], {}, 'other')] }, null],
    ['a non-matching selector claims nothing', { propagationPolicies: [pp('x', [{ ...all, name: 'web' }])] }, null],
  ])('%s', (_name, parts, want) => {
    expect(winner(fleet(parts))).toBe(want);
  });
});

describe('detect: what is never propagated (docs/karmada-compatibility.md#what-is-never-propagated)', () => {
  const inNs = (ns: string, labels: Record<string, string> = {}) =>
    src({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: ns, labels } });
  it.each<[string, SourceObject, string]>([
    ['kube-system is skipped', inNs('kube-system'), 'namespace kube-system is skipped from propagation'],
    ['karmada-system is reserved', inNs('karmada-system'), 'namespace karmada-system is reserved by Karmada and never propagated'],
    ['execution spaces are reserved', inNs('karmada-es-member1'), 'namespace karmada-es-member1 is reserved by Karmada and never propagated'],
    [
      'claimed-by templates belong to another controller',
      inNs('apps', { 'resourcetemplate.karmada.io/claimed-by': 'mcs' }),
      'labelled resourcetemplate.karmada.io/claimed-by: owned by another controller',
    ],
  ])('%s', (_name, template, note) => {
    const claim = detect(fleet({ templates: [template], clusterPropagationPolicies: [cpp('everything', [{ apiVersion: 'v1', kind: 'ConfigMap' }])] }))[0]!;
    expect(claim.policy).toBeNull();
    expect(claim.note).toBe(note);
  });

  it('my-kube-ns is not skipped: the pattern is anchored', () => {
    const t = inNs('my-kube-ns');
    expect(
      detect(fleet({ templates: [t], clusterPropagationPolicies: [cpp('everything', [{ apiVersion: 'v1', kind: 'ConfigMap' }])] }))[0]!.policy,
    ).not.toBeNull();
  });

  it('explains an unclaimed template', () => {
    expect(detect(fleet({}))[0]!.note).toBe('no PropagationPolicy or ClusterPropagationPolicy selects it');
  });
});

describe('detect: sticky claims and preemption (docs/karmada-compatibility.md#claims-and-preemption)', () => {
  const previous = (ref: PolicyRef) => new Map([['apps/v1/Deployment/test/nginx', ref]]);
  const low = pp('low', [byName], { priority: 1 });
  const high = pp('high', [byName], { priority: 5 });
  const highAlways = pp('high', [byName], { priority: 5, preemption: 'Always' });
  it.each<[string, Partial<Fleet>, PolicyRef, boolean, string]>([
    [
      'a claimed template keeps its policy when a better one appears',
      { propagationPolicies: [low, high] },
      { kind: 'PropagationPolicy', namespace: 'test', name: 'low' },
      true,
      'PropagationPolicy/low',
    ],
    [
      'preemption Always takes it from a lower-priority PP',
      { propagationPolicies: [low, highAlways] },
      { kind: 'PropagationPolicy', namespace: 'test', name: 'low' },
      true,
      'PropagationPolicy/high',
    ],
    [
      'preemption needs the PolicyPreemption gate',
      { propagationPolicies: [low, highAlways] },
      { kind: 'PropagationPolicy', namespace: 'test', name: 'low' },
      false,
      'PropagationPolicy/low',
    ],
    [
      'a preempting PP takes a template from any CPP',
      { propagationPolicies: [pp('p', [byName], { preemption: 'Always' })], clusterPropagationPolicies: [cpp('c', [all], { priority: 9 })] },
      { kind: 'ClusterPropagationPolicy', namespace: '', name: 'c' },
      true,
      'PropagationPolicy/p',
    ],
    [
      'a CPP never preempts a PP',
      { propagationPolicies: [low], clusterPropagationPolicies: [cpp('c', [byName], { priority: 9, preemption: 'Always' })] },
      { kind: 'PropagationPolicy', namespace: 'test', name: 'low' },
      true,
      'PropagationPolicy/low',
    ],
    [
      'a deleted policy releases the template to fresh matching',
      { propagationPolicies: [high] },
      { kind: 'PropagationPolicy', namespace: 'test', name: 'gone' },
      false,
      'PropagationPolicy/high',
    ],
    [
      'a policy that stopped matching releases the template',
      { propagationPolicies: [pp('low', [{ ...all, name: 'other' }]), high] },
      { kind: 'PropagationPolicy', namespace: 'test', name: 'low' },
      false,
      'PropagationPolicy/high',
    ],
  ])('%s', (_name, parts, ref, gate, want) => {
    expect(winner(fleet(parts), { previousClaims: previous(ref), policyPreemption: gate })).toBe(want);
  });
});

describe('detect: dependentOverrides', () => {
  const op = (name: string): SourceObject<OverridePolicy> =>
    src({ apiVersion: 'policy.karmada.io/v1alpha1', kind: 'OverridePolicy', metadata: { name, namespace: 'test' }, spec: {} });
  it('holds the claim back while a dependent override is missing', () => {
    const claim = detect(fleet({ propagationPolicies: [pp('p', [byName], { dependentOverrides: ['a', 'b'] })], overridePolicies: [op('a')] }))[0]!;
    expect(claim.error).toBe('waiting for dependentOverrides: OverridePolicy b not found');
  });
  it('claims once every dependent override exists', () => {
    const claim = detect(fleet({ propagationPolicies: [pp('p', [byName], { dependentOverrides: ['a'] })], overridePolicies: [op('a')] }))[0]!;
    expect(claim.error).toBeUndefined();
  });
});
