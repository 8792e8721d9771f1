/**
 * The autoscalers' `flotilla_autoscaling_*` metrics: declared here, registered by the loop from
 * the registry (src/observability/metrics.ts), and reported through the generic sink.
 */
import type { ControllerMetrics, MetricSpec } from '../controller.ts';

const CURRENT = 'flotilla_autoscaling_current_replicas';
const DESIRED = 'flotilla_autoscaling_desired_replicas';
const SYNCS = 'flotilla_autoscaling_syncs_total';
const ROUND = 'flotilla_autoscaling_round_duration_seconds';
const SCALES = 'flotilla_autoscaling_scale_events_total';
const CRON = 'flotilla_autoscaling_cron_executions_total';

export const AUTOSCALING_METRICS: readonly MetricSpec[] = [
  {
    name: CURRENT,
    type: 'gauge',
    labels: ['autoscaler'],
    help: "Replicas of a FederatedHPA's workload at its last sync",
  },
  { name: DESIRED, type: 'gauge', labels: ['autoscaler'], help: 'Replicas a FederatedHPA decided at its last sync' },
  {
    name: SYNCS,
    type: 'counter',
    labels: ['autoscaler', 'result'],
    help: 'FederatedHPA syncs, by result (ok, error: it could not decide from every metric)',
  },
  {
    name: ROUND,
    type: 'histogram',
    labels: ['result'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    help: 'Duration of the autoscaling rounds (cron rules due, FederatedHPA syncs reading the members), by result (ok, error: a sync could not decide)',
  },
  {
    name: SCALES,
    type: 'counter',
    labels: ['autoscaler', 'direction'],
    help: 'Changes of a workload replica count an autoscaler made, by direction',
  },
  {
    name: CRON,
    type: 'counter',
    labels: ['autoscaler', 'rule', 'result'],
    help: 'CronFederatedHPA rule executions, by result (Successful, Failed)',
  },
];

/** What the autoscalers report, in their own terms. */
export interface AutoscalingMetrics {
  /** A FederatedHPA sync: the replicas it found and set, whether it could decide. */
  autoscalerSynced(autoscaler: string, current: number, desired: number, ok: boolean): void;
  /** One round of the autoscalers (cron rules due, syncs), and how long it took. */
  autoscalingRound(seconds: number, ok: boolean): void;
  /** An autoscaler changed a workload's replica count. */
  workloadScaled(autoscaler: string, direction: 'up' | 'down'): void;
  /** A CronFederatedHPA rule ran. */
  cronRuleRan(autoscaler: string, rule: string, result: 'Successful' | 'Failed'): void;
}

/** The autoscalers' reports onto the loop's sink. */
export function autoscalingMetrics(sink: ControllerMetrics): AutoscalingMetrics {
  return {
    autoscalerSynced: (autoscaler, current, desired, ok) => {
      sink.set(CURRENT, { autoscaler }, current);
      sink.set(DESIRED, { autoscaler }, desired);
      sink.inc(SYNCS, { autoscaler, result: ok ? 'ok' : 'error' });
    },
    autoscalingRound: (seconds, ok) => sink.observe(ROUND, { result: ok ? 'ok' : 'error' }, seconds),
    workloadScaled: (autoscaler, direction) => sink.inc(SCALES, { autoscaler, direction }),
    cronRuleRan: (autoscaler, rule, result) => sink.inc(CRON, { autoscaler, rule, result }),
  };
}
