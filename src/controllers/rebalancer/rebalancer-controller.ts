/**
 * The workload rebalancer controller (Karmada's workload-rebalancer controller and the scheduler's
 * reaction to rescheduleTriggeredAt), the thin adapter around rebalancer-core.ts. Before the render
 * the workloads a rebalancer has not run for yet lose their previous schedule, so the scheduler
 * places them afresh; after it each gets its result; the records go to the status branch. The
 * same form serves `run` and passes without memory: a pass of `apply` runs a rebalancer the loop
 * has not run yet, exactly once, and records it, as the next `run` then sees from the branch.
 */
import { refKey } from '../../model/index.ts';
import type { RecordedRebalancer, WorkloadRebalancer } from '../../model/index.ts';
import type { PreviousSchedule } from '../../render/index.ts';
import type { AfterRender, BeforeRender, Controller, PassStart, RenderedPass } from '../controller.ts';
import { expiredRecord, expiresAt, pendingKeys, settledRecord, syncedRecord } from './rebalancer-core.ts';
import { afterRenderPhases } from '../phases.ts';

/** The previous schedules without the results of the workloads to reschedule afresh (evictions kept). */
function withoutResults(
  previous: ReadonlyMap<string, PreviousSchedule>,
  fresh: ReadonlySet<string>,
): Map<string, PreviousSchedule> {
  const out = new Map(previous);
  for (const key of fresh) {
    const schedule = out.get(key);
    if (!schedule) continue;
    if (schedule.evictedClusters?.length) out.set(key, { clusters: [], evictedClusters: schedule.evictedClusters });
    else out.delete(key);
  }
  return out;
}

/** See the module comment. */
export class RebalancerController implements Controller {
  readonly name = 'workload-rebalancer';
  private records = new Map<string, RecordedRebalancer>();
  private rebalancers: readonly WorkloadRebalancer[] = [];

  nextDue(): number | undefined {
    const due = this.rebalancers.flatMap((r) => {
      const record = this.records.get(r.metadata.name);
      const at = record && record.status.expiredAt === undefined ? expiresAt(r, record) : undefined;
      return at === undefined ? [] : [at];
    });
    return due.length > 0 ? Math.min(...due) : undefined;
  }

  beforeRender(start: PassStart): BeforeRender {
    if (start.restore) this.records = new Map(start.restore['workload-rebalancer']);
    const { scheduling } = start;
    this.rebalancers = scheduling.fleet.workloadRebalancers.map((r) => r.object);
    const before = new Map(this.records);
    const synced = new Map(
      this.rebalancers.map((r) => [r.metadata.name, syncedRecord(r, this.records.get(r.metadata.name))]),
    );
    this.records = synced;
    const fresh = new Set([...synced.values()].flatMap(pendingKeys));
    return {
      scheduling: { ...scheduling, previousSchedules: withoutResults(scheduling.previousSchedules, fresh) },
      next: { afterRender: (rendered) => this.afterRender(rendered, before) },
    };
  }

  private afterRender(rendered: RenderedPass, before: ReadonlyMap<string, RecordedRebalancer>): AfterRender {
    const bound = new Set(rendered.bindings.flatMap((b) => (b.binding ? [refKey(b.binding.resource)] : [])));
    this.records = new Map(
      this.rebalancers.map((r) => {
        const name = r.metadata.name;
        const record = this.records.get(name) ?? syncedRecord(r, undefined);
        const settled = settledRecord(record, before.get(name)?.status, bound, rendered.complete, rendered.now);
        return [name, expiredRecord(r, settled, rendered.now)];
      }),
    );
    const records = new Map(this.records);
    return afterRenderPhases({ records: () => ({ 'workload-rebalancer': records }) });
  }
}
