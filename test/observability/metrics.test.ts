import { afterEach, describe, expect, it } from 'vitest';
import { startHealthServer } from '../../src/observability/health-server.ts';
import type { HealthServer } from '../../src/observability/health-server.ts';
import { autoscalingMetrics } from '../../src/controllers/autoscaling/autoscaling-metrics.ts';
import type { ControllerMetrics } from '../../src/controllers/controller.ts';
import { controllerMetrics, createMetrics, recordClusterResult, recordReconciledCommit } from '../../src/observability/metrics.ts';

const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'a', name: 'x' };
let server: HealthServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('reconciler metrics', () => {
  it("carry the autoscalers' syncs, scale events and cron rule runs as flotilla_autoscaling_*", async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    const reported = autoscalingMetrics(controllerMetrics(metrics));
    reported.autoscalerSynced('FederatedHPA shop/web', 4, 8, true);
    reported.autoscalingRound(0.2, true);
    reported.workloadScaled('FederatedHPA shop/web', 'up');
    reported.cronRuleRan('CronFederatedHPA shop/daily', 'night', 'Successful');
    const text = await metrics.registry.metrics();
    expect(text).toContain('flotilla_autoscaling_current_replicas{autoscaler="FederatedHPA shop/web"} 4');
    expect(text).toContain('flotilla_autoscaling_desired_replicas{autoscaler="FederatedHPA shop/web"} 8');
    expect(text).toContain('flotilla_autoscaling_syncs_total{autoscaler="FederatedHPA shop/web",result="ok"} 1');
    expect(text).toContain('flotilla_autoscaling_round_duration_seconds_count{result="ok"} 1');
    expect(text).toContain('flotilla_autoscaling_scale_events_total{autoscaler="FederatedHPA shop/web",direction="up"} 1');
    expect(text).toContain('flotilla_autoscaling_cron_executions_total{autoscaler="CronFederatedHPA shop/daily",rule="night",result="Successful"} 1');
  });

  it.each([
    [
      'a name no registration declares',
      (m: ControllerMetrics) => m.inc('flotilla_nothing_total', {}),
      'no controller declares the counter flotilla_nothing_total',
    ],
    [
      'a declared gauge used as a counter',
      (m: ControllerMetrics) => m.inc('flotilla_autoscaling_current_replicas', {}),
      'no controller declares the counter flotilla_autoscaling_current_replicas',
    ],
  ])("refuse %s through the controllers' sink", (_name, report, message) => {
    expect(() => report(controllerMetrics(createMetrics({ defaultMetrics: false })))).toThrow(message);
  });

  it('count applied, pruned and failed objects per cluster and keep one commit series', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    recordClusterResult(metrics, {
      cluster: 'member1',
      inventoryWritten: true,
      objects: [
        { cluster: 'member1', ref, action: 'created' },
        { cluster: 'member1', ref, action: 'unchanged' },
        { cluster: 'member1', ref, action: 'failed' },
      ],
      pruned: [{ cluster: 'member1', ref, action: 'deleted' }],
    });
    recordReconciledCommit(metrics, 'a'.repeat(40), 100);
    recordReconciledCommit(metrics, 'b'.repeat(40), 200);
    const text = await metrics.registry.metrics();
    expect(text).toContain('flotilla_objects_applied_total{cluster="member1",action="created"} 1');
    expect(text).toContain('flotilla_objects_pruned_total{cluster="member1"} 1');
    expect(text).toContain('flotilla_objects_failed_total{cluster="member1"} 1');
    expect(text).toContain(`flotilla_last_reconciled_commit_info{commit="${'b'.repeat(40)}"} 1`);
    expect(text).not.toContain('a'.repeat(40));
  });

  it.each([
    ['/healthz answers while the process lives', '/healthz', false, 200],
    ['/readyz refuses before the first pass', '/readyz', false, 503],
    ['/readyz answers once ready', '/readyz', true, 200],
    ['/metrics serves the registry', '/metrics', false, 200],
    ['anything else is not found', '/other', true, 404],
  ])('%s', async (_name, path, ready, status) => {
    const metrics = createMetrics({ defaultMetrics: false });
    server = await startHealthServer({ address: '127.0.0.1:0', registry: metrics.registry, ready: () => ready });
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(status);
    if (path === '/metrics') expect(await res.text()).toContain('flotilla_pass_duration_seconds');
  });
});
