// Federated autoscaling under `flotilla run` on the local fleet, with real metrics: each member's
// metrics-server reports the CPU kwok simulates from the pods' kwok.x-k8s.io/usage-cpu annotation
// (docs/development.md#metrics). One Divided Deployment over member1 and member2 and its
// FederatedHPA, shared by the tests in order: load raises the replicas across the members, removing
// it lowers them once the (shortened) stabilization window has passed, a CronFederatedHPA rule due
// within the minute raises the FederatedHPA's minReplicas, and a restarted run keeps the count.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { AppsV1Api, CoreV1Api, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { waitFor } from '../helpers/wait.ts';
import { FleetRepo } from './helpers/apply-fleet.ts';
import { apiFor, fleetKubeconfig, isNotFound, memberNames } from './helpers/fleet.ts';
import { metricValue, startRun } from './helpers/run-process.ts';
import type { RunProcess } from './helpers/run-process.ts';

const MEMBERS = ['member1', 'member2'];
const USAGE = 'kwok.x-k8s.io/usage-cpu';
/** The FederatedHPA's scale-down stabilization window, shortened for the test. */
const WINDOW_SECONDS = 20;
const SETTLE_MS = 120_000;
const ns = `hpa-${randomBytes(4).toString('hex')}`;

const web = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: ${ns}}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: 100m, memory: 64Mi}}}]}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  placement:
    clusterAffinity: {clusterNames: [${MEMBERS.join(', ')}]}
    replicaScheduling:
      replicaSchedulingType: Divided
      replicaDivisionPreference: Weighted
      weightPreference:
        staticWeightList:
          - {targetCluster: {clusterNames: [member1]}, weight: 1}
          - {targetCluster: {clusterNames: [member2]}, weight: 1}
`;

const hpa = `apiVersion: autoscaling.karmada.io/v1alpha1
kind: FederatedHPA
metadata: {name: web, namespace: ${ns}}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 2
  maxReplicas: 6
  metrics: [{type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}}]
  behavior:
    scaleUp: {stabilizationWindowSeconds: 0, policies: [{type: Pods, value: 4, periodSeconds: 15}]}
    scaleDown: {stabilizationWindowSeconds: ${WINDOW_SECONDS}, policies: [{type: Percent, value: 100, periodSeconds: 15}]}
`;

const cron = `apiVersion: autoscaling.karmada.io/v1alpha1
kind: CronFederatedHPA
metadata: {name: every-minute, namespace: ${ns}}
spec:
  scaleTargetRef: {apiVersion: autoscaling.karmada.io/v1alpha1, kind: FederatedHPA, name: web}
  rules: [{name: floor, schedule: "* * * * *", targetMinReplicas: 4}]
`;

/** web's replicas in each member, in MEMBERS order (undefined where it is not). */
async function replicas(): Promise<(number | undefined)[]> {
  return Promise.all(
    MEMBERS.map((m) =>
      apiFor(m, AppsV1Api)
        .readNamespacedDeployment({ name: 'web', namespace: ns })
        .then(
          (d) => d.spec?.replicas,
          () => undefined,
        ),
    ),
  );
}

const total = (counts: (number | undefined)[]): number => counts.reduce<number>((sum, n) => sum + (n ?? 0), 0);

function waitForTotal(want: number, timeoutMs = SETTLE_MS): Promise<(number | undefined)[]> {
  return waitFor(
    `web at ${want} replicas across ${MEMBERS.join(' and ')}`,
    async () => {
      const counts = await replicas();
      return total(counts) === want && counts.every((n) => n !== undefined && n > 0) ? counts : undefined;
    },
    { timeoutMs, intervalMs: 500 },
  );
}

/** Sets (or, undefined, removes) the CPU usage kwok simulates on the pods of web in both members that differ. */
async function annotateLoad(cpu: string | undefined): Promise<void> {
  await Promise.all(
    MEMBERS.map(async (m) => {
      const core = apiFor(m, CoreV1Api);
      const pods = await core.listNamespacedPod({ namespace: ns, labelSelector: 'app=web' });
      const differing = pods.items.filter((p) => p.metadata?.annotations?.[USAGE] !== cpu);
      await Promise.all(
        differing.map((p) =>
          core.patchNamespacedPod(
            { name: p.metadata?.name ?? '', namespace: ns, body: { metadata: { annotations: { [USAGE]: cpu ?? null } } } },
            setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
          ),
        ),
      );
    }),
  );
}

/**
 * The load on web, spread over its pods as a Service would spread it: a pod the autoscaler adds takes
 * its share too. Without that, the new pods would idle and the scale-up would depend on how the
 * metrics of the old and new pods happen to line up in time.
 */
class Load {
  private cpu: string | undefined;
  private timer: NodeJS.Timeout | undefined;

  async set(cpu: string | undefined): Promise<void> {
    this.cpu = cpu;
    await annotateLoad(cpu);
    this.timer ??= setInterval(() => void annotateLoad(this.cpu).catch(() => undefined), 1_000);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

describe('federated autoscaling under flotilla run, on real member metrics', () => {
  const repo = new FleetRepo(ns);
  const load = new Load();
  let run: RunProcess;
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo.dir, encoding: 'utf8' }).trim();
  const statusDoc = <T>(path: string): T | undefined => {
    try {
      return parse(git('show', `status:${path}`)) as T;
    } catch {
      return undefined;
    }
  };
  const args = (): string[] => [
    '--repo',
    repo.dir,
    '--kubeconfig',
    fleetKubeconfig(),
    '--inventory-name',
    repo.inventoryName,
    '--prune',
    '--resync',
    '0',
    '--probe-interval',
    '1h',
    '--metrics-addr',
    '127.0.0.1:0',
    '--horizontal-pod-autoscaler-sync-period',
    '2s',
  ];

  beforeAll(async () => {
    repo.commit({ 'web.yaml': web, 'hpa.yaml': hpa });
    run = startRun(args());
    await waitForTotal(2);
  });

  afterAll(async () => {
    load.stop();
    await run?.kill();
    await Promise.all(
      memberNames.map((m) =>
        apiFor(m, CoreV1Api)
          .deleteNamespace({ name: ns })
          .catch((error: unknown) => {
            if (!isNotFound(error)) throw error;
          }),
      ),
    );
  });

  it('CPU load on the pods raises the replicas, divided across the members, and records it', { timeout: SETTLE_MS + 30_000 }, async () => {
    await load.set('200m');
    expect(await waitForTotal(6)).toEqual([3, 3]);
    await run.waitForLog('the scale logged', (r) => r['msg'] === 'workload scaled' && r['to'] === 6);
    await waitFor(
      'the scale on the status branch',
      async () => {
        const doc = statusDoc<{ status: { desiredReplicas: number; currentMetrics?: unknown[] } }>(`autoscaling/federatedhpas/${ns}/web.yaml`);
        return doc?.status.desiredReplicas === 6 ? doc : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    const workloads = statusDoc<{ workloads: { name: string; replicas: number; templateReplicas: number; scaledBy: string }[] }>('autoscaling/workloads.yaml');
    expect(workloads?.workloads).toEqual([expect.objectContaining({ name: 'web', replicas: 6, templateReplicas: 2, scaledBy: `FederatedHPA ${ns}/web` })]);
    expect(
      metricValue(await run.metrics(), `flotilla_autoscaling_scale_events_total{autoscaler="FederatedHPA ${ns}/web",direction="up"}`),
    ).toBeGreaterThanOrEqual(1);
  });

  it('removing the load lowers the replicas only after the stabilization window', { timeout: SETTLE_MS + 30_000 }, async () => {
    const removed = Date.now();
    await load.set(undefined);
    expect(await waitForTotal(2)).toEqual([1, 1]);
    expect(Date.now() - removed).toBeGreaterThanOrEqual(WINDOW_SECONDS * 1000);
  });

  it("a CronFederatedHPA rule due within the minute raises the FederatedHPA's minReplicas, and so the replicas", { timeout: SETTLE_MS + 30_000 }, async () => {
    repo.commit({ 'web.yaml': web, 'hpa.yaml': hpa, 'cron.yaml': cron });
    expect(await waitForTotal(4, 100_000)).toEqual([2, 2]);
    const history = await waitFor(
      'the execution on the status branch',
      async () => {
        const doc = statusDoc<{ status: { executionHistories?: { successfulExecutions?: { appliedMinReplicas?: number }[] }[] } }>(
          `autoscaling/cronfederatedhpas/${ns}/every-minute.yaml`,
        );
        return doc?.status.executionHistories?.[0]?.successfulExecutions?.[0] ? doc.status.executionHistories[0] : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(history.successfulExecutions?.[0]?.appliedMinReplicas).toBe(4);
  });

  it("a restarted run keeps the decided count, not the template's", { timeout: 90_000 }, async () => {
    await run.stop();
    const before = await replicas();
    run = startRun(args());
    await run.waitForLog('the first pass of the new process', (r) => r['msg'] === 'pass finished');
    expect(await replicas()).toEqual(before);
    expect(total(before)).toBe(4);
  });
});
