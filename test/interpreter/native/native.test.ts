import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import type { AggregatedStatusItem, KubeObject } from '../../../src/model/index.ts';

const interpreter = createInterpreter([], { bundled: [], now: () => Date.UTC(2026, 0, 1) });

function k(apiVersion: string, kind: string, body: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}): KubeObject {
  return { apiVersion, kind, metadata: { name: 'x', namespace: 'ns', ...metadata }, ...body };
}

const podSpec = { containers: [{ name: 'c', resources: { requests: { cpu: '500m', memory: '512Mi' } } }] };

describe('native InterpretReplica', () => {
  it.each([
    ['Deployment replicas', k('apps/v1', 'Deployment', { spec: { replicas: 3, template: { spec: podSpec } } }), 3],
    ['Deployment without replicas defaults to 1', k('apps/v1', 'Deployment', { spec: { template: { spec: podSpec } } }), 1],
    ['StatefulSet replicas', k('apps/v1', 'StatefulSet', { spec: { replicas: 2, template: { spec: podSpec } } }), 2],
    ['ReplicaSet replicas', k('apps/v1', 'ReplicaSet', { spec: { replicas: 0, template: { spec: podSpec } } }), 0],
    ['Job parallelism', k('batch/v1', 'Job', { spec: { parallelism: 4, template: { spec: podSpec } } }), 4],
    ['Job parallelism capped at completions', k('batch/v1', 'Job', { spec: { parallelism: 4, completions: 2, template: { spec: podSpec } } }), 2],
    ['Pod is one replica', k('v1', 'Pod', { spec: podSpec }), 1],
  ])('%s', (_name, obj, replicas) => {
    expect(interpreter.getReplicas(obj)).toEqual({ replicas, requirements: { resourceRequest: { cpu: '500m', memory: '512Mi' } } });
  });

  it.each([
    ['DaemonSet has no replica interpreter', k('apps/v1', 'DaemonSet')],
    ['ConfigMap has none', k('v1', 'ConfigMap')],
    ['an unknown apiVersion of Deployment has none', k('extensions/v1beta1', 'Deployment', { spec: { replicas: 2 } })],
  ])('%s', (_name, obj) => {
    expect(interpreter.getReplicas(obj)).toBeUndefined();
  });

  it.each([
    [
      'init containers raise the request per resource, overhead adds',
      {
        containers: [{ resources: { requests: { cpu: '1', memory: '1Gi' } } }],
        initContainers: [{ resources: { requests: { cpu: '2' } } }],
        overhead: { cpu: '100m' },
      },
      { resourceRequest: { cpu: '2100m', memory: '1Gi' } },
    ],
    [
      'limits fill missing requests',
      { containers: [{ resources: { limits: { cpu: '1', 'example.com/foo': '2' } } }] },
      { resourceRequest: { cpu: '1', 'example.com/foo': '2' } },
    ],
    ['unknown resource names are ignored', { containers: [{ resources: { requests: { cpu: '1', foo: '3' } } }] }, { resourceRequest: { cpu: '1' } }],
    [
      'the node claim takes selector, tolerations and required affinity',
      {
        nodeSelector: { a: 'b' },
        tolerations: [{ key: 'k', operator: 'Exists' }],
        affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } },
        containers: [{}],
      },
      { nodeClaim: { hardNodeAffinity: { nodeSelectorTerms: [] }, nodeSelector: { a: 'b' }, tolerations: [{ key: 'k', operator: 'Exists' }] } },
    ],
    ['no claim and no requests means no requirements', { containers: [{}] }, undefined],
  ])('requirements: %s', (_name, spec, requirements) => {
    const result = interpreter.getReplicas(k('v1', 'Pod', { spec }));
    expect(result?.requirements).toEqual(requirements);
  });

  it('adds namespace and priorityClassName with the ResourceQuotaEstimate gate', () => {
    const gated = createInterpreter([], { bundled: [], resourceQuotaEstimate: true });
    expect(
      gated.getReplicas(k('v1', 'Pod', { spec: { priorityClassName: 'high', containers: [{ resources: { requests: { cpu: '1' } } }] } }))?.requirements,
    ).toEqual({
      namespace: 'ns',
      priorityClassName: 'high',
      resourceRequest: { cpu: '1' },
    });
  });
});

describe('native ReviseReplica', () => {
  it.each([
    ['Deployment', k('apps/v1', 'Deployment', { spec: { replicas: 1 } }), { replicas: 5 }],
    ['Deployment without replicas', k('apps/v1', 'Deployment', { spec: {} }), { replicas: 5 }],
    ['StatefulSet', k('apps/v1', 'StatefulSet', { spec: { replicas: 1 } }), { replicas: 5 }],
    ['ReplicaSet', k('apps/v1', 'ReplicaSet', { spec: { replicas: 1 } }), { replicas: 5 }],
    ['Job revises parallelism', k('batch/v1', 'Job', { spec: { parallelism: 1 } }), { parallelism: 5 }],
  ])('%s', (_name, obj, spec) => {
    const before = structuredClone(obj);
    expect(interpreter.reviseReplica(obj, 5)['spec']).toEqual(spec);
    expect(obj).toEqual(before);
  });

  it.each([
    ['DaemonSet', 'apps/v1', 'DaemonSet', false],
    ['Deployment', 'apps/v1', 'Deployment', true],
    ['Job', 'batch/v1', 'Job', true],
    ['Pod', 'v1', 'Pod', false],
  ])('supports says whether %s is revised', (_name, apiVersion, kind, expected) => {
    expect(interpreter.supports({ apiVersion, kind }, 'ReviseReplica')).toBe(expected);
  });
});

describe('native Retain', () => {
  it.each([
    [
      'Deployment keeps member replicas with the retain-replicas label',
      k('apps/v1', 'Deployment', { spec: { replicas: 2 } }, { labels: { 'resourcetemplate.karmada.io/retain-replicas': 'true' } }),
      k('apps/v1', 'Deployment', { spec: { replicas: 7 } }),
      { replicas: 7 },
    ],
    [
      'Deployment without the label keeps desired replicas',
      k('apps/v1', 'Deployment', { spec: { replicas: 2 } }),
      k('apps/v1', 'Deployment', { spec: { replicas: 7 } }),
      { replicas: 2 },
    ],
    [
      'Service keeps clusterIP and healthCheckNodePort',
      k('v1', 'Service', { spec: { type: 'LoadBalancer' } }),
      k('v1', 'Service', { spec: { clusterIP: '10.0.0.1', healthCheckNodePort: 30000 } }),
      { type: 'LoadBalancer', clusterIP: '10.0.0.1', healthCheckNodePort: 30000 },
    ],
    [
      'PVC keeps volumeName',
      k('v1', 'PersistentVolumeClaim', { spec: { resources: {} } }),
      k('v1', 'PersistentVolumeClaim', { spec: { volumeName: 'pv-1' } }),
      { resources: {}, volumeName: 'pv-1' },
    ],
    [
      'PV keeps claimRef',
      k('v1', 'PersistentVolume', { spec: {} }),
      k('v1', 'PersistentVolume', { spec: { claimRef: { name: 'c' } } }),
      { claimRef: { name: 'c' } },
    ],
    [
      'Job keeps generated selector and template labels',
      k('batch/v1', 'Job', { spec: { template: { spec: {} } } }),
      k('batch/v1', 'Job', { spec: { selector: { matchLabels: { uid: '1' } }, template: { metadata: { labels: { uid: '1' } } } } }),
      { selector: { matchLabels: { uid: '1' } }, template: { metadata: { labels: { uid: '1' } }, spec: {} } },
    ],
    [
      'Pod keeps nodeName, volumes and mounts',
      k('v1', 'Pod', { spec: { containers: [{ name: 'a' }] } }),
      k('v1', 'Pod', {
        spec: { nodeName: 'n', serviceAccountName: 'default', volumes: [{ name: 'v' }], containers: [{ name: 'a', volumeMounts: [{ name: 'v' }] }] },
      }),
      { nodeName: 'n', serviceAccountName: 'default', volumes: [{ name: 'v' }], containers: [{ name: 'a', volumeMounts: [{ name: 'v' }] }] },
    ],
    [
      'Pod keeps the mounts of a container the member does not have',
      k('v1', 'Pod', { spec: { containers: [{ name: 'new', volumeMounts: [{ name: 'x' }] }] } }),
      k('v1', 'Pod', { spec: { nodeName: 'n', containers: [{ name: 'old', volumeMounts: [{ name: 'v' }] }] } }),
      { nodeName: 'n', containers: [{ name: 'new', volumeMounts: [{ name: 'x' }] }] },
    ],
  ])('%s', (_name, desired, observed, spec) => {
    expect(interpreter.retain(desired, observed)['spec']).toEqual(spec);
  });

  it('ServiceAccount merges secrets: desired first, then member-only names', () => {
    const out = interpreter.retain(
      k('v1', 'ServiceAccount', { secrets: [{ name: 'a' }] }),
      k('v1', 'ServiceAccount', { secrets: [{ name: 'b' }, { name: 'a' }] }),
    );
    expect(out['secrets']).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('Secret keeps the data of a service-account token', () => {
    const out = interpreter.retain(k('v1', 'Secret', { type: 'kubernetes.io/service-account-token' }), k('v1', 'Secret', { data: { token: 'eA==' } }));
    expect(out['data']).toEqual({ token: 'eA==' });
  });
});

describe('native InterpretStatus', () => {
  it.each([
    [
      'Deployment reflects counters and both generations',
      k(
        'apps/v1',
        'Deployment',
        { status: { replicas: 2, readyReplicas: 2, observedGeneration: 3, conditions: [] } },
        { generation: 3, annotations: { 'resourcetemplate.karmada.io/generation': '5' } },
      ),
      { replicas: 2, readyReplicas: 2, observedGeneration: 3, generation: 3, resourceTemplateGeneration: 5 },
    ],
    ['Deployment with an empty status reflects nothing', k('apps/v1', 'Deployment', { status: {} }), undefined],
    ['Job reflects its subset', k('batch/v1', 'Job', { status: { succeeded: 1, ready: 0, startTime: 't' } }), { succeeded: 1, startTime: 't' }],
    ['a ClusterIP Service reflects nothing', k('v1', 'Service', { spec: { type: 'ClusterIP' }, status: { loadBalancer: {} } }), undefined],
    [
      'a LoadBalancer Service reflects the load balancer',
      k('v1', 'Service', { spec: { type: 'LoadBalancer' }, status: { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } } }),
      { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } },
    ],
    [
      'HPA reflects current and desired replicas',
      k('autoscaling/v2', 'HorizontalPodAutoscaler', { status: { currentReplicas: 2, desiredReplicas: 3, conditions: [] } }),
      { currentReplicas: 2, desiredReplicas: 3 },
    ],
    ['any other kind reflects the whole status', k('example.io/v1', 'Thing', { status: { a: { b: 1 } } }), { a: { b: 1 } }],
    ['an object without status reflects nothing', k('v1', 'ConfigMap'), undefined],
  ])('%s', (_name, obj, status) => {
    expect(interpreter.reflectStatus(obj)).toEqual(status);
  });

  it('an unparsable template generation is an error', () => {
    expect(() =>
      interpreter.reflectStatus(k('apps/v1', 'Deployment', { status: { replicas: 1 } }, { annotations: { 'resourcetemplate.karmada.io/generation': 'x' } })),
    ).toThrow(/not an integer/);
  });
});

const item = (clusterName: string, status?: Record<string, unknown>): AggregatedStatusItem =>
  status ? { clusterName, status, applied: true } : { clusterName, applied: false };

describe('native AggregateStatus', () => {
  it('Deployment sums two members (Karmada aggregatestatus_test.go)', () => {
    const member = {
      replicas: 1,
      readyReplicas: 1,
      updatedReplicas: 1,
      availableReplicas: 1,
      observedGeneration: 1,
      generation: 1,
      resourceTemplateGeneration: 1,
    };
    const out = interpreter.aggregateStatus(k('apps/v1', 'Deployment', {}, { generation: 1 }), [item('m1', member), item('m2', member)]);
    expect(out['status']).toEqual({ replicas: 2, readyReplicas: 2, updatedReplicas: 2, availableReplicas: 2, unavailableReplicas: 0, observedGeneration: 1 });
  });

  it.each([
    [
      'advances observedGeneration when every member rolled out the template',
      [item('a', { observedGeneration: 2, generation: 2, resourceTemplateGeneration: 3 })],
      3,
    ],
    ['keeps it when a member lags', [item('a', { observedGeneration: 1, generation: 2, resourceTemplateGeneration: 3 })], 1],
    ['keeps it when a member has no status', [item('a', { observedGeneration: 2, generation: 2, resourceTemplateGeneration: 3 }), item('b')], 1],
  ])('Deployment %s', (_name, items, observedGeneration) => {
    const out = interpreter.aggregateStatus(k('apps/v1', 'Deployment', { status: { observedGeneration: 1 } }, { generation: 3 }), items);
    expect((out['status'] as Record<string, unknown>)['observedGeneration']).toBe(observedGeneration);
  });

  it('returns the template itself when nothing changed', () => {
    const template = k('apps/v1', 'Deployment', {
      status: { replicas: 0, readyReplicas: 0, updatedReplicas: 0, availableReplicas: 0, unavailableReplicas: 0, observedGeneration: 0 },
    });
    expect(interpreter.aggregateStatus(template, [])).toBe(template);
  });

  it.each([
    [
      'a failed member fails the Job',
      [item('b', { failed: 1, conditions: [{ type: 'Failed', status: 'True' }] }), item('a', { active: 1 })],
      {
        active: 1,
        failed: 1,
        conditions: [
          {
            type: 'Failed',
            status: 'True',
            reason: 'JobFailed',
            message: 'Job executed failed in member clusters b',
            lastProbeTime: '2026-01-01T00:00:00Z',
            lastTransitionTime: '2026-01-01T00:00:00Z',
          },
        ],
      },
    ],
    [
      'every member complete completes the Job',
      [
        item('a', {
          succeeded: 1,
          startTime: '2026-01-01T00:00:02Z',
          completionTime: '2026-01-01T00:01:00Z',
          conditions: [{ type: 'Complete', status: 'True' }],
        }),
        item('b', {
          succeeded: 2,
          startTime: '2026-01-01T00:00:01Z',
          completionTime: '2026-01-01T00:02:00Z',
          conditions: [{ type: 'Complete', status: 'True' }],
        }),
      ],
      {
        succeeded: 3,
        startTime: '2026-01-01T00:00:01Z',
        completionTime: '2026-01-01T00:02:00Z',
        conditions: [
          {
            type: 'Complete',
            status: 'True',
            reason: 'Completed',
            message: 'Job completed',
            lastProbeTime: '2026-01-01T00:00:00Z',
            lastTransitionTime: '2026-01-01T00:00:00Z',
          },
        ],
      },
    ],
  ])('Job: %s', (_name, items, status) => {
    expect(interpreter.aggregateStatus(k('batch/v1', 'Job'), items)['status']).toEqual(status);
  });

  it('a finished Job is left alone', () => {
    const done = k('batch/v1', 'Job', { status: { conditions: [{ type: 'Complete', status: 'True' }] } });
    expect(interpreter.aggregateStatus(done, [item('a', { active: 1 })])).toBe(done);
  });

  it.each([
    ['Failed wins', ['Running', 'Failed'], 'Failed'],
    ['a member without status counts as Pending', ['Running', undefined], 'Pending'],
    ['Running before Succeeded', ['Succeeded', 'Running'], 'Running'],
    ['all Succeeded', ['Succeeded', 'Succeeded'], 'Succeeded'],
  ])('Pod phase: %s', (_name, phases, phase) => {
    const items = phases.map((p, i) => item(`m${i}`, p ? { phase: p } : undefined));
    expect((interpreter.aggregateStatus(k('v1', 'Pod'), items)['status'] as Record<string, unknown>)['phase']).toBe(phase);
  });

  it.each([
    ['Lost wins and stops', ['Pending', 'Lost', 'Bound'], 'Lost'],
    ['the last non-Bound phase wins', ['Pending', 'Bound'], 'Pending'],
    ['all Bound', ['Bound', 'Bound'], 'Bound'],
  ])('PVC phase: %s', (_name, phases, phase) => {
    const items = phases.map((p, i) => item(`m${i}`, { phase: p }));
    expect((interpreter.aggregateStatus(k('v1', 'PersistentVolumeClaim'), items)['status'] as Record<string, unknown>)['phase']).toBe(phase);
  });

  it('Service merges load-balancer ingress across members', () => {
    const out = interpreter.aggregateStatus(k('v1', 'Service', { spec: { type: 'LoadBalancer' } }), [
      item('a', { loadBalancer: { ingress: [{ ip: '2.2.2.2' }, { ip: '1.1.1.1', ports: [{ port: 80 }] }] } }),
      item('b', { loadBalancer: { ingress: [{ ip: '1.1.1.1', ports: [{ port: 443 }] }] } }),
    ]);
    expect(out['status']).toEqual({ loadBalancer: { ingress: [{ ip: '1.1.1.1', ports: [{ port: 80 }, { port: 443 }] }, { ip: '2.2.2.2' }] } });
  });

  it('PodDisruptionBudget sums and prefixes disrupted pods with the cluster', () => {
    const out = interpreter.aggregateStatus(k('policy/v1', 'PodDisruptionBudget'), [
      item('a', { currentHealthy: 1, desiredHealthy: 1, disruptedPods: { p: 't' } }),
      item('b', { currentHealthy: 2, desiredHealthy: 1 }),
    ]);
    expect(out['status']).toEqual({ currentHealthy: 3, desiredHealthy: 2, expectedPods: 0, disruptionsAllowed: 0, disruptedPods: { 'a/p': 't' } });
  });

  it('HPA replaces the status with the summed replica counts', () => {
    const out = interpreter.aggregateStatus(k('autoscaling/v2', 'HorizontalPodAutoscaler', { status: { conditions: [{}] } }), [
      item('a', { currentReplicas: 1, desiredReplicas: 2 }),
      item('b', { currentReplicas: 3, desiredReplicas: 4 }),
    ]);
    expect(out['status']).toEqual({ currentReplicas: 4, desiredReplicas: 6 });
  });

  it('a kind without aggregator keeps its template', () => {
    const cm = k('v1', 'ConfigMap');
    expect(interpreter.aggregateStatus(cm, [item('a', { x: 1 })])).toBe(cm);
  });
});

describe('native InterpretHealth', () => {
  it.each([
    [
      'a rolled-out Deployment is healthy',
      k('apps/v1', 'Deployment', { spec: { replicas: 2 }, status: { observedGeneration: 1, updatedReplicas: 2, availableReplicas: 2 } }, { generation: 1 }),
      true,
    ],
    [
      'a Deployment behind its generation is not',
      k('apps/v1', 'Deployment', { spec: { replicas: 2 }, status: { observedGeneration: 1, updatedReplicas: 2, availableReplicas: 2 } }, { generation: 2 }),
      false,
    ],
    [
      'a Deployment with too few available replicas is not',
      k('apps/v1', 'Deployment', { spec: { replicas: 2 }, status: { observedGeneration: 1, updatedReplicas: 2, availableReplicas: 1 } }, { generation: 1 }),
      false,
    ],
    [
      'a StatefulSet rolled out is healthy',
      k('apps/v1', 'StatefulSet', { spec: { replicas: 1 }, status: { observedGeneration: 1, updatedReplicas: 1, availableReplicas: 1 } }, { generation: 1 }),
      true,
    ],
    [
      'a ReplicaSet short of replicas is not',
      k('apps/v1', 'ReplicaSet', { spec: { replicas: 3 }, status: { observedGeneration: 1, availableReplicas: 2 } }, { generation: 1 }),
      false,
    ],
    [
      'a DaemonSet rolled out is healthy',
      k(
        'apps/v1',
        'DaemonSet',
        { status: { observedGeneration: 1, desiredNumberScheduled: 2, updatedNumberScheduled: 2, numberAvailable: 2 } },
        { generation: 1 },
      ),
      true,
    ],
    ['a ClusterIP Service is healthy', k('v1', 'Service', { spec: {} }), true],
    ['a LoadBalancer Service without ingress is not', k('v1', 'Service', { spec: { type: 'LoadBalancer' }, status: { loadBalancer: {} } }), false],
    ['an Ingress with an address is healthy', k('networking.k8s.io/v1', 'Ingress', { status: { loadBalancer: { ingress: [{ hostname: 'h' }] } } }), true],
    ['a Bound PVC is healthy', k('v1', 'PersistentVolumeClaim', { status: { phase: 'Bound' } }), true],
    ['a Pending PVC is not', k('v1', 'PersistentVolumeClaim', { status: { phase: 'Pending' } }), false],
    ['a Running and Ready Pod is healthy', k('v1', 'Pod', { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } }), true],
    ['a Running Pod that is not Ready is not', k('v1', 'Pod', { status: { phase: 'Running' } }), false],
    ['a Succeeded Pod is healthy', k('v1', 'Pod', { status: { phase: 'Succeeded' } }), true],
    ['a PDB short of healthy pods is not', k('policy/v1', 'PodDisruptionBudget', { status: { currentHealthy: 1, desiredHealthy: 2 } }), false],
    ['a Job has no health interpreter, so it is healthy', k('batch/v1', 'Job', { status: { failed: 3 } }), true],
    ['a ConfigMap is healthy', k('v1', 'ConfigMap'), true],
  ])('%s', (_name, obj, healthy) => {
    expect(interpreter.interpretHealth(obj)).toBe(healthy);
  });
});

describe('native InterpretDependency', () => {
  const spec = {
    serviceAccountName: 'sa',
    imagePullSecrets: [{ name: 'pull' }],
    containers: [
      {
        env: [{ valueFrom: { configMapKeyRef: { name: 'cm1' } } }, { valueFrom: { secretKeyRef: { name: 's1' } } }],
        envFrom: [{ configMapRef: { name: 'cm1' } }],
      },
    ],
    initContainers: [{ envFrom: [{ secretRef: { name: 's2' } }] }],
    volumes: [
      { configMap: { name: 'cm2' } },
      { secret: { secretName: 's3' } },
      { projected: { sources: [{ configMap: { name: 'cm3' } }, { secret: { name: 's4' } }] } },
      { csi: { nodePublishSecretRef: { name: 's5' } } },
      { rbd: { secretRef: { name: 's6' } } },
      { persistentVolumeClaim: { claimName: 'data' } },
      { persistentVolumeClaim: { claimName: 'www' } },
    ],
  };
  const names = (refs: { kind: string; name?: string }[]) => refs.map((r) => `${r.kind}/${r.name}`);

  it('a Deployment lists ConfigMaps, Secrets, ServiceAccount then PVCs', () => {
    expect(names(interpreter.getDependencies(k('apps/v1', 'Deployment', { spec: { template: { spec } } })))).toEqual([
      'ConfigMap/cm1',
      'ConfigMap/cm2',
      'ConfigMap/cm3',
      'Secret/pull',
      'Secret/s1',
      'Secret/s2',
      'Secret/s3',
      'Secret/s4',
      'Secret/s5',
      'Secret/s6',
      'ServiceAccount/sa',
      'PersistentVolumeClaim/data',
      'PersistentVolumeClaim/www',
    ]);
  });

  it('a StatefulSet drops claims named by its volumeClaimTemplates', () => {
    const deps = interpreter.getDependencies(
      k('apps/v1', 'StatefulSet', { spec: { template: { spec }, volumeClaimTemplates: [{ metadata: { name: 'www' } }] } }),
    );
    expect(names(deps)).not.toContain('PersistentVolumeClaim/www');
    expect(names(deps)).toContain('PersistentVolumeClaim/data');
  });

  it.each([
    [
      'a CronJob reads its job template',
      k('batch/v1', 'CronJob', { spec: { jobTemplate: { spec: { template: { spec: { serviceAccountName: 'x' } } } } } }),
      ['ServiceAccount/x'],
    ],
    ['the default ServiceAccount is skipped', k('v1', 'Pod', { spec: { serviceAccountName: 'default' } }), []],
    ['an Ingress depends on its TLS secrets', k('networking.k8s.io/v1', 'Ingress', { spec: { tls: [{ secretName: 'tls' }] } }), ['Secret/tls']],
    ['a ConfigMap has no dependencies', k('v1', 'ConfigMap'), []],
  ])('%s', (_name, obj, expected) => {
    expect(names(interpreter.getDependencies(obj))).toEqual(expected);
  });

  it('an Ingress TLS entry without secretName fails', () => {
    expect(() => interpreter.getDependencies(k('networking.k8s.io/v1', 'Ingress', { spec: { tls: [{ hosts: ['h'] }] } }))).toThrow(/no secretName/);
  });

  it('a ServiceImport depends on its derived Service and EndpointSlices', () => {
    expect(interpreter.getDependencies(k('multicluster.x-k8s.io/v1alpha1', 'ServiceImport'))).toEqual([
      { apiVersion: 'v1', kind: 'Service', namespace: 'ns', name: 'derived-x' },
      {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        namespace: 'ns',
        labelSelector: { matchLabels: { 'kubernetes.io/service-name': 'derived-x' } },
      },
    ]);
  });
});
