import { describe, expect, it } from 'vitest';
import { createInterpreter, type ResourceInterpreter } from '../../src/interpreter/index.ts';
import type { AggregatedStatusItem, KubeObject } from '../../src/model/index.ts';

/**
 * Inputs on which Karmada's bundled interpreters fail rather than invent a default; the bundled
 * customizations must fail the same way (the YAML test cases can only state successful results).
 */
const interpreter = createInterpreter([]);
const obj = (apiVersion: string, kind: string, rest: Partial<KubeObject> = {}): KubeObject => ({
  apiVersion,
  kind,
  metadata: { name: 'x', namespace: 'ns' },
  ...rest,
});
const podTemplate = { spec: { containers: [{ name: 'c', image: 'busybox' }] } };
const items = (...statuses: Record<string, unknown>[]): AggregatedStatusItem[] => statuses.map((status, i) => ({ clusterName: `member${i + 1}`, status }));

const cases: [string, (i: ResourceInterpreter) => unknown, RegExp][] = [
  [
    'CloneSet replicas without spec.replicas',
    (i) => i.getReplicas(obj('apps.kruise.io/v1alpha1', 'CloneSet', { spec: { template: podTemplate } })),
    /replica type is number/,
  ],
  [
    'StatefulSet replicas without spec.replicas',
    (i) => i.getReplicas(obj('apps.kruise.io/v1beta1', 'StatefulSet', { spec: { template: podTemplate } })),
    /replica type is number/,
  ],
  [
    'UnitedDeployment replicas without spec.replicas',
    (i) => i.getReplicas(obj('apps.kruise.io/v1alpha1', 'UnitedDeployment', { spec: { template: podTemplate } })),
    /replica type is number/,
  ],
  ['BroadcastJob replicas without a pod template', (i) => i.getReplicas(obj('apps.kruise.io/v1alpha1', 'BroadcastJob', { spec: { parallelism: 2 } })), /table/],
  [
    'CloneSet dependencies when the pod template references nothing',
    (i) => i.getDependencies(obj('apps.kruise.io/v1alpha1', 'CloneSet', { spec: { replicas: 1, template: podTemplate } })),
    /dependencies type is table/,
  ],
  [
    'BroadcastJob dependencies when the pod template references nothing',
    (i) => i.getDependencies(obj('apps.kruise.io/v1alpha1', 'BroadcastJob', { spec: { template: podTemplate } })),
    /table/,
  ],
  [
    'AdvancedCronJob dependencies without a job template',
    (i) => i.getDependencies(obj('apps.kruise.io/v1alpha1', 'AdvancedCronJob', { spec: { template: {} } })),
    /table/,
  ],
  ['BroadcastJob health without status', (i) => i.interpretHealth(obj('apps.kruise.io/v1alpha1', 'BroadcastJob', { spec: {} })), /index a nil/],
  [
    'CloneSet health with a counter missing',
    (i) => i.interpretHealth(obj('apps.kruise.io/v1alpha1', 'CloneSet', { spec: {}, status: { updatedReplicas: 1 } })),
    /compare/,
  ],
  [
    'SidecarSet dependencies with a nameless reference',
    (i) => i.getDependencies(obj('apps.kruise.io/v1alpha1', 'SidecarSet', { spec: { volumes: [{ name: 'v', secret: {} }] } })),
    /name/,
  ],
  [
    'Workflow dependencies with a claim template without metadata',
    (i) => i.getDependencies(obj('argoproj.io/v1alpha1', 'Workflow', { spec: { volumeClaimTemplates: [{ spec: {} }] } })),
    /index a nil/,
  ],
  [
    'HelmRelease dependencies with a nameless values source',
    (i) => i.getDependencies(obj('helm.toolkit.fluxcd.io/v2beta1', 'HelmRelease', { spec: { valuesFrom: [{ kind: 'Secret' }] } })),
    /table index is nil/,
  ],
  [
    'HelmRelease aggregation of a condition without message',
    (i) => i.aggregateStatus(obj('helm.toolkit.fluxcd.io/v2beta1', 'HelmRelease', { spec: {} }), items({ conditions: [{ type: 'Ready', status: 'True' }] })),
    /concatenate/,
  ],
  [
    'Volcano Job aggregation of conditions without transition times',
    (i) =>
      i.aggregateStatus(
        obj('batch.volcano.sh/v1alpha1', 'Job', { spec: {} }),
        items({ conditions: [{ status: 'Running' }] }, { conditions: [{ status: 'Running' }] }),
      ),
    /compare/,
  ],
  [
    'FlinkDeployment replicas with non-numeric cpu on both managers',
    (i) =>
      i.getReplicas(
        obj('flink.apache.org/v1beta1', 'FlinkDeployment', { spec: { jobManager: { resource: { cpu: '500m' } }, taskManager: { resource: { cpu: '1' } } } }),
      ),
    /arithmetic/,
  ],
];

describe('bundled interpreters fail where Karmada fails', () => {
  it.each(cases)('%s', (_name, call, message) => {
    expect(() => call(interpreter)).toThrow(message);
  });
});
