// The autoscaling controller through its phases and syncs (see autoscaling-loop.ts): a
// FederatedHPA scaling a Divided Deployment on its members' CPU usage, the decided count in the
// render and the record, a restart resuming it, git edits and removals winning, and the failures
// a sync reports in its conditions.
import { describe, expect, it } from 'vitest';
import type { AutoscalingController } from '../../../src/controllers/autoscaling/autoscaling-controller.ts';
import { recordedAutoscaling } from '../../../src/controllers/autoscaling/recorded-autoscaling.ts';
import { inOrder } from '../../../src/controllers/in-order.ts';
import { liveControllers } from '../../../src/controllers/registry.ts';
import { waitFor } from '../../helpers/wait.ts';
import { federatedHPA, liveController, loadYaml, members, pass, runWork, T0, tick, webYaml } from './autoscaling-loop.ts';

const SCALED_BY = 'FederatedHPA shop/web';

describe('AutoscalingController: a FederatedHPA on a Divided Deployment', () => {
  it('scales web up on CPU above target, at most twice its replicas per sync without a behavior; the render divides the count', async () => {
    const fleet = loadYaml(webYaml(4), federatedHPA());
    const clients = members();
    const controller = liveController();
    const first = pass(controller, fleet, T0);
    expect(first.web).toEqual({ replicas: 4, clusters: 'member1=2,member2=2' });
    runWork(clients, first.rendered, 200, T0);
    const events = await tick(controller, clients, T0 + 1000);
    expect(events).toContainEqual(expect.objectContaining({ kind: 'scaled', by: SCALED_BY, from: 4, to: 8 }));
    const second = pass(controller, fleet, T0 + 2000);
    expect(second.web).toEqual({ replicas: 8, clusters: 'member1=4,member2=4' });
    const [hpa] = second.records.autoscaling.federatedHPAs;
    expect(hpa?.status).toMatchObject({
      currentReplicas: 4,
      desiredReplicas: 8,
      lastScaleTime: new Date(T0 + 1000).toISOString(),
      currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 200, averageValue: '200m' } } }],
    });
    expect(hpa?.status.conditions?.map((c) => [c.type, c.status, c.reason])).toEqual([
      ['AbleToScale', 'True', 'SucceededRescale'],
      ['ScalingActive', 'True', 'ValidMetricFound'],
      ['ScalingLimited', 'True', 'ScaleUpLimit'],
    ]);
    expect(hpa?.scaleEvents).toEqual([
      { time: new Date(T0 + 1000).toISOString(), from: 4, to: 8, reason: 'cpu resource utilization (percentage of request) above target' },
    ]);
    expect(second.records.autoscaling.workloads).toEqual([
      { resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' }, replicas: 8, templateReplicas: 4, by: SCALED_BY },
    ]);
  });

  it('never asks a Pull member: the members it reads stand for the whole workload', async () => {
    const fleet = loadYaml(webYaml(4).replace('metadata: {name: member2}\nspec: {}', 'metadata: {name: member2}\nspec: {syncMode: Pull}'), federatedHPA());
    const clients = members();
    const controller = liveController();
    runWork(clients, pass(controller, fleet, T0).rendered, 200, T0);
    const events = await tick(controller, clients, T0 + 1000);
    expect(clients.get('member2')?.calls).toEqual([]);
    expect(events).toContainEqual(expect.objectContaining({ kind: 'scaled', by: SCALED_BY, from: 4, to: 8 }));
  });

  it('within the tolerance nothing changes; a sync waits for its period', async () => {
    const fleet = loadYaml(webYaml(4), federatedHPA());
    const clients = members();
    const controller = liveController();
    runWork(clients, pass(controller, fleet, T0).rendered, 53, T0);
    expect((await tick(controller, clients, T0)).filter((e) => e.kind === 'scaled')).toEqual([]);
    runWork(clients, pass(controller, fleet, T0).rendered, 400, T0);
    expect(await tick(controller, clients, T0 + 14_999)).toEqual([]);
    expect((await tick(controller, clients, T0 + 15_000)).some((e) => e.kind === 'scaled')).toBe(true);
  });

  it("scales down only after the stabilization window of a behavior, then to the metrics' count", async () => {
    const behavior = '  behavior: {scaleDown: {stabilizationWindowSeconds: 60}}\n';
    const fleet = loadYaml(webYaml(4), federatedHPA(behavior));
    const clients = members();
    const controller = liveController();
    runWork(clients, pass(controller, fleet, T0).rendered, 50, T0);
    await tick(controller, clients, T0);
    runWork(clients, pass(controller, fleet, T0).rendered, 10, T0);
    const held = await tick(controller, clients, T0 + 15_000);
    expect(held.filter((e) => e.kind === 'scaled')).toEqual([]);
    const status = pass(controller, fleet, T0 + 15_500).records.autoscaling.federatedHPAs[0]?.status;
    expect(status?.conditions?.find((c) => c.type === 'AbleToScale')?.reason).toBe('ScaleDownStabilized');
    const later = await tick(controller, clients, T0 + 61_000);
    expect(later).toContainEqual(expect.objectContaining({ kind: 'scaled', from: 4, to: 1 }));
    expect(pass(controller, fleet, T0 + 62_000).web.replicas).toBe(1);
  });

  it('a restarted process resumes the decided count from the records; plan and apply replay it', async () => {
    const fleet = loadYaml(webYaml(4), federatedHPA());
    const clients = members();
    const controller = liveController();
    runWork(clients, pass(controller, fleet, T0).rendered, 200, T0);
    await tick(controller, clients, T0);
    const { records } = pass(controller, fleet, T0 + 1000);
    expect(pass(liveController(), fleet, T0 + 2000, records).web.replicas).toBe(8);
    const replay = pass(recordedAutoscaling('UTC'), fleet, T0 + 2000, records);
    expect(replay.web.replicas).toBe(8);
    expect(replay.records.autoscaling).toEqual(records.autoscaling);
  });

  it('a pass without memory brings a recorded count within bounds changed in git', async () => {
    const clients = members();
    const controller = liveController();
    const fleet = loadYaml(webYaml(4), federatedHPA());
    runWork(clients, pass(controller, fleet, T0).rendered, 200, T0);
    await tick(controller, clients, T0);
    const { records } = pass(controller, fleet, T0 + 1000);
    const lowered = loadYaml(webYaml(4), federatedHPA('', 6));
    expect(pass(recordedAutoscaling('UTC'), lowered, T0 + 2000, records).web.replicas).toBe(6);
  });

  it.each([
    ['removing the FederatedHPA returns web to its template replicas', () => loadYaml(webYaml(4)), 4],
    ["editing the template's replicas in git is the later write, and wins", () => loadYaml(webYaml(3), federatedHPA()), 3],
  ])('%s', async (_name, next, replicas) => {
    const clients = members();
    const controller = liveController();
    runWork(clients, pass(controller, loadYaml(webYaml(4), federatedHPA()), T0).rendered, 200, T0);
    await tick(controller, clients, T0);
    const after = pass(controller, next(), T0 + 1000);
    expect(after.web.replicas).toBe(replicas);
    expect(after.records.autoscaling.workloads).toEqual([]);
  });
});

describe('AutoscalingController: a source with errors forgets nothing', () => {
  const cron = `apiVersion: autoscaling.karmada.io/v1alpha1
kind: CronFederatedHPA
metadata: {name: nightly, namespace: shop}
spec:
  scaleTargetRef: {apiVersion: autoscaling.karmada.io/v1alpha1, kind: FederatedHPA, name: web}
  rules: [{name: floor, schedule: "0 22 * * *", targetMinReplicas: 6}]
`;
  const at22 = Date.parse('2026-03-02T22:00:01Z');

  it('an autoscaler missing from the fleet (it failed validation) keeps its count, bounds and histories, through a restart and a replay, and goes on once valid', async () => {
    const fleet = loadYaml(webYaml(4), federatedHPA(), cron);
    const clients = members();
    const controller = liveController();
    runWork(clients, pass(controller, fleet, T0).rendered, 200, T0);
    await tick(controller, clients, T0);
    await tick(controller, clients, at22);
    const { records } = pass(controller, fleet, at22 + 1000);
    expect(records.autoscaling.workloads.map((w) => w.replicas)).toEqual([10]);
    expect(records.autoscaling.federatedHPAs[0]?.limits?.minReplicas).toBe(6);
    expect(records.autoscaling.cronFederatedHPAs[0]?.status.executionHistories?.[0]?.successfulExecutions).toHaveLength(1);

    const invalid = loadYaml(webYaml(4));
    const kept = pass(controller, invalid, at22 + 2000, undefined, true);
    expect(kept.web.replicas).toBe(10);
    expect(kept.records.autoscaling).toEqual(records.autoscaling);
    expect(pass(liveController(), invalid, at22 + 3000, kept.records, true).records.autoscaling).toEqual(records.autoscaling);
    const replay = pass(recordedAutoscaling('UTC'), invalid, at22 + 3000, kept.records, true);
    expect([replay.web.replicas, replay.records.autoscaling]).toEqual([10, records.autoscaling]);

    const valid = pass(controller, fleet, at22 + 4000);
    expect(valid.web.replicas).toBe(10);
    expect(valid.records.autoscaling.federatedHPAs[0]?.limits?.minReplicas).toBe(6);
    expect(pass(controller, invalid, at22 + 5000).web.replicas).toBe(4);
  });
});

describe('AutoscalingController: what a sync cannot do, in its conditions', () => {
  const condition = async (yaml: string[], setup: (clients: ReturnType<typeof members>) => void) => {
    const fleet = loadYaml(...yaml);
    const clients = members();
    const controller = liveController();
    runWork(clients, pass(controller, fleet, T0).rendered, 200, T0);
    setup(clients);
    const events = await tick(controller, clients, T0);
    const status = pass(controller, fleet, T0 + 1000).records.autoscaling.federatedHPAs[0]?.status;
    return { events, conditions: status?.conditions?.map((c) => `${c.type}=${c.status} ${c.reason}: ${c.message}`) };
  };

  it('no binding: FailedGetBinding', async () => {
    const yaml = webYaml(4).replace(/---\napiVersion: policy[\s\S]*$/, '');
    const { conditions } = await condition([yaml, federatedHPA()], () => undefined);
    expect(conditions).toEqual([
      'AbleToScale=False FailedGetBinding: the HPA controller was unable to get the binding by scaleTargetRef: No binding matches the target resource.',
    ]);
  });

  it('a target not in the repository: FailedGetScaleTargetRef', async () => {
    const { conditions } = await condition([webYaml(4), federatedHPA().replace('name: web}', 'name: api}')], () => undefined);
    expect(conditions).toEqual([
      'AbleToScale=False FailedGetScaleTargetRef: the HPA controller was unable to get the target reference object: Deployment "api" not found in the repository',
    ]);
  });

  it('no resource metrics API on the members: ScalingActive False, no scaling', async () => {
    const { conditions, events } = await condition([webYaml(4), federatedHPA()], (clients) => {
      for (const c of clients.values())
        c.failWhen(
          'list',
          (t) => t.startsWith('metrics.k8s.io/'),
          () => new Error('the server could not find the requested resource'),
        );
    });
    expect(events.some((e) => e.kind === 'scaled')).toBe(false);
    expect(conditions?.[1]).toBe(
      'ScalingActive=False FailedGetResourceMetric: the HPA was unable to compute the replica count: failed to get cpu utilization: unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: the server could not find the requested resource',
    );
  });

  it('two FederatedHPAs on web: AmbiguousSelector, neither scales', async () => {
    const { conditions, events } = await condition(
      [webYaml(4), federatedHPA(), federatedHPA().replace('metadata: {name: web,', 'metadata: {name: web2,')],
      () => undefined,
    );
    expect(events.some((e) => e.kind === 'scaled')).toBe(false);
    expect(conditions?.[1]).toBe('ScalingActive=False AmbiguousSelector: pods by selector app=web are controlled by multiple HPAs: [shop/web shop/web2]');
  });

  it('a Pods metric: "not supported yet", and it keeps the CPU metric from scaling down', async () => {
    const pods = '  - {type: Pods, pods: {metric: {name: qps}, target: {type: AverageValue, averageValue: "10"}}}\n';
    const hpa = federatedHPA().replace(/metrics: \[(.*)\]\n/, 'metrics:\n  - $1\n') + pods;
    const fleet = loadYaml(webYaml(4), hpa);
    const clients = members();
    const controller = liveController();
    runWork(clients, pass(controller, fleet, T0).rendered, 10, T0);
    const events = await tick(controller, clients, T0);
    expect(events.some((e) => e.kind === 'scaled')).toBe(false);
    const status = pass(controller, fleet, T0 + 1000).records.autoscaling.federatedHPAs[0]?.status;
    expect(status?.conditions?.find((c) => c.type === 'ScalingActive')).toMatchObject({
      status: 'False',
      reason: 'FailedGetPodsMetric',
      message: 'the HPA was unable to compute the replica count: Flotilla does not support Pods metrics yet (no custom metrics API)',
    });
  });
});

describe('AutoscalingController.start: the loop between passes', () => {
  it('syncs on its timer, logs the scale, counts it, and asks for a pass; stops on close', async () => {
    const fleet = loadYaml(webYaml(4), federatedHPA());
    const clients = members();
    const controller = liveController({ syncPeriodMs: 50 });
    const calls: string[] = [];
    const requested: string[] = [];
    runWork(clients, pass(controller, fleet, Date.now()).rendered, 200, Date.now());
    // The loop's generic sink, recording the scale events the autoscaler reports through it.
    const metrics = {
      inc: (name: string, labels: Readonly<Record<string, string>>) => {
        if (name === 'flotilla_autoscaling_scale_events_total') calls.push(`${labels['autoscaler']} ${labels['direction']}`);
      },
      set: () => undefined,
      observe: () => undefined,
    };
    const watching = controller.start({
      access: { kubeconfig: {}, client: {}, connect: async (clusters) => new Map(clusters.map((c) => [c.metadata.name, clients.get(c.metadata.name)!])) },
      // As run's context before its first pass has ended: the sync reads the clusters of the fleet it rendered.
      clusters: () => [],
      now: () => Date.now(),
      requestPass: (detail) => requested.push(detail),
      memberProbed: () => undefined,
      warn: (fields, message) => calls.push(`warn ${message} ${JSON.stringify(fields)}`),
      info: (_fields, message) => calls.push(message),
      metrics,
    });
    try {
      await waitFor('a pass requested', async () => requested[0], { timeoutMs: 5_000, intervalMs: 10 });
      expect(requested[0]).toBe('FederatedHPA shop/web scaled Deployment/shop/web from 4 to 8');
      expect(calls.slice(0, 2)).toEqual(['FederatedHPA shop/web up', 'workload scaled']);
    } finally {
      await watching.close();
    }
  });
});

describe('AutoscalingController among the registered controllers', () => {
  it('the scaled count goes through the same scheduling rules: a member tainted NoExecute gets none of it', async () => {
    const tainted = webYaml(4).replace(
      'metadata: {name: member2}\nspec: {}',
      'metadata: {name: member2}\nspec: {taints: [{key: maintenance, effect: NoExecute}]}',
    );
    const fleet = loadYaml(tainted, federatedHPA());
    const controllers = liveControllers({ failover: {}, autoscaling: { processZone: 'UTC' } });
    const autoscaling = controllers.find((c) => c.name === 'autoscaling') as AutoscalingController;
    const all = inOrder(controllers);
    const clients = members();
    const first = pass(all, fleet, T0);
    expect(first.web).toEqual({ replicas: 4, clusters: 'member1=4' });
    runWork(clients, first.rendered, 200, T0);
    await tick(autoscaling, clients, T0 + 1000);
    expect(pass(all, fleet, T0 + 2000).web).toEqual({ replicas: 8, clusters: 'member1=8' });
  });
});
