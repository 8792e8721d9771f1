/**
 * The autoscaling controller of a pass without memory (`plan`, `apply`): it decides nothing — no
 * sync, no cron rule — and replays what the run loop recorded on the status branch: each scaled
 * workload's count in place of its template's (within its FederatedHPA's bounds as they stand),
 * and the record written back for the autoscalers the fleet still has.
 */
import { emptyAutoscalingRecord } from '../../model/index.ts';
import type { AutoscalingRecord } from '../../model/index.ts';
import type { Controller } from '../controller.ts';
import { recordOf, replayedMemory, scaledFleet } from './autoscaling-memory.ts';
import { processZoneFor } from './cron-rules.ts';
import { afterRenderPhases } from '../phases.ts';

/** See the module comment; the record is the one the pass's first phase is given (`restore`). */
export function recordedAutoscaling(processZone?: string): Controller {
  let recorded: AutoscalingRecord = emptyAutoscalingRecord();
  return {
    name: 'autoscaling',
    nextDue: () => undefined,
    beforeRender: ({ scheduling, restore, sourceHasErrors }) => {
      if (restore) recorded = restore.autoscaling;
      const zone = processZoneFor(scheduling.fleet, processZone);
      const memory = replayedMemory(recorded, scheduling.fleet, zone, sourceHasErrors === true);
      const records = { autoscaling: recordOf(memory, scheduling.fleet) };
      return {
        scheduling: { ...scheduling, fleet: scaledFleet(scheduling.fleet, memory.workloads) },
        next: {
          afterRender: () => afterRenderPhases({ records: () => records }),
        },
      };
    },
  };
}
