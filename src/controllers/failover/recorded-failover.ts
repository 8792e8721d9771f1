/**
 * The failover controller of a pass without memory (`plan`, `apply`): it decides nothing, and
 * replays what the run loop recorded on the status branch. A `Gracefully` or `Never` task keeps
 * the evicted member's old copy until the loop ends the task, so a one-off apply with prune must
 * not delete it by surprise; a `Directly` task keeps nothing (its old copy is meant to go). The
 * record is written back as it is: a one-off pass must not erase the loop's. The previous
 * schedules already leave the evicted members out (the status branch's binding documents).
 */
import { emptyFailoverView } from './failover-view.ts';
import type { FailoverView } from './failover-view.ts';
import type { Controller } from '../controller.ts';
import { evictionTaskOf } from './failover-record.ts';
import { purgeHolds } from './purge-holds.ts';
import { afterRenderPhases } from '../phases.ts';

/** See the module comment; the records are those the pass's first phase is given (`restore`). */
export function recordedFailover(): Controller {
  let recorded: FailoverView = emptyFailoverView();
  return {
    name: 'failover',
    nextDue: () => undefined,
    beforeRender: ({ scheduling, restore }) => {
      if (restore) recorded = restore.failover;
      const view = recorded;
      const tasks = new Map(
        [...view.tasks].map(([key, list]) => [key, list.map((t) => ({ ...evictionTaskOf(t), purged: true as const }))]),
      );
      return {
        scheduling,
        next: {
          afterRender: ({ clusters }) =>
            afterRenderPhases({ holds: purgeHolds(tasks, clusters), records: () => ({ failover: view }) }),
        },
      };
    },
  };
}
