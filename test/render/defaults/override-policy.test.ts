import { describe, expect, it } from 'vitest';
import type { OverridePolicy } from '../../../src/model/index.ts';
import { defaultOverridePolicy } from '../../../src/render/defaults/index.ts';

function op(kind: string, namespace: string | undefined, resourceSelectors: unknown): OverridePolicy {
  return {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind,
    metadata: namespace === undefined ? { name: 'o' } : { name: 'o', namespace },
    spec: { resourceSelectors, overrideRules: [] },
  } as OverridePolicy;
}

const sel = { apiVersion: 'v1', kind: 'ConfigMap' };

describe('OverridePolicy defaults', () => {
  it.each<[string, OverridePolicy, unknown]>([
    ['a selector without namespace gets the policy namespace', op('OverridePolicy', 'shop', [sel]), [{ ...sel, namespace: 'shop' }]],
    ['a policy without namespace is in default', op('OverridePolicy', undefined, [sel]), [{ ...sel, namespace: 'default' }]],
    ['an explicit selector namespace is kept', op('OverridePolicy', 'shop', [{ ...sel, namespace: 'other' }]), [{ ...sel, namespace: 'other' }]],
    ['no selectors stay no selectors (all templates)', op('OverridePolicy', 'shop', undefined), undefined],
    ['a ClusterOverridePolicy keeps empty namespaces', op('ClusterOverridePolicy', undefined, [sel]), [sel]],
  ])('%s', (_name, policy, expected) => {
    expect(defaultOverridePolicy(policy).spec.resourceSelectors).toEqual(expected);
  });

  it('never changes its input', () => {
    const input = op('OverridePolicy', 'shop', [sel]);
    const before = structuredClone(input);
    const output = defaultOverridePolicy(input);
    expect(input).toEqual(before);
    expect(output).not.toBe(input);
  });
});
