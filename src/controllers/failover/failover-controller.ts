/**
 * The failover controller of `run` (docs/karmada-compatibility.md#failover-and-eviction,
 * #failover-clocks-on-the-status-branch): member health from the probes (the taint manager), workload health from the
 * status step (application failover), and the graceful-eviction tasks of each binding with their purge holds; with
 * shards, the owners' tasks adopted from the status branch. The thin adapter around the pure core (failover-memory.ts,
 * failover-pass.ts): it keeps the memory between passes and hands it through the phases of the
 * controller seam; the member monitor is what it runs between passes.
 */
import { isPullMember } from '../../model/index.ts';
import type { ClusterApplyResult } from '../../apply/index.ts';
import type { FailoverView } from './failover-view.ts';
import type {
  AfterApply,
  AfterRender,
  AfterStatus,
  AppliedPass,
  BeforeRender,
  Controller,
  ControllerContext,
  PassStart,
  RenderedPass,
  ReportedPass,
} from '../controller.ts';
import {
  adopt,
  DEFAULT_FAILOVER_OPTIONS,
  EMPTY_FAILOVER_MEMORY,
  failedMembers,
  recordHealth,
  recordProbes,
  recordOf,
  restore,
} from './failover-memory.ts';
import type { FailoverMemory, FailoverOptions } from './failover-memory.ts';
import { confirmPurges, schedulingInputs, settle } from './failover-pass.ts';
import type { ProbeResult } from './member-health.ts';
import { startMemberMonitor } from './member-monitor.ts';
import { purgeHolds } from './purge-holds.ts';
import { recoveredSinceRender } from './recovered-members.ts';
import { releaseTimes } from './release-evictions.ts';

/**
 * The members whose prunable old copies are all gone after a pass: applied without error and
 * nothing left to prune. A replica cannot see the members it does not apply to: it counts them as
 * purged, so the Directly order holds only among the members one replica applies to.
 */
function purgedClusters(applied: readonly ClusterApplyResult[], notApplied: readonly string[]): string[] {
  const clean = applied
    .filter((r) => !r.error && !r.pruneBlocked && !r.pruned.some((p) => p.action === 'failed'))
    .map((r) => r.cluster);
  return [...clean, ...notApplied];
}

/** See the module comment. */
export class FailoverController implements Controller {
  readonly name = 'failover';
  private readonly options: FailoverOptions;
  private memory: FailoverMemory = EMPTY_FAILOVER_MEMORY;

  constructor(options: Partial<FailoverOptions> = {}) {
    this.options = { ...DEFAULT_FAILOVER_OPTIONS, ...options };
  }

  /** Records one round of probes (between passes); true when the set of failed-over members changed (a pass is due). */
  recordProbes(probes: ReadonlyMap<string, ProbeResult>, now: number): boolean {
    const { memory, changed } = recordProbes(this.memory, probes, now, this.options.graceMs);
    this.memory = memory;
    return changed;
  }

  /** Members failing past the grace period, sorted. */
  failedMembers(now: number): string[] {
    return failedMembers(this.memory, now, this.options.graceMs);
  }

  /** The failover as it stands now: what the status step of the pass under way records, or the next pass's if none is. */
  record(): FailoverView {
    return recordOf(this.memory);
  }

  /**
   * When an eviction that is not due yet (a toleration with seconds, an application's toleration,
   * a task's timeout) will be, or now when a finding needs a pass: Karmada re-checks a binding
   * after the shortest remaining toleration.
   */
  nextDue(): number | undefined {
    return this.memory.due;
  }

  beforeRender(start: PassStart): BeforeRender {
    if (start.restore) this.memory = restore(this.memory, start.restore.failover, start.now, this.options.graceMs);
    // Members the monitor does not probe (Pull members): another controller found their readiness.
    const found = start.scheduling.memberProbes;
    if (found) this.memory = recordProbes(this.memory, found, start.now, this.options.graceMs).memory;
    const { memory, inputs } = schedulingInputs(
      this.memory,
      start.scheduling,
      start.lastBindings,
      start.now,
      this.options,
    );
    this.memory = memory;
    return { scheduling: inputs, next: { afterRender: (rendered) => this.afterRender(rendered) } };
  }

  private afterRender(rendered: RenderedPass): AfterRender {
    const releases = releaseTimes(rendered.fleet.templates);
    this.memory = settle(
      this.memory,
      rendered.bindings,
      rendered.now,
      releases.times,
      rendered.complete,
      this.options.evictionTimeoutMs,
    );
    const released = new Map([...this.memory.released].map(([cluster, keys]) => [cluster, new Set(keys)]));
    return {
      holds: { ...purgeHolds(this.memory.tasks, rendered.clusters), ...(released.size > 0 ? { released } : {}) },
      diagnostics: releases.diagnostics,
      next: { afterApply: (applied) => this.afterApply(applied) },
    };
  }

  private afterApply(applied: AppliedPass): AfterApply {
    this.memory = confirmPurges(this.memory, purgedClusters(applied.applied, applied.notApplied), applied.now);
    return { records: { failover: this.record() }, next: { afterStatus: (reported) => this.afterStatus(reported) } };
  }

  private afterStatus(reported: ReportedPass): AfterStatus {
    if (reported.health)
      this.memory = recordHealth(this.memory, reported.health, reported.now, this.options.evictionTimeoutMs);
    if (reported.recorded) this.memory = adopt(this.memory, reported.recorded.failover, reported.owns, reported.now);
    const recovered = recoveredSinceRender(
      reported.renderedClusters,
      reported.observedClusters,
      this.failedMembers(reported.now),
    );
    return recovered.length > 0 ? { requestPass: `schedulable since the render: ${recovered.join(', ')}` } : {};
  }

  /** Probes the members between passes; a change in the failed-over set asks for a pass. */
  start(context: ControllerContext): { close(): Promise<void> } {
    return startMemberMonitor({
      access: context.access,
      // A Pull member is never contacted: its readiness comes from its agent's heartbeat.
      clusters: () => context.clusters().filter((c) => !isPullMember(c)),
      now: context.now,
      intervalMs: this.options.probeIntervalMs,
      record: (probes, now) => this.recordProbes(probes, now),
      onProbes: (probes) => {
        for (const [cluster, probe] of probes) context.memberProbed(cluster, probe === 'ready');
      },
      onChange: () => {
        const failed = this.failedMembers(context.now());
        context.warn({ failed }, 'failed-over members changed');
        context.requestPass(`failed over: ${failed.join(', ') || 'none'}`);
      },
      onError: (error) => context.warn({ err: error }, 'member probe failed'),
    });
  }
}
