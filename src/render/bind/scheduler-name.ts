import type { BindingSpec, ScheduledBinding } from '../../model/index.ts';
import { keptSchedule } from './kept-schedule.ts';
import type { PreviousSchedule } from './schedule-claims.ts';

/** The only scheduler Flotilla has: Karmada's default one, and its name. */
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';

/**
 * The scheduler a binding is for when it is not Flotilla's: Karmada's scheduler takes a binding
 * only when its schedulerName is its own, an empty name counting as `default-scheduler`
 * (docs/karmada-compatibility.md#scheduler-name).
 */
export function otherSchedulerOf(spec: BindingSpec): string | undefined {
  const name = spec.schedulerName || DEFAULT_SCHEDULER_NAME;
  return name === DEFAULT_SCHEDULER_NAME ? undefined : name;
}

/**
 * A binding left for another scheduler: nothing schedules it, so it keeps the clusters it had, and
 * a never-scheduled one has none and says why in its error. The policy's warning is
 * check/scheduler-names.ts'.
 */
export function leftForOtherScheduler(
  spec: BindingSpec,
  scheduler: string,
  last: PreviousSchedule | undefined,
): ScheduledBinding {
  return last && last.clusters.length > 0
    ? keptSchedule(spec, last, null)
    : { ...spec, clusters: [], error: otherSchedulerReason(scheduler) };
}

/** Why a binding for `scheduler` is not scheduled. */
export function otherSchedulerReason(scheduler: string): string {
  return `schedulerName ${scheduler} names a scheduler Flotilla does not have (Karmada's default scheduler leaves the binding to it)`;
}
