/**
 * The autoscaling controller's decisions as the loop's logs and metrics: one log line per scale
 * decision and per cron rule run, a warning per sync that could not decide, the
 * `flotilla_autoscaling_*` metrics; and what changed, for the pass the loop is asked for (a scale,
 * and every rule run, whose history and next time the status branch must hold before a restart).
 */
import { describeRef } from '../../model/index.ts';
import type { ControllerContext } from '../controller.ts';
import type { AutoscalingMetrics } from './autoscaling-metrics.ts';
import type { AutoscalingEvent } from './autoscaling-decisions.ts';

const UNCOUNTED: AutoscalingMetrics = {
  autoscalerSynced: () => undefined,
  autoscalingRound: () => undefined,
  workloadScaled: () => undefined,
  cronRuleRan: () => undefined,
};

/** Logs and counts the events; returns one line per change that needs a pass. */
export function reportEvents(
  events: readonly AutoscalingEvent[],
  given: Pick<ControllerContext, 'info' | 'warn'> & { metrics?: AutoscalingMetrics | undefined },
  seconds: number,
): string[] {
  const context = { warn: given.warn, info: given.info ?? (() => undefined), metrics: given.metrics ?? UNCOUNTED };
  const changed: string[] = [];
  const synced = events.filter((e) => e.kind === 'synced');
  if (synced.length > 0)
    context.metrics.autoscalingRound(
      seconds,
      synced.every((e) => e.error === undefined),
    );
  for (const event of events) {
    switch (event.kind) {
      case 'synced':
        context.metrics.autoscalerSynced(event.autoscaler, event.current, event.desired, event.error === undefined);
        if (event.error)
          context.warn({ autoscaler: event.autoscaler, error: event.error }, 'autoscaler sync incomplete');
        break;
      case 'scaled': {
        const target = describeRef(event.target);
        context.metrics.workloadScaled(event.by, event.to > event.from ? 'up' : 'down');
        context.info(
          { autoscaler: event.by, target, from: event.from, to: event.to, reason: event.reason },
          'workload scaled',
        );
        changed.push(`${event.by} scaled ${target} from ${event.from} to ${event.to}`);
        break;
      }
      case 'rule': {
        const result = event.outcome.ok ? 'Successful' : 'Failed';
        context.metrics.cronRuleRan(event.autoscaler, event.rule, result);
        const fields = {
          autoscaler: event.autoscaler,
          rule: event.rule,
          scheduleTime: new Date(event.scheduleTime).toISOString(),
          ...(event.outcome.ok ? event.outcome.applied : { error: event.outcome.message }),
        };
        if (event.outcome.ok) context.info(fields, 'cron rule ran');
        else context.warn(fields, 'cron rule failed');
        // Failed or not, the run moved the rule's next time: until a pass records it, a restart would run it again.
        changed.push(`${event.autoscaler} rule ${event.rule} ${event.outcome.ok ? 'ran' : 'failed'}`);
        break;
      }
    }
  }
  return changed;
}
