import { describe, expect, it, vi } from 'vitest';
import { defaultOverridePolicy, defaultPropagationPolicy } from '../../../src/render/defaults/index.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';

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
});
