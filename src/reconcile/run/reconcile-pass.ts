/**
 * The run loop's pass (issue 9): the same pipeline as `apply` — read, render, apply, prune,
 * status — with what a long-lived process remembers between passes: the parse cache (an unchanged
 * blob is neither read nor parsed again), the last render (only changed templates are rendered again), the last scheduling results and claims (stable rescheduling and
 * sticky claims without re-reading the status branch), and the failover state (failed members
 * tainted, bindings evicted). Only the clusters this replica owns are applied (leader election
 * and shards); every cluster is still rendered, so that sharding never changes a placement.
 */
import { compareBytes, refKey } from '../../model/index.ts';
import type { Cluster, ClusterStatus, Diagnostic, PolicyRef } from '../../model/index.ts';
import type { PreviousSchedule } from '../../render/bind/schedule-claims.ts';
import type { ApplyEvent, ClusterApplyResult } from '../../apply/events.ts';
import { clusterFailed } from '../../apply/events.ts';
import { reusingConnector } from '../../apply/connect.ts';
import type { ClusterAccess, Connector } from '../../apply/connect.ts';
import type { KubeClient } from '../../apply/kube-client.ts';
import type { PruneSettings } from '../../apply/prune-plan.ts';
import type { RunnerOptions } from '../../apply/runner.ts';
import { parseCacheKey, type ParseCache } from '../../render/parse/parse-sources.ts';
import type { Rendered } from '../../render/render-fleet.ts';
import type { TemplateBinding } from '../../render/works/template-binding.ts';
import { emptyControllerRecords } from '../../status/index.ts';
import type { ControllerRecords } from '../../status/index.ts';
import type { ApplyHolds, Controller, HealthReport } from '../../controllers/controller.ts';
import { inOrder } from '../../controllers/in-order.ts';
import type { OpenSourceOptions } from '../../source/index.ts';
import { applyClusters, pruneSettings } from '../apply-clusters.ts';
import { readFleet } from '../read-fleet.ts';
import type { FleetSource } from '../read-fleet.ts';
import type { Pass, PassOutcome, PassRequest } from '../run-loop.ts';
import { readPlanningFeedback } from '../status-feedback.ts';
import type { PlanningFeedback } from '../status-feedback.ts';
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
  /** What the controllers decided in this pass (failover: taints added, eviction tasks, first-unhealthy times), for the status branch to record. */
  records: ControllerRecords;
}

/** What the status step reports back: the cluster snapshot it observed, for the next render. */
export interface PassStatusOutput {
  observedClusters: ReadonlyMap<string, ClusterStatus>;
  /** Each template's health per member, for application failover. */
  health?: readonly HealthReport[];
  /**
   * With shards, the controllers' records the status branch now holds, every template listed: the
   * other replicas' members' part is their owners', which this replica adopts.
   */
  recorded?: ControllerRecords;
}

/** What the pass needs, injected by the composition root. */
export interface ReconcilePassOptions {
  source: OpenSourceOptions;
  access: ClusterAccess;
  prune: Partial<PruneSettings>;
  runner: Partial<Omit<RunnerOptions, 'prune' | 'retain'>>;
  /** The registered controllers (controllers/registry.ts), driven in this order through every pass. */
  controllers: readonly Controller[];
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
  /** The controllers' findings in the source (release-evictions annotations); they block nothing. */
  diagnostics: Diagnostic[];
  /** What the first pass ignored on the status branch, and why (that piece of failover starts afresh); empty after it. */
  statusWarnings: readonly string[];
  /** A full render or only the templates that changed; how long reading and rendering took (ms). */
  render: { mode: 'full' | 'incremental'; rerendered: number; readMs: number; renderMs: number };
  /** The status step's result or failure; absent without a status step, or when stopping. */
  status?: PassStatusOutput | Error;
  /** Set when the loop was stopping before the apply step: nothing was applied. */
  aborted: boolean;
  /** Why a controller needs another pass at once, from what the status step found. */
  passRequested?: string;
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

/** The last render's bindings as scheduling results: what stable rescheduling builds on. */
export function schedulesOf(bindings: readonly TemplateBinding[]): Map<string, PreviousSchedule> {
  return new Map(bindings.flatMap(({ binding }) => binding ? [[refKey(binding.resource), {
    clusters: binding.clusters,
    ...(binding.affinityName ? { affinityName: binding.affinityName } : {}),
    ...(binding.appliedPlacement !== undefined ? { appliedPlacement: binding.appliedPlacement } : {}),
  }] as const] : []));
}

/** A {@link Pass} that remembers what it needs between calls (see the module comment). */
export function createReconcilePass(options: Partial<ReconcilePassOptions> & Omit<ReconcilePassOptions, keyof typeof DEFAULT_RECONCILE_PASS_OPTIONS>): Pass {
  const o: ReconcilePassOptions = { ...DEFAULT_RECONCILE_PASS_OPTIONS, ...options };
  const controller = inOrder(o.controllers);
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
    if (first) observed = new Map(feedback.observedClusters);
    // The status branch's schedules seed the first render only: a later pass that follows one
    // without bindings (every template removed) must not take the schedules the branch had at
    // startup for templates added again, which the reschedule gate would keep where they were then.
    const before = controller.beforeRender({
      now, lastBindings: last, ...(first ? { restore: feedback.records } : {}),
      scheduling: { fleet: source.fleet, observedClusters: new Map(observed), previousSchedules: memo === undefined ? new Map(feedback.previousSchedules) : schedulesOf(last) },
    });
    const render = renderIncremental(memo, before.scheduling.fleet, source.interpreter, {
      sourceCommit: source.snapshot.commit,
      detect: { previousClaims: last.length === 0 ? feedback.previousClaims : claimsOf(last) },
      previousSchedules: before.scheduling.previousSchedules,
      observedClusters: before.scheduling.observedClusters,
    });
    memo = render.memo;
    const { rendered } = render;
    const sourceHasErrors = [...source.diagnostics, ...rendered.diagnostics].some((d) => d.severity === 'error');
    const owned = source.fleet.clusters.map((c) => c.object).filter((c) => o.owns(c.metadata.name));
    const names = [...new Set([...owned.map((c) => c.metadata.name), ...[...rendered.works.keys()].filter(o.owns)])].sort(compareBytes);
    const afterRender = before.next.afterRender({ now, fleet: source.fleet, bindings: rendered.bindings, complete: !sourceHasErrors, clusters: names });
    last = rendered.bindings;
    const rendering = performance.now();
    const base = {
      commit: source.snapshot.commit, statusBranch: source.snapshot.config.statusBranch, rendered, sourceHasErrors, diagnostics: afterRender.diagnostics,
      statusWarnings: first ? feedback.warnings : [],
      render: { mode: render.mode, rerendered: render.rerendered, readMs: read - started, renderMs: rendering - read },
    };
    if (request.abort.aborted) {
      o.onResult({ ...base, clusters: [], aborted: true });
      return { commit: source.snapshot.commit, ok: false };
    }
    const { clusters, clients } = await applyOwned(o, connect, source, rendered, sourceHasErrors, names, owned, afterRender.holds);
    const notApplied = source.fleet.clusters.map((c) => c.object.metadata.name).filter((c) => !o.owns(c));
    const afterApply = afterRender.next.afterApply({ now: o.now(), applied: clusters, notApplied });
    const records = { ...emptyControllerRecords(), ...afterApply.records };
    const status = o.status ? await o.status({ source, rendered, applied: clusters, clients, previousClusters: observed, owns: o.owns, records }).catch(asError) : undefined;
    let passRequested: string | undefined;
    if (status !== undefined && !(status instanceof Error)) {
      observed = new Map(status.observedClusters);
      passRequested = afterApply.next.afterStatus({
        now: o.now(), renderedClusters: rendered.clusters, observedClusters: status.observedClusters, owns: o.owns,
        ...(status.health ? { health: status.health } : {}), ...(status.recorded ? { recorded: status.recorded } : {}),
      }).requestPass;
    }
    o.onResult({ ...base, clusters, aborted: false, ...(status !== undefined ? { status } : {}), ...(passRequested ? { passRequested } : {}) });
    const ok = !sourceHasErrors && !clusters.some(clusterFailed) && !(status instanceof Error);
    return { commit: source.snapshot.commit, ok };
  };
}

/**
 * Connects and applies the clusters this replica owns; an empty Work too, for its prune. The
 * controllers' holds leave templates out of the Works and copies unpruned.
 */
async function applyOwned(
  o: ReconcilePassOptions, connect: Connector, source: FleetSource, rendered: Rendered, sourceHasErrors: boolean,
  names: readonly string[], owned: readonly Cluster[], holds: ApplyHolds,
) {
  const prune = pruneSettings(source, o.prune, sourceHasErrors);
  const clients = await connect(owned);
  const targets = names.map((cluster) => ({
    cluster, client: clients.get(cluster) ?? new Error(`cluster ${cluster}: no client`),
    items: (rendered.works.get(cluster) ?? []).filter((item) => !holds.waiting.has(refKey(item.template))),
    keptCopies: holds.kept.get(cluster) ?? new Map<string, string>(),
  }));
  const clusters = await applyClusters(targets, { source, prune, runner: o.runner, onEvent: o.onEvent });
  return { clusters, clients };
}
