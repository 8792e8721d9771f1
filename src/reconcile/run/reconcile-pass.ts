/**
 * The run loop's pass (issue 9): the same pipeline as `apply` — read, render, apply, prune,
 * status — with what a long-lived process remembers between passes: the parse cache (an unchanged
 * blob is neither read nor parsed again), the last render (only changed templates are rendered again), the last scheduling results and claims (stable rescheduling and
 * sticky claims without re-reading the status branch), and the failover state (failed members
 * tainted, bindings evicted). Only the clusters this replica owns are applied (leader election
 * and shards); every cluster is still rendered, so that sharding never changes a placement.
 */
import { compareBytes, refKey } from '../../model/index.ts';
import type { ClusterStatus, Diagnostic, PolicyRef } from '../../model/index.ts';
import type { ApplyEvent, ClusterApplyResult } from '../../apply/events.ts';
import { clusterFailed } from '../../apply/events.ts';
import type { KubeClient } from '../../apply/kube-client.ts';
import type { PruneSettings } from '../../apply/prune-plan.ts';
import type { RunnerOptions } from '../../apply/runner.ts';
import { parseCacheKey, type ParseCache } from '../../render/parse/parse-sources.ts';
import type { Rendered } from '../../render/render-fleet.ts';
import type { TemplateBinding } from '../../render/works/template-binding.ts';
import type { ScriptTimeout } from '../../interpreter/index.ts';
import type { FailoverView } from '../../status/index.ts';
import type { OpenSourceOptions } from '../../source/index.ts';
import { applyClusters, pruneSettings } from '../apply-clusters.ts';
import { reusingConnector } from '../live-plan.ts';
import type { ClusterAccess, Connector } from '../live-plan.ts';
import { readFleet } from '../read-fleet.ts';
import type { FleetSource } from '../read-fleet.ts';
import type { Pass, PassOutcome, PassRequest } from '../run-loop.ts';
import { readPlanningFeedback } from '../status-feedback.ts';
import type { PlanningFeedback } from '../status-feedback.ts';
import type { HealthReport } from './application-failover.ts';
import type { FailoverState } from './failover-state.ts';
import type { PurgeHolds } from './purge-holds.ts';
import { releaseTimes } from './release-evictions.ts';
import { renderIncremental } from './incremental-render.ts';
import type { RenderMemo } from './incremental-render.ts';

/** What the status step of a pass is given (the status stage's input, built by the pass). */
export interface PassStatusInput {
  source: FleetSource;
  rendered: Rendered;
  applied: readonly ClusterApplyResult[];
  clients: ReadonlyMap<string, KubeClient | Error>;
  previousClusters: ReadonlyMap<string, ClusterStatus>;
  /** The members this replica applied to; with shards, the only ones whose status it observes. */
  owns: (cluster: string) => boolean;
  /** The pass's failover (taints added, eviction tasks, first-unhealthy times), for the status branch to record. */
  failover: FailoverView;
}

/** What the status step reports back: the cluster snapshot it observed, for the next render. */
export interface PassStatusOutput {
  observedClusters: ReadonlyMap<string, ClusterStatus>;
  /** Each template's health per member, for application failover. */
  health?: readonly HealthReport[];
  /**
   * With shards, the failover the status branch now records, every template listed: the other
   * replicas' members' part is their owners', which this replica adopts (adopt-failover.ts).
   */
  recorded?: FailoverView;
}

/** What the pass needs, injected by the composition root. */
export interface ReconcilePassOptions {
  source: OpenSourceOptions;
  access: ClusterAccess;
  prune: Partial<PruneSettings>;
  runner: Partial<Omit<RunnerOptions, 'prune' | 'retain'>>;
  failover: FailoverState;
  /** Whether this replica applies to the cluster (leader: all; shard: its share). @default every cluster */
  owns: (cluster: string) => boolean;
  /** Milliseconds, wall clock (failover timestamps). @default Date.now */
  now: () => number;
  /** The status step; a failure is reported, the pass's other work stands. */
  status?: (input: PassStatusInput) => Promise<PassStatusOutput>;
  /** Reads the status branch's feedback once, before the first pass. @default readPlanningFeedback */
  feedback: (source: OpenSourceOptions, statusBranch: string) => Promise<PlanningFeedback>;
  onEvent: (event: ApplyEvent) => void;
  /** A pass's outcome, rendered and applied, for metrics and logs. */
  onResult: (result: ReconcileResult) => void;
}

/** The defaults of {@link ReconcilePassOptions}. */
export const DEFAULT_RECONCILE_PASS_OPTIONS: Readonly<Pick<ReconcilePassOptions, 'owns' | 'now' | 'feedback' | 'onEvent' | 'onResult'>> = Object.freeze({
  owns: () => true, now: () => Date.now(), feedback: readPlanningFeedback, onEvent: () => undefined, onResult: () => undefined,
});

/** One pass's result. */
export interface ReconcileResult {
  commit: string;
  /** flotilla.yaml's status branch at this commit: the run's triggers ignore pushes to it. */
  statusBranch: string;
  rendered: Rendered;
  clusters: ClusterApplyResult[];
  sourceHasErrors: boolean;
  /** The loop's own findings in the source (release-evictions annotations); they block nothing. */
  diagnostics: Diagnostic[];
  /** What the first pass ignored on the status branch, and why (that piece of failover starts afresh); empty after it. */
  statusWarnings: readonly string[];
  /** A full render or only the templates that changed; how long reading and rendering took (ms). */
  render: { mode: 'full' | 'incremental'; rerendered: number; readMs: number; renderMs: number };
  /** The status step's result or failure; absent without a status step, or when stopping. */
  status?: PassStatusOutput | Error;
  /** Set when the loop was stopping before the apply step: nothing was applied. */
  aborted: boolean;
  /** Customizations whose scripts ran into their time limit in this pass. */
  scriptTimeouts: ScriptTimeout[];
}

/** Keeps the parse cache to the current commit's files, so memory stays flat over passes. */
function forgetOldParses(cache: ParseCache, current: readonly string[]): void {
  const keep = new Set(current);
  for (const key of cache.keys()) if (!keep.has(key)) cache.delete(key);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function claimsOf(bindings: readonly TemplateBinding[]): Map<string, PolicyRef> {
  return new Map(bindings.flatMap((b) => (b.binding ? [[refKey(b.binding.resource), b.binding.policy] as const] : [])));
}

/** A {@link Pass} that remembers what it needs between calls (see the module comment). */
export function createReconcilePass(options: Partial<ReconcilePassOptions> & Omit<ReconcilePassOptions, keyof typeof DEFAULT_RECONCILE_PASS_OPTIONS>): Pass {
  const o: ReconcilePassOptions = { ...DEFAULT_RECONCILE_PASS_OPTIONS, ...options };
  const cache: ParseCache = new Map();
  const connect = reusingConnector(o.access);
  const blobCache = new Map<string, Buffer>();
  let last: TemplateBinding[] = [];
  let feedback: PlanningFeedback | undefined;
  let observed = new Map<string, ClusterStatus>();
  let memo: RenderMemo | undefined;

  return async (request: PassRequest): Promise<PassOutcome> => {
    const started = performance.now();
    const source = await readFleet({ ...o.source, blobCache }, cache);
    forgetOldParses(cache, source.parsed.files.map(parseCacheKey));
    const read = performance.now();
    const first = feedback === undefined;
    feedback ??= await o.feedback(o.source, source.snapshot.config.statusBranch);
    const now = o.now();
    if (first) {
      observed = new Map(feedback.observedClusters);
      o.failover.restore(feedback.failover, now);
    }
    const inputs = o.failover.inputs(source.fleet, last, now, feedback.previousSchedules, observed);
    const render = renderIncremental(memo, inputs.fleet, source.interpreter, {
      sourceCommit: source.snapshot.commit,
      detect: { previousClaims: last.length === 0 ? feedback.previousClaims : claimsOf(last) },
      previousSchedules: inputs.previousSchedules,
      observedClusters: new Map([...observed, ...inputs.observedClusters]),
    });
    memo = render.memo;
    const { rendered } = render;
    const releases = releaseTimes(source.fleet.templates);
    const sourceHasErrors = [...source.diagnostics, ...rendered.diagnostics].some((d) => d.severity === 'error');
    o.failover.settle(rendered.bindings, now, releases.times, !sourceHasErrors);
    last = rendered.bindings;
    const rendering = performance.now();
    const base = {
      commit: source.snapshot.commit, statusBranch: source.snapshot.config.statusBranch, rendered, sourceHasErrors, diagnostics: releases.diagnostics,
      statusWarnings: first ? feedback.warnings : [],
      render: { mode: render.mode, rerendered: render.rerendered, readMs: read - started, renderMs: rendering - read },
    };
    if (request.abort.aborted) {
      o.onResult({ ...base, clusters: [], aborted: true, scriptTimeouts: source.interpreter.scriptTimeouts?.() ?? [] });
      return { commit: source.snapshot.commit, ok: false };
    }
    const { clusters, clients } = await applyOwned(o, connect, source, rendered, sourceHasErrors);
    o.failover.confirmPurges(purgedClusters(source, clusters, o.owns), o.now());
    const status = o.status ? await o.status({ source, rendered, applied: clusters, clients, previousClusters: observed, owns: o.owns, failover: o.failover.view() }).catch(asError) : undefined;
    if (status !== undefined && !(status instanceof Error)) {
      observed = new Map(status.observedClusters);
      if (status.health) o.failover.observeHealth(status.health, o.now());
      if (status.recorded) o.failover.adopt(status.recorded, o.owns, o.now());
    }
    o.onResult({ ...base, clusters, aborted: false, scriptTimeouts: source.interpreter.scriptTimeouts?.() ?? [], ...(status !== undefined ? { status } : {}) });
    const ok = !sourceHasErrors && !clusters.some(clusterFailed) && !(status instanceof Error);
    return { commit: source.snapshot.commit, ok };
  };
}

/**
 * The members whose prunable old copies are all gone after this pass: applied without error and
 * nothing left to prune. A replica cannot see the members it does not apply to: it counts them as
 * purged, so the Directly order holds only among the members one replica applies to.
 */
function purgedClusters(source: FleetSource, applied: readonly ClusterApplyResult[], owns: (cluster: string) => boolean): string[] {
  const clean = applied.filter((r) => !r.error && !r.pruneBlocked && !r.pruned.some((p) => p.action === 'failed')).map((r) => r.cluster);
  return [...clean, ...source.fleet.clusters.map((c) => c.object.metadata.name).filter((c) => !owns(c))];
}

/**
 * Connects and applies the clusters this replica owns; an empty Work too, for its prune. The
 * eviction tasks' holds (purge-holds.ts) leave templates out of the Works and copies unpruned.
 */
async function applyOwned(o: ReconcilePassOptions, connect: Connector, source: FleetSource, rendered: Rendered, sourceHasErrors: boolean) {
  const prune = pruneSettings(source, o.prune, sourceHasErrors);
  const owned = source.fleet.clusters.map((c) => c.object).filter((c) => o.owns(c.metadata.name));
  const clients = await connect(owned);
  const names = [...new Set([...owned.map((c) => c.metadata.name), ...[...rendered.works.keys()].filter(o.owns)])].sort(compareBytes);
  const holds: PurgeHolds = o.failover.holds(names);
  const targets = names.map((cluster) => ({
    cluster, client: clients.get(cluster) ?? new Error(`cluster ${cluster}: no client`),
    items: (rendered.works.get(cluster) ?? []).filter((item) => !holds.waiting.has(refKey(item.template))),
    keptCopies: holds.kept.get(cluster) ?? new Map<string, string>(),
  }));
  const clusters = await applyClusters(targets, { source, prune, runner: o.runner, onEvent: o.onEvent });
  return { clusters, clients };
}
