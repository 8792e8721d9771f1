/**
 * Interpreter throughput: 10,000 custom resources through Lua customizations (compiled once per
 * script) and 10,000 Deployments through the native interpreters. Target (issue 5):
 * InterpretHealth via Lua on 10,000 objects in under 1 s.
 * Run: node bench/interpreter.ts
 */
import { createInterpreter } from '../src/interpreter/index.ts';
import type { AggregatedStatusItem, KubeObject, ResourceInterpreterCustomization } from '../src/model/index.ts';
import { size } from './lib/size.ts';

const COUNT = size(10_000, 10);

const customization: ResourceInterpreterCustomization = {
  apiVersion: 'config.karmada.io/v1alpha1',
  kind: 'ResourceInterpreterCustomization',
  metadata: { name: 'bench-cloneset' },
  spec: {
    target: { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet' },
    customizations: {
      healthInterpretation: {
        luaScript: `function InterpretHealth(observedObj)
  if observedObj.status == nil then return false end
  if observedObj.metadata.generation ~= observedObj.status.observedGeneration then return false end
  local replicas = observedObj.spec.replicas or 1
  return observedObj.status.updatedReplicas == replicas and observedObj.status.availableReplicas >= replicas
end`,
      },
      replicaResource: {
        luaScript: `local kube = require("kube")
function GetReplicas(obj)
  return obj.spec.replicas or 1, kube.accuratePodRequirements(obj.spec.template)
end`,
      },
      statusAggregation: {
        luaScript: `function AggregateStatus(desiredObj, statusItems)
  local status = { replicas = 0, readyReplicas = 0, availableReplicas = 0, updatedReplicas = 0 }
  for i = 1, #statusItems do
    local s = statusItems[i].status
    if s ~= nil then
      status.replicas = status.replicas + (s.replicas or 0)
      status.readyReplicas = status.readyReplicas + (s.readyReplicas or 0)
      status.availableReplicas = status.availableReplicas + (s.availableReplicas or 0)
      status.updatedReplicas = status.updatedReplicas + (s.updatedReplicas or 0)
    end
  end
  desiredObj.status = status
  return desiredObj
end`,
      },
    },
  },
};

function podTemplate(i: number): Record<string, unknown> {
  return {
    metadata: { labels: { app: `app-${i % 50}` } },
    spec: {
      containers: [
        {
          name: 'main',
          image: `registry.example.com/app:${i % 7}`,
          resources: { requests: { cpu: `${100 + (i % 5) * 50}m`, memory: '256Mi' } },
          ports: [{ containerPort: 8080 }],
        },
        { name: 'sidecar', image: 'envoy:1.30', resources: { limits: { cpu: '50m', memory: '64Mi' } } },
      ],
    },
  };
}

function cloneSet(i: number): KubeObject {
  return {
    apiVersion: 'apps.kruise.io/v1alpha1',
    kind: 'CloneSet',
    metadata: { name: `cs-${i}`, namespace: `team-${i % 20}`, generation: 2, labels: { app: `app-${i % 50}` } },
    spec: { replicas: 3, selector: { matchLabels: { app: `app-${i % 50}` } }, template: podTemplate(i) },
    status: {
      observedGeneration: 2,
      replicas: 3,
      readyReplicas: 3,
      availableReplicas: 3 - (i % 2),
      updatedReplicas: 3,
    },
  };
}

function deployment(i: number): KubeObject {
  return { ...cloneSet(i), apiVersion: 'apps/v1', kind: 'Deployment' };
}

/** Wall and CPU time: on a shared machine the CPU time is the steadier figure. */
function time(
  label: string,
  run: () => number,
): { label: string; ms: number; cpuMs: number; perObjectUs: number; result: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = run();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return {
    label,
    ms: Math.round(ms),
    cpuMs: Math.round((used.user + used.system) / 1000),
    perObjectUs: Math.round((ms * 1000) / COUNT),
    result,
  };
}

const interpreter = createInterpreter([customization]);
const clones = Array.from({ length: COUNT }, (_, i) => cloneSet(i));
const deployments = Array.from({ length: COUNT }, (_, i) => deployment(i));
const items: AggregatedStatusItem[] = ['member1', 'member2', 'member3'].map((clusterName) => ({
  clusterName,
  applied: true,
  health: 'Healthy',
  status: { replicas: 1, readyReplicas: 1, availableReplicas: 1, updatedReplicas: 1 },
}));

const rows = [
  time('Lua InterpretHealth (CloneSet)', () => clones.filter((o) => interpreter.interpretHealth(o)).length),
  time('Lua InterpretReplica + kube.accuratePodRequirements', () =>
    clones.reduce((n, o) => n + (interpreter.getReplicas(o)?.replicas ?? 0), 0),
  ),
  time(
    'Lua AggregateStatus (3 members)',
    () => clones.filter((o) => interpreter.aggregateStatus(o, items)['status']).length,
  ),
  time('native InterpretHealth (Deployment)', () => deployments.filter((o) => interpreter.interpretHealth(o)).length),
  time('native InterpretReplica (Deployment)', () =>
    deployments.reduce((n, o) => n + (interpreter.getReplicas(o)?.replicas ?? 0), 0),
  ),
  time('native InterpretDependency (Deployment)', () =>
    deployments.reduce((n, o) => n + interpreter.getDependencies(o).length, 0),
  ),
];

console.log(`interpreter benchmark: ${COUNT} objects per row (node ${process.version})`);
console.table(
  rows.map((r) => ({
    operation: r.label,
    'wall ms': r.ms,
    'cpu ms': r.cpuMs,
    'µs/object': r.perObjectUs,
    result: r.result,
  })),
);
const health = rows[0];
if (health && health.cpuMs >= 1000) {
  console.error(`FAIL: Lua InterpretHealth on ${COUNT} objects took ${health.cpuMs} ms of CPU (target < 1000 ms)`);
  process.exitCode = 1;
}
