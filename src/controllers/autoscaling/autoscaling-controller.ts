/**
 * The autoscaling controller of `run` (Karmada's FederatedHPA and CronFederatedHPA controllers,
 * docs/karmada-compatibility.md#federatedhpa, #cronfederatedhpa): the thin adapter around the pure
 * core. Between passes it executes the cron rules that fall due and syncs every FederatedHPA each
 * sync period from what the members report (`tick`; `start` runs it on a timer and asks for a pass
 * when a workload's count or a bound changed); the phases only apply the memory: before the render
 * each scaled workload's count replaces its template's in the scheduling inputs' fleet, so the
 * scheduler divides it and the Work, the status and the plan carry it; after the apply the memory
 * is the record. The first pass's records resume it, so a restart keeps the counts.
 */
import { reusingConnector } from '../../apply/index.ts';
import type { KubeClient } from '../../apply/index.ts';
import { processTimeZone, refKey, targetRef } from '../../model/index.ts';
import type { ClusterStatus, FederatedHPA } from '../../model/index.ts';
import type { Fleet, TemplateBinding } from '../../render/index.ts';
import type {
  AfterRender,
  BeforeRender,
  Controller,
  ControllerContext,
  PassStart,
  RenderedPass,
} from '../controller.ts';
import { afterSync, nextRuleTime, runCronRules, settleRules, syncInputOf } from './autoscaling-decisions.ts';
import type { AutoscalingEvent } from './autoscaling-decisions.ts';
import {
  emptyAutoscalingMemory,
  followFleet,
  nameOf,
  recordOf,
  restoredMemory,
  scaledFleet,
  stateOf,
} from './autoscaling-memory.ts';
import type { AutoscalingMemory } from './autoscaling-memory.ts';
import { reportEvents } from './report-events.ts';
import { autoscalingMetrics } from './autoscaling-metrics.ts';
import { DEFAULT_SYNC_OPTIONS, syncFederatedHPA } from './hpa-sync.ts';
import type { SyncOptions } from './hpa-sync.ts';
import { observeWorkload } from './observe-workload.ts';
import { afterRenderPhases } from '../phases.ts';

/** The controller's settings: the FederatedHPA controller's flags, and the zone of rules without one. */
export interface AutoscalingOptions extends SyncOptions {
  /** @default the `run` process's time zone */
  processZone: string;
}

/** One read of a member's workload, pods or PodMetrics. */
const READ_TIMEOUT_MS = 10_000;

/** The longest the loop sleeps before looking again. */
const MAX_TIMER_MS = 3_600_000;

type Clients = (clusters: readonly string[]) => Promise<ReadonlyMap<string, KubeClient | Error>>;

/** See the module comment. */
export class AutoscalingController implements Controller {
  readonly name = 'autoscaling';
  private readonly options: AutoscalingOptions;
  private memory: AutoscalingMemory = emptyAutoscalingMemory();
  private fleet: Fleet | undefined;
  private bindings: readonly TemplateBinding[] = [];
  private observed: ReadonlyMap<string, ClusterStatus> = new Map();
  private nextSync = 0;
  /** Re-arms the loop's timer after a pass: the fleet may list other autoscalers now. */
  private rearm: () => void = () => undefined;

  constructor(options: Partial<AutoscalingOptions> = {}) {
    this.options = { ...DEFAULT_SYNC_OPTIONS, processZone: processTimeZone(), ...options };
  }

  nextDue(): number | undefined {
    return undefined;
  }

  beforeRender(start: PassStart): BeforeRender {
    const { fleet } = start.scheduling;
    const keep = start.sourceHasErrors === true;
    if (start.restore) this.memory = restoredMemory(start.restore.autoscaling, fleet, this.options.processZone, keep);
    this.memory = settleRules(followFleet(this.memory, fleet, keep), fleet, start.now, this.options.processZone);
    this.fleet = fleet;
    this.observed = start.scheduling.observedClusters;
    return {
      scheduling: { ...start.scheduling, fleet: scaledFleet(fleet, this.memory.workloads) },
      next: { afterRender: (rendered) => this.afterRender(rendered) },
    };
  }

  private afterRender(rendered: RenderedPass): AfterRender {
    this.bindings = rendered.bindings;
    this.rearm();
    return afterRenderPhases({
      records: () => ({ autoscaling: recordOf(this.memory, rendered.fleet) }),
      afterStatus: (reported) => {
        this.observed = reported.observedClusters;
        return {};
      },
    });
  }

  /** When the loop next has work: the next sync when there are FederatedHPAs, the next cron rule. */
  due(): number | undefined {
    const times = [
      ...((this.fleet?.federatedHPAs.length ?? 0) > 0 ? [this.nextSync] : []),
      ...[nextRuleTime(this.memory)].filter((t): t is number => t !== undefined),
    ];
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  /**
   * Runs what is due at `now`: the cron rules, then, once per sync period, every FederatedHPA's
   * sync over what the members report. Nothing before the first pass resumed the records.
   */
  async tick(now: number, clients: Clients): Promise<AutoscalingEvent[]> {
    const fleet = this.fleet;
    if (!fleet) return [];
    const cron = runCronRules(this.memory, fleet, now, this.options.processZone);
    this.memory = cron.memory;
    const events = [...cron.events];
    if (now < this.nextSync) return events;
    this.nextSync = now + this.options.syncPeriodMs;
    for (const { object: hpa } of fleet.federatedHPAs) {
      const observation = await observeWorkload(hpa, {
        fleet,
        bindings: this.bindings,
        observed: this.observed,
        clients,
      });
      // A pass may have run meanwhile: decide on the memory and fleet it left, if the FederatedHPA is still there.
      const current = this.fleet;
      const latest = current?.federatedHPAs.find((h) => nameOf(h.object) === nameOf(hpa))?.object;
      if (!current || !latest) continue;
      const target = (h: FederatedHPA): string => refKey(targetRef(h.metadata.namespace, h.spec.scaleTargetRef));
      const controlledBy = current.federatedHPAs
        .map((h) => h.object)
        .filter((h) => target(h) === target(latest))
        .map(nameOf);
      const input = {
        ...syncInputOf(this.memory, current, latest),
        observation: observation.ok ? { ...observation, controlledBy } : observation,
      };
      const result = syncFederatedHPA(stateOf(this.memory, latest), input, now, this.options);
      const synced = afterSync(this.memory, current, latest, result);
      this.memory = synced.memory;
      events.push(...synced.events);
    }
    return events;
  }

  /** Runs {@link tick} on a timer, logs and counts its decisions, and asks for a pass when one changed a count or a bound. */
  start(context: ControllerContext): { close(): Promise<void> } {
    // Reads are bounded as the member monitor's probes are: a member that does not answer holds up one round, briefly.
    const connect = reusingConnector({
      ...context.access,
      client: {
        ...context.access.client,
        timeoutMs: READ_TIMEOUT_MS,
        retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 },
      },
      memberTimeoutMs: 2 * READ_TIMEOUT_MS,
    });
    // The clusters of the fleet the last render read, not the context's: those are known only once
    // the first pass has ended, and the first sync runs as soon as that pass has rendered.
    const clients: Clients = async (names) =>
      connect((this.fleet?.clusters ?? []).map((c) => c.object).filter((c) => names.includes(c.metadata.name)));
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let closed = false;
    const arm = (): void => {
      clearTimeout(timer);
      const due = this.due();
      if (closed || due === undefined) return;
      // Capped: a timer of more than 2^31 ms fires at once, and a rule's next time can be months away.
      timer = setTimeout(run, Math.min(Math.max(0, due - context.now()), MAX_TIMER_MS));
    };
    const run = (): void => {
      running = running
        .then(async () => {
          const started = context.now();
          const events = await this.tick(started, clients);
          const metrics = context.metrics && autoscalingMetrics(context.metrics);
          const changed = reportEvents(events, { ...context, metrics }, (context.now() - started) / 1000);
          if (changed.length > 0) context.requestPass(changed.join('; '));
        })
        .catch((error: unknown) => context.warn({ err: error }, 'autoscaling failed'))
        .finally(arm);
    };
    this.rearm = arm;
    arm();
    return {
      close: async () => {
        closed = true;
        clearTimeout(timer);
        this.rearm = () => undefined;
        await running;
      },
    };
  }
}
