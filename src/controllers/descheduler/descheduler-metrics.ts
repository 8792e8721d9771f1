/** The descheduler's `flotilla_descheduler_*` metric, declared here and reported through the generic sink. */
import type { ControllerMetrics, MetricSpec } from '../controller.ts';
import type { Descheduling } from './descheduler-core.ts';

const DESCHEDULED = 'flotilla_descheduler_descheduled_replicas_total';

export const DESCHEDULER_METRICS: readonly MetricSpec[] = [
  {
    name: DESCHEDULED,
    type: 'counter',
    labels: ['cluster'],
    help: 'Replicas the descheduler took from a member where they stayed unschedulable',
  },
];

export function countDescheduled(metrics: ControllerMetrics, d: Descheduling): void {
  for (const c of d.clusters) metrics.inc(DESCHEDULED, { cluster: c.name }, c.spec - c.target);
}
