/**
 * The decision cost of a FederatedHPA sync (issue 19): Kubernetes' HPA algorithm over the pods of
 * every member, from the members' Pod and PodMetrics objects to the decided count, for a workload
 * of 10,000 pods over 10 members, with a CPU Utilization and a memory AverageValue metric. The
 * reads from the members are left out: they are two lists per member, whatever the pod count.
 * Run: node bench/autoscaling.ts
 */
import { syncFederatedHPA, NEW_FEDERATED_HPA } from '../src/controllers/autoscaling/hpa-sync.ts';
import { podSampleOf, podUsageOf } from '../src/controllers/autoscaling/pod-sample.ts';
import type { FederatedHPASpec, KubeObject } from '../src/model/index.ts';
import { printTable } from './lib/measure.ts';
import { size } from './lib/size.ts';

const PODS = size(10_000, 20);
const MEMBERS = 10;
const NOW = Date.parse('2026-03-02T08:00:00Z');
const started = new Date(NOW - 3_600_000).toISOString();

function pod(i: number): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `web-${i}`, namespace: 'shop', labels: { app: 'web' } },
    spec: { containers: [{ name: 'web', resources: { requests: { cpu: '100m', memory: '256Mi' } } }] },
    status: {
      phase: 'Running',
      startTime: started,
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: started }],
    },
  };
}

function podMetrics(i: number): KubeObject {
  return {
    apiVersion: 'metrics.k8s.io/v1beta1',
    kind: 'PodMetrics',
    metadata: { name: `web-${i}`, namespace: 'shop' },
    timestamp: new Date(NOW - 5000).toISOString(),
    window: '10.5s',
    containers: [{ name: 'web', usage: { cpu: `${60 + (i % 40)}m`, memory: `${200 + (i % 100)}Mi` } }],
  };
}

const spec: FederatedHPASpec = {
  scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
  minReplicas: 1,
  maxReplicas: 50_000,
  metrics: [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
    { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '200Mi' } } },
  ],
};

const member = (i: number): string => `member${i % MEMBERS}`;
const podObjects = Array.from({ length: PODS }, (_, i) => pod(i));
const metricObjects = Array.from({ length: PODS }, (_, i) => podMetrics(i));

function time(label: string, run: () => number): (string | number)[] {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const result = run();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return [label, Math.round(ms), Math.round((used.user + used.system) / 1000), result];
}

const rows: (string | number)[][] = [['step (10,000 pods, 10 members)', 'wall ms', 'CPU ms', 'result']];
let samples = podObjects.map((p, i) => podSampleOf(member(i), p));
let usage = metricObjects.map((m, i) => podUsageOf(member(i), m));
rows.push(
  time('read Pods and PodMetrics into samples', () => {
    samples = podObjects.map((p, i) => podSampleOf(member(i), p));
    usage = metricObjects.map((m, i) => podUsageOf(member(i), m));
    return samples.length + usage.length;
  }),
);
const scales = Array.from({ length: MEMBERS }, (_, i) => ({
  cluster: `member${i}`,
  specReplicas: PODS / MEMBERS,
  statusReplicas: PODS / MEMBERS,
}));
rows.push(
  time('sync: two metrics, stabilization, bounds', () => {
    const result = syncFederatedHPA(
      NEW_FEDERATED_HPA,
      { spec, currentReplicas: PODS, observation: { ok: true, scales, pods: samples, usage } },
      NOW,
    );
    return result.memory.status.desiredReplicas;
  }),
);
printTable(rows);
