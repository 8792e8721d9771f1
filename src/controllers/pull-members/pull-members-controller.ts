/**
 * The pull-members controller (docs/karmada-compatibility.md#pull-mode), Karmada's cluster
 * controller for members in Pull mode: before each render it turns every Pull member's report into
 * the status the scheduler sees (the agent's capacity, Ready by heartbeat age, heartbeat.ts) and
 * into the readiness the failover controller after it takes as that member's probe. The thin
 * adapter around heartbeat.ts: it keeps each member's last state, between passes reads the reports
 * at the probe interval, asking for a pass when a member's readiness or report changed, and arms a
 * timer for the end of a silent member's failover grace. A pass without memory uses the recorded
 * form: the same decision, no timer, no watching.
 */
import { isPullMember } from '../../model/index.ts';
import type { Cluster, Diagnostic, Origin } from '../../model/index.ts';
import type { AfterRender, BeforeRender, Controller, ControllerContext, PassStart } from '../controller.ts';
import { pullMemberState } from './heartbeat.ts';
import { awaitingFirstReport, nextModes } from './mode-switch.ts';
import type { ModeChanges } from './mode-switch.ts';
import type { PullMemberState } from './heartbeat.ts';
import { afterRenderPhases } from '../phases.ts';

/** Settings of the live form. */
export interface PullMembersOptions {
  /** The failover controller's grace: a silent member is failed over this long after it went stale. */
  failoverGraceMs: number;
  /** How often the reports are read between passes (the probe interval). */
  monitorIntervalMs: number;
}

/** A report as compared between reads: everything but the heartbeat, which moves every interval. */
function contentKey(state: PullMemberState | undefined): string {
  if (state?.report === undefined) return '';
  const { heartbeat: _heartbeat, ...rest } = state.report;
  return JSON.stringify(rest);
}

/** What changed for a member between two states, or `undefined`. */
function change(before: PullMemberState | undefined, after: PullMemberState): string | undefined {
  if (before?.freshness !== after.freshness) return `${after.cluster} ${after.freshness}`;
  if (before.probe !== after.probe) return `${after.cluster} ${after.probe}`;
  return contentKey(before) !== contentKey(after) ? `${after.cluster} reported` : undefined;
}

/**
 * A member whose agent never reported carries the unreachable taint, so plan and apply would only
 * say "untolerated taint": this names the cause and the fix (docs/deploy.md: the agent first).
 */
function notReportedYet(state: PullMemberState, origin: Origin): Diagnostic[] {
  if (state.freshness !== 'never') return [];
  const name = state.cluster;
  return [
    {
      ...origin,
      severity: 'warning',
      object: `Cluster/${name}`,
      message: `${name} is a Pull member whose agent has not reported yet: nothing is scheduled to it until it does (start its agent first, docs/deploy.md)`,
    },
  ];
}

/** See the module comment. */
export class PullMembersController implements Controller {
  readonly name = 'pull-members';
  readonly #live: PullMembersOptions | undefined;
  #states = new Map<string, PullMemberState>();
  /** This pass's word on members whose agent never reported. */
  #diagnostics: Diagnostic[] = [];
  /** When a pass first found each member not fresh: its failover grace runs from then. */
  #unready = new Map<string, number>();
  #lastPass = 0;
  #modes: ModeChanges = new Map();

  /** Without options, the recorded form. */
  constructor(live?: PullMembersOptions) {
    this.#live = live;
  }

  beforeRender(start: PassStart): BeforeRender {
    const { scheduling } = start;
    const modes = new Map(scheduling.fleet.clusters.map((c) => [c.object.metadata.name, isPullMember(c.object)]));
    this.#modes = nextModes(this.#modes, modes, start.now);
    const pull = scheduling.fleet.clusters.filter((c) => isPullMember(c.object));
    const next = { afterRender: () => this.#afterRender() };
    this.#diagnostics = [];
    if (pull.length === 0 || start.agentReports === undefined) return { scheduling, next };
    const observedClusters = new Map(scheduling.observedClusters);
    const memberProbes = new Map(scheduling.memberProbes ?? []);
    const states = new Map<string, PullMemberState>();
    for (const { object, origin } of pull) {
      const name = object.metadata.name;
      const state = pullMemberState(
        object,
        start.agentReports.get(name),
        observedClusters.get(name) ?? object.status,
        start.now,
      );
      states.set(name, state);
      // Just switched to Pull, its agent not heard from yet: no verdict, the status known before stands.
      if (state.freshness === 'never' && awaitingFirstReport(this.#modes, name, state.graceMs, start.now)) continue;
      this.#diagnostics.push(...notReportedYet(state, origin));
      observedClusters.set(name, state.status);
      memberProbes.set(name, state.probe);
      if (state.probe === 'ready') this.#unready.delete(name);
      else if (!this.#unready.has(name)) this.#unready.set(name, start.now);
    }
    for (const name of this.#unready.keys()) if (!states.has(name)) this.#unready.delete(name);
    this.#states = states;
    this.#lastPass = start.now;
    return { scheduling: { ...scheduling, observedClusters, memberProbes }, next };
  }

  #afterRender(): AfterRender {
    return afterRenderPhases({ diagnostics: this.#diagnostics });
  }

  /**
   * When a silent member's failover grace ends: the pass then fails it over. (A heartbeat running
   * out needs no timer: the reports are read at the probe interval between passes.)
   */
  nextDue(): number | undefined {
    if (this.#live === undefined) return undefined;
    const grace = this.#live.failoverGraceMs;
    const times = [...this.#unready.values()].map((since) => since + grace).filter((t) => t > this.#lastPass);
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  /** Reads the reports at the probe interval; a member whose readiness or report changed asks for a pass. */
  start(context: ControllerContext): { close(): Promise<void> } {
    const read = context.agentReports;
    if (this.#live === undefined || read === undefined) return { close: async () => undefined };
    let running: Promise<void> | undefined;
    const round = async (): Promise<void> => {
      const pull = context.clusters().filter(isPullMember);
      if (pull.length === 0) return;
      const reports = await read(pull.map((c: Cluster) => c.metadata.name));
      const now = context.now();
      const changed: string[] = [];
      for (const cluster of pull) {
        const name = cluster.metadata.name;
        const before = this.#states.get(name);
        const state = pullMemberState(cluster, reports.get(name), before?.status ?? cluster.status, now);
        context.memberProbed(name, state.probe === 'ready');
        const what = change(before, state);
        if (what) changed.push(what);
      }
      if (changed.length > 0) context.requestPass(`Pull members: ${changed.join(', ')}`);
    };
    const timer = setInterval(() => {
      // A round that outlasts the interval (many agents' branches fetched from a slow host) is not
      // queued behind: the backlog would grow without end.
      if (running) return;
      running = round()
        .catch((error: unknown) => context.warn({ err: error }, 'reading agent reports failed'))
        .finally(() => {
          running = undefined;
        });
    }, this.#live.monitorIntervalMs);
    return {
      close: async () => {
        clearInterval(timer);
        await running;
      },
    };
  }
}
