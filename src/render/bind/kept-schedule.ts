import type { BindingSpec, ScheduledBinding } from '../../model/index.ts';
import type { PreviousSchedule } from './schedule-claims.ts';

/**
 * A binding that keeps what the last pass decided (its clusters, clusterAffinities term and
 * applied placement), with `error` set when something refused the new decision; none is kept
 * when there was no last pass.
 */
export function keptSchedule(
  spec: BindingSpec,
  last: PreviousSchedule | undefined,
  error: string | null,
): ScheduledBinding {
  return {
    ...spec,
    clusters: last?.clusters ?? [],
    error,
    ...(last?.affinityName ? { affinityName: last.affinityName } : {}),
    ...(last?.appliedPlacement !== undefined ? { appliedPlacement: last.appliedPlacement } : {}),
  };
}
