// The autoscaling controller driven as `run` drives it: passes through the phases of the seam
// (render included) and syncs between them against in-memory members, which hold each member's
// copy of `web` from the last Work, its pods and their PodMetrics at a chosen CPU usage.
import { AutoscalingController } from '../../../src/controllers/autoscaling/autoscaling-controller.ts';
import type { AutoscalingOptions } from '../../../src/controllers/autoscaling/autoscaling-controller.ts';
import type { AutoscalingEvent } from '../../../src/controllers/autoscaling/autoscaling-decisions.ts';
import type { Controller } from '../../../src/controllers/controller.ts';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import type { KubeClient } from '../../../src/apply/kube-client.ts';
import type { KubeObject } from '../../../src/model/index.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import type { Fleet } from '../../../src/render/load/fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import { renderFleet } from '../../../src/render/render-fleet.ts';
import type { Rendered } from '../../../src/render/render-fleet.ts';
import { emptyControllerRecords } from '../../../src/controllers/index.ts';
import type { ControllerRecords } from '../../../src/controllers/index.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';

export const T0 = Date.parse('2026-03-02T08:00:00Z');
export const MEMBERS = ['member1', 'member2'];

/** `web` with `replicas`, each pod requesting 100m CPU, Divided 1:1 over member1 and member2. */
export function webYaml(replicas: number): string {
  return `${MEMBERS.map((m) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${m}}\nspec: {}\n`).join('---\n')}---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: nginx, resources: {requests: {cpu: 100m}}}]}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  placement:
    clusterAffinity: {clusterNames: [member1, member2]}
    replicaScheduling:
      replicaSchedulingType: Divided
      replicaDivisionPreference: Weighted
      weightPreference:
        staticWeightList:
          - {targetCluster: {clusterNames: [member1]}, weight: 1}
          - {targetCluster: {clusterNames: [member2]}, weight: 1}
`;
}

/** A FederatedHPA on web: CPU at 50% of requests, with `extra` lines under its spec. */
export function federatedHPA(extra = '', max = 10): string {
  return `apiVersion: autoscaling.karmada.io/v1alpha1
kind: FederatedHPA
metadata: {name: web, namespace: shop}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: ${max}
  metrics: [{type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}}]
${extra}`;
}

export function loadYaml(...documents: string[]): Fleet {
  const text = documents.join('---\n');
  const { fleet, diagnostics } = loadFleet(parseSources([{ path: 'fleet.yaml', blobId: text, content: Buffer.from(text) }]));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((d) => d.message).join('\n'));
  return fleet;
}

const POD_METRICS = { group: 'metrics.k8s.io', version: 'v1beta1', kind: 'PodMetrics', resource: 'pods', namespaced: true, verbs: ['get', 'list'] };

/** The members as fakes serving the resource metrics API. */
export function members(): Map<string, FakeKubeClient> {
  return new Map(
    MEMBERS.map((name) => {
      const client = new FakeKubeClient(name);
      client.serve(POD_METRICS);
      return [name, client];
    }),
  );
}

/** Each member's copy of web from the Work, `ready` of its replicas running, every pod using `milliCpu`. */
export function runWork(clients: ReadonlyMap<string, FakeKubeClient>, rendered: Rendered, milliCpu: number, now: number): void {
  for (const [name, client] of clients) {
    for (const key of [...client.objects.keys()]) if (key.startsWith('/Pod/') || key.startsWith('metrics.k8s.io/')) client.objects.delete(key);
    const copy = rendered.works.get(name)?.find((i) => i.manifest.kind === 'Deployment')?.manifest;
    if (!copy) continue;
    const replicas = (copy['spec'] as { replicas: number }).replicas;
    client.put({ ...copy, status: { replicas } } as KubeObject);
    const started = new Date(now - 10 * 60_000).toISOString();
    for (let i = 0; i < replicas; i++) {
      const pod = `web-${name}-${i}`;
      client.put({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: pod, namespace: 'shop', labels: { app: 'web' } },
        spec: { containers: [{ name: 'web', resources: { requests: { cpu: '100m' } } }] },
        status: { phase: 'Running', startTime: started, conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: started }] },
      });
      client.put({
        apiVersion: 'metrics.k8s.io/v1beta1',
        kind: 'PodMetrics',
        metadata: { name: pod, namespace: 'shop', labels: { app: 'web' } },
        timestamp: new Date(now - 5000).toISOString(),
        window: '15s',
        containers: [{ name: 'web', usage: { cpu: `${milliCpu}m`, memory: '64Mi' } }],
      });
    }
  }
}

/** A pass's outcome: what web was rendered with, and the records. */
export interface PassOutcome {
  rendered: Rendered;
  /** web's replicas and their division, `member=count` in name order. */
  web: { replicas: number; clusters: string };
  records: ControllerRecords;
}

/** One pass of `controller` over `fleet` at `now` (the records restore the first pass when given; `sourceHasErrors`: the fleet lacks what failed validation). */
export function pass(controller: Controller, fleet: Fleet, now: number, restore?: ControllerRecords, sourceHasErrors = false): PassOutcome {
  const before = controller.beforeRender({
    now,
    lastBindings: [],
    sourceHasErrors,
    ...(restore ? { restore } : {}),
    scheduling: { fleet, observedClusters: new Map(), previousSchedules: new Map() },
  });
  const rendered = renderFleet(before.scheduling.fleet, createInterpreter([]), {
    sourceCommit: 'c',
    detect: {},
    previousSchedules: new Map(),
    observedClusters: new Map(),
  });
  const after = before.next.afterRender({ now, fleet, bindings: rendered.bindings, complete: !sourceHasErrors, clusters: MEMBERS });
  const records = { ...emptyControllerRecords(), ...after.next.afterApply({ now, applied: [], notApplied: [] }).records };
  const binding = rendered.bindings.find((b) => b.template.object.metadata.name === 'web')?.binding;
  return {
    rendered,
    web: { replicas: binding?.replicas ?? 0, clusters: (binding?.clusters ?? []).map((c) => `${c.name}=${c.replicas}`).join(',') },
    records,
  };
}

/** A live controller with the test's settings: a 15 s sync period, UTC for rules without a zone. */
export function liveController(options: Partial<AutoscalingOptions> = {}): AutoscalingController {
  return new AutoscalingController({ processZone: 'UTC', ...options });
}

/** One tick of the controller against the members. */
export function tick(controller: AutoscalingController, clients: ReadonlyMap<string, KubeClient>, now: number): Promise<AutoscalingEvent[]> {
  return controller.tick(now, async (names) => new Map(names.map((n) => [n, clients.get(n) ?? new Error(`no member ${n}`)])));
}
