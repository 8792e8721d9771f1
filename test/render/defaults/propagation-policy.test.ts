import { describe, expect, it } from 'vitest';
import type { PropagationPolicy } from '../../../src/model/index.ts';
import { defaultPropagationPolicy } from '../../../src/render/defaults/index.ts';

const CRD_DEFAULTS = { priority: 0, preemption: 'Never', conflictResolution: 'Abort', schedulerName: 'default-scheduler' };
const selector = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };

function pp(spec: Record<string, unknown>, kind = 'PropagationPolicy', namespace: string | null = 'shop'): PropagationPolicy {
  return {
    apiVersion: 'policy.karmada.io/v1alpha1',
    kind,
    metadata: namespace === null ? { name: 'web' } : { name: 'web', namespace },
    spec: { resourceSelectors: [selector], ...spec },
  } as PropagationPolicy;
}

describe('PropagationPolicy defaults', () => {
  it.each<[string, PropagationPolicy, Record<string, unknown>]>([
    [
      'CRD defaults fill priority, preemption, conflictResolution and schedulerName',
      pp({}),
      { resourceSelectors: [{ ...selector, namespace: 'shop' }], ...CRD_DEFAULTS },
    ],
    [
      'explicit values are kept',
      pp({ priority: 5, preemption: 'Always', conflictResolution: 'Overwrite', schedulerName: 'mine' }),
      { resourceSelectors: [{ ...selector, namespace: 'shop' }], priority: 5, preemption: 'Always', conflictResolution: 'Overwrite', schedulerName: 'mine' },
    ],
    [
      'a selector without namespace gets the policy namespace',
      pp({}, 'PropagationPolicy', null),
      { resourceSelectors: [{ ...selector, namespace: 'default' }], ...CRD_DEFAULTS },
    ],
    [
      'a ClusterPropagationPolicy keeps empty selector namespaces',
      pp({}, 'ClusterPropagationPolicy', null),
      { resourceSelectors: [selector], ...CRD_DEFAULTS },
    ],
    [
      'a ServiceImport selector forces propagateDeps',
      pp({ resourceSelectors: [{ apiVersion: 'multicluster.x-k8s.io/v1alpha1', kind: 'ServiceImport' }] }),
      { resourceSelectors: [{ apiVersion: 'multicluster.x-k8s.io/v1alpha1', kind: 'ServiceImport', namespace: 'shop' }], propagateDeps: true, ...CRD_DEFAULTS },
    ],
  ])('%s', (_name, policy, spec) => {
    expect(defaultPropagationPolicy(policy).spec).toEqual(spec);
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'a spread constraint without field or label spreads by cluster from one group',
      { spreadConstraints: [{ maxGroups: 3 }] },
      { spreadConstraints: [{ spreadByField: 'cluster', minGroups: 1, maxGroups: 3 }] },
    ],
    [
      'minGroups 0 becomes 1',
      { spreadConstraints: [{ spreadByField: 'region', minGroups: 0 }] },
      { spreadConstraints: [{ spreadByField: 'region', minGroups: 1 }] },
    ],
    [
      'a label constraint gets no field',
      { spreadConstraints: [{ spreadByLabel: 'rack', minGroups: 2 }] },
      { spreadConstraints: [{ spreadByLabel: 'rack', minGroups: 2 }] },
    ],
    [
      'maxGroups is not defaulted',
      { spreadConstraints: [{ spreadByField: 'zone', minGroups: 2 }] },
      { spreadConstraints: [{ spreadByField: 'zone', minGroups: 2 }] },
    ],
    [
      'a present replicaScheduling is Divided and Weighted',
      { replicaScheduling: {} },
      { replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Weighted' } },
    ],
    [
      'Divided keeps Aggregated',
      { replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Aggregated' } },
      { replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Aggregated' } },
    ],
    [
      'Duplicated gets no preference',
      { replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
      { replicaScheduling: { replicaSchedulingType: 'Duplicated' } },
    ],
    ['an absent replicaScheduling stays absent (Duplicated)', { clusterAffinity: { clusterNames: ['m1'] } }, { clusterAffinity: { clusterNames: ['m1'] } }],
  ])('%s', (_name, placement, expected) => {
    expect(defaultPropagationPolicy(pp({ placement })).spec.placement).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'application failover purges gracefully after 600 s, tolerating 300 s',
      { application: {} },
      { application: { decisionConditions: { tolerationSeconds: 300 }, purgeMode: 'Gracefully', gracePeriodSeconds: 600 } },
    ],
    [
      'a Directly purge gets no grace period',
      { application: { purgeMode: 'Directly' } },
      { application: { decisionConditions: { tolerationSeconds: 300 }, purgeMode: 'Directly' } },
    ],
    [
      'explicit failover values are kept',
      { application: { decisionConditions: { tolerationSeconds: 0 }, gracePeriodSeconds: 30 } },
      { application: { decisionConditions: { tolerationSeconds: 0 }, purgeMode: 'Gracefully', gracePeriodSeconds: 30 } },
    ],
    ['cluster failover purges gracefully', { cluster: {} }, { cluster: { purgeMode: 'Gracefully' } }],
  ])('%s', (_name, failover, expected) => {
    expect(defaultPropagationPolicy(pp({ failover })).spec.failover).toEqual(expected);
  });

  it('never changes its input', () => {
    const input = pp({ placement: { spreadConstraints: [{}], replicaScheduling: {} }, failover: { application: {} } });
    const before = structuredClone(input);
    defaultPropagationPolicy(input);
    expect(input).toEqual(before);
  });

  it('leaves a policy without spec alone', () => {
    const input = { apiVersion: 'policy.karmada.io/v1alpha1', kind: 'PropagationPolicy', metadata: { name: 'p' } } as unknown as PropagationPolicy;
    expect(defaultPropagationPolicy(input)).toEqual(input);
  });
});
