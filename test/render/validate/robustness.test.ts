import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateObject } from '../../../src/render/validate/index.ts';

const KINDS: [string, string][] = [
  ['policy.karmada.io/v1alpha1', 'PropagationPolicy'],
  ['policy.karmada.io/v1alpha1', 'ClusterPropagationPolicy'],
  ['policy.karmada.io/v1alpha1', 'OverridePolicy'],
  ['policy.karmada.io/v1alpha1', 'ClusterOverridePolicy'],
  ['cluster.karmada.io/v1alpha1', 'Cluster'],
  ['config.karmada.io/v1alpha1', 'ResourceInterpreterCustomization'],
  ['apps/v1', 'Deployment'],
];

/** JSON-like values whose keys are often real field names, so the walker goes deep. */
const FIELD_NAMES = [
  'spec',
  'placement',
  'resourceSelectors',
  'clusterAffinity',
  'clusterAffinities',
  'spreadConstraints',
  'replicaScheduling',
  'weightPreference',
  'staticWeightList',
  'failover',
  'application',
  'overrideRules',
  'overriders',
  'fieldOverrider',
  'json',
  'labelSelector',
  'matchExpressions',
  'operator',
  'values',
  'key',
  'taints',
  'status',
  'resourceSummary',
  'allocatable',
  'metadata',
  'name',
  'namespace',
  'labels',
  'target',
  'customizations',
  'suspension',
  'overflowAffinities',
  'affinityName',
];
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, 0, -1, 1.5, '', 'In', 'Divided', 'cluster', '1Gi'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('Validation robustness', () => {
  it('never throws and always reports well-formed issues', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), json, json, json, ([apiVersion, kind], metadata, spec, status) => {
        const issues = validateObject({ apiVersion, kind, metadata, spec, status });
        for (const issue of issues) {
          expect(Array.isArray(issue.path)).toBe(true);
          expect(issue.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on values that are not objects', () => {
    fc.assert(fc.property(fc.anything(), (value) => void validateObject(value)));
  });
});
