/**
 * The descheduler controller (Karmada's karmada-descheduler), the thin adapter around
 * descheduler-core.ts. Every `--descheduling-interval` it reads the Push members' pods as the last
 * status step observed them and, before the render, lowers the replicas of the members whose
 * replicas stay unschedulable: the scheduler then places them where the estimators find room, as
 * Karmada's scheduler does after the descheduler updates the binding. Each binding's last
 * descheduling is recorded on the status branch; a pass without memory replays the records and
 * deschedules nothing (it observes no pods).
 */
import { refKey } from '../../model/index.ts';
import type { NodeObservation } from '../../model/index.ts';
import type {
  AfterRender,
  BeforeRender,
  Controller,
  ControllerContext,
  PassStart,
  RenderedPass,
} from '../controller.ts';
import { afterRenderPhases } from '../phases.ts';
import { DEFAULT_DESCHEDULER_OPTIONS, deschedule, loweredSchedules } from './descheduler-core.ts';
import type { DeschedulerOptions, Descheduling } from './descheduler-core.ts';
import { countDescheduled } from './descheduler-metrics.ts';

/** See the module comment. */
export class DeschedulerController implements Controller {
  readonly name = 'descheduler';
  private readonly options: DeschedulerOptions;
  private records = new Map<string, Descheduling>();
  private lastRun: number | undefined;
  private context: ControllerContext | undefined;
  private readonly live: boolean;

  /** `live` false: the recorded form, which only replays the status branch. */
  constructor(options: Partial<DeschedulerOptions> = {}, live = true) {
    this.options = { ...DEFAULT_DESCHEDULER_OPTIONS, ...options };
    this.live = live;
  }

  private get enabled(): boolean {
    return this.live && this.options.intervalMs > 0;
  }

  nextDue(): number | undefined {
    return this.enabled && this.lastRun !== undefined ? this.lastRun + this.options.intervalMs : undefined;
  }

  start(context: ControllerContext): { close(): Promise<void> } {
    this.context = context;
    return { close: async () => undefined };
  }

  beforeRender(start: PassStart): BeforeRender {
    if (start.restore) this.records = new Map(start.restore.descheduler);
    const { scheduling } = start;
    const observed = scheduling.observedNodes ?? new Map<string, NodeObservation>();
    const due = this.enabled && (this.lastRun === undefined || start.now >= this.lastRun + this.options.intervalMs);
    if (!due) return this.phases(start, scheduling);
    // As Karmada's wait.Until: a run at start, then one per interval, whatever was observed.
    this.lastRun = start.now;
    if (observed.size === 0) return this.phases(start, scheduling);
    const decisions = start.lastBindings.flatMap((b) => {
      const d = deschedule(b, observed, start.now, this.options.thresholdMs);
      return d ? [d] : [];
    });
    for (const d of decisions) {
      this.records.set(refKey(d.resource), d);
      this.context?.info?.({ resource: refKey(d.resource), clusters: d.clusters }, d.message);
      if (this.context?.metrics) countDescheduled(this.context.metrics, d);
    }
    const previousSchedules = loweredSchedules(scheduling.previousSchedules, decisions);
    return this.phases(start, { ...scheduling, previousSchedules });
  }

  private phases(start: PassStart, scheduling: BeforeRender['scheduling']): BeforeRender {
    return {
      scheduling,
      next: { afterRender: (rendered) => this.afterRender(rendered, start.sourceHasErrors === true) },
    };
  }

  /** A binding gone from a complete render takes its record with it; with source errors, nothing is forgotten. */
  private afterRender(rendered: RenderedPass, sourceHasErrors: boolean): AfterRender {
    if (rendered.complete && !sourceHasErrors) {
      const bound = new Set(rendered.bindings.flatMap((b) => (b.binding ? [refKey(b.binding.resource)] : [])));
      for (const key of this.records.keys()) if (!bound.has(key)) this.records.delete(key);
    }
    const records = new Map(this.records);
    return afterRenderPhases({ records: () => ({ descheduler: records }) });
  }
}
