/**
 * The plan's view of autoscaling (README.md#flotilla-plan): each binding whose template an
 * autoscaler scaled says so, with the count git has, so `plan` prints
 * `6 replicas (FederatedHPA shop/web; template says 4)`. The counts are those the recorded
 * autoscaling controller replays from the status branch, so the plan shows what the render used.
 */
import { replayedMemory } from '../../controllers/index.ts';
import { processTimeZone, refKey } from '../../model/index.ts';
import type { AutoscalingRecord } from '../../model/index.ts';
import type { Fleet } from '../../render/index.ts';
import type { PlanBinding } from './plan-document.ts';

/** The bindings with `autoscaled` set where the record scales their template (`sourceHasErrors`: as the render kept it). */
export function withAutoscaling(
  bindings: readonly PlanBinding[],
  record: AutoscalingRecord,
  fleet: Fleet,
  sourceHasErrors: boolean,
): PlanBinding[] {
  const { workloads } = replayedMemory(record, fleet, processTimeZone(), sourceHasErrors);
  return bindings.map((b) => {
    const scaled = workloads.get(refKey(b.resource));
    return scaled ? { ...b, autoscaled: { by: scaled.by, templateReplicas: scaled.templateReplicas } } : b;
  });
}
