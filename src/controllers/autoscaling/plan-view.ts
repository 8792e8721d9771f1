/**
 * The plan's view of autoscaling (README.md#flotilla-plan): each binding whose template an
 * autoscaler scaled says so, with the count git has, so `plan` prints
 * `6 replicas (FederatedHPA shop/web; template says 4)`. The counts are those the recorded
 * autoscaling controller replays from the status branch, so the plan shows what the render used.
 */
import type { PlanNote, PlanView, PlanViewInput } from '../controller.ts';
import { replayedMemory } from './autoscaling-memory.ts';
import { processZoneFor } from './cron-rules.ts';

/** A binding's `autoscaled` field in `plan -o json`. */
interface Autoscaled {
  by: string;
  templateReplicas: number;
}

/** Per template the autoscalers scaled (refKey), its binding's `autoscaled` note: by whom, and the count git has. */
export function autoscalingPlanView({ fleet, records, sourceHasErrors }: PlanViewInput): PlanView {
  const { workloads } = replayedMemory(records.autoscaling, fleet, processZoneFor(fleet), sourceHasErrors);
  return {
    bindings: new Map(
      [...workloads].map(([key, scaled]) => [
        key,
        { autoscaled: { by: scaled.by, templateReplicas: scaled.templateReplicas } satisfies Autoscaled },
      ]),
    ),
  };
}

/** `plan`'s words on the count of a binding an autoscaler scaled: who, and the count git has. */
export function autoscalingPlanNote(binding: Readonly<Record<string, unknown>>): PlanNote | undefined {
  const a = binding['autoscaled'] as Autoscaled | undefined;
  return a ? { on: 'replicas', text: `${a.by}; template says ${a.templateReplicas}` } : undefined;
}
