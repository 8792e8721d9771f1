/**
 * One reconcile pass, top to bottom — read, controllers before the render, render, controllers
 * after it, apply and prune, controllers after the apply, status, controllers after the status —
 * as `apply` runs it once and `run` runs it on every signal. What differs is only what is given:
 * `run` keeps a {@link PassMemory} between passes (the parse cache, the last render and bindings,
 * the cluster snapshot) and its live controllers; `apply` starts from an empty memory with the
 * recorded controllers, which replay the status branch. Only the clusters the replica owns are
 * applied (leader election and shards); every cluster is still rendered, so that sharding never
 * changes a placement.
 */
import { compareBytes, isPullMember, pullMemberNames, refKey } from '../model/index.ts';
import type { ClusterStatus, Diagnostic, PolicyRef } from '../model/index.ts';
import type { Connector } from '../apply/connect.ts';
import type { ApplyEvent, ClusterApplyResult } from '../apply/events.ts';
import { clusterFailed } from '../apply/events.ts';
import type { KubeClient } from '../apply/kube-client.ts';
import type { PruneSettings } from '../apply/prune-plan.ts';
import type { RunnerOptions } from '../apply/runner.ts';
import type { AwaitingRender, Controller, HealthReport } from '../controllers/controller.ts';
import type { ScriptTimeout } from '../interpreter/index.ts';
import { inOrder } from '../controllers/in-order.ts';
import type { PreviousSchedule } from '../render/bind/schedule-claims.ts';
import { parseCacheKey, type ParseCache } from '../render/parse/parse-sources.ts';
import type { Rendered } from '../render/render-fleet.ts';
import type { TemplateBinding } from '../render/works/template-binding.ts';
import type { Works } from '../render/works/work.ts';
import { oldestVersion, type OpenSourceOptions } from '../source/index.ts';
import { emptyControllerRecords } from '../status/index.ts';
import type { AgentReports, ControllerRecords, WorksWriteResult } from '../status/index.ts';
import { runApplyStep, pruneSettings } from './apply-step.ts';
import { readFleet } from './read-fleet.ts';
import type { FleetSource } from './read-fleet.ts';
import { renderIncremental } from './incremental-render.ts';
import type { RenderMemo } from './incremental-render.ts';
import type { PlanningFeedback } from './status-feedback.ts';
import { runPullStep } from './pull-step.ts';
import type { WorksStep } from './pull-step.ts';

/** What the status step of a pass is given. */
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
  /** The Pull members' reports: their status comes from them. */
  agentReports?: AgentReports;
}

/** What the status step reports back. */
export interface PassStatusOutput {
  /** The status commit the step made or found (`changed` false: the tip already held the same files). */
  commit?: string;
  changed?: boolean;
  /** The cluster snapshot it observed, for the next render. */
  observedClusters: ReadonlyMap<string, ClusterStatus>;
  /** Each template's health per member, for application failover. */
  health?: readonly HealthReport[];
  /** With shards, the controllers' records the status branch now holds, every template listed: the other replicas' members' part is their owners'. */
  recorded?: ControllerRecords;
}

/** What a pass needs. */
export interface PassOptions {
  source: OpenSourceOptions;
  connect: Connector;
  /** `--prune`, `--allow-mass-prune`; unset fields come from flotilla.yaml, then the defaults. */
  prune: Partial<PruneSettings>;
  runner: Partial<Omit<RunnerOptions, 'prune' | 'retain'>>;
  /** The registered controllers, driven in this order through the pass. */
  controllers: readonly Controller[];
  /** Whether this replica applies to the cluster (leader: all; shard: its share). */
  owns: (cluster: string) => boolean;
  /** Milliseconds on the controllers' clock. */
  now: () => number;
  /** The status step; a failure is reported, the pass's other work stands. Absent: no status branch write. */
  status?: (input: PassStatusInput) => Promise<PassStatusOutput>;
  /** Reads the status branch's feedback (once per memory). */
  feedback: (source: OpenSourceOptions, statusBranch: string) => Promise<PlanningFeedback>;
  /** Reads the Pull members' reports (every pass); absent, none are read and every Pull member counts as unreported. */
  agentReports?: (source: OpenSourceOptions, clusters: readonly string[]) => Promise<AgentReports>;
  /** Writes the Pull members' Work to the works branch; absent, it is not written. */
  works?: WorksStep;
  onEvent: (event: ApplyEvent) => void;
}

/** What a pass remembers for the next one; an empty memory is a pass with none (`apply`). */
export interface PassMemory {
  /** Parses by blob: an unchanged file is neither read nor parsed again. */
  readonly parses: ParseCache;
  readonly blobs: Map<string, Buffer>;
  /** The status branch's feedback, read by the first pass. */
  feedback?: PlanningFeedback;
  /** The last render's bindings: stable scheduling and sticky claims without re-reading the status branch. */
  last: readonly TemplateBinding[];
  /** The last cluster snapshot. */
  observed: ReadonlyMap<string, ClusterStatus>;
  /** The last render, to re-render only changed templates. */
  memo?: RenderMemo;
}

/** A memory with nothing in it. */
export function emptyPassMemory(): PassMemory {
  return { parses: new Map(), blobs: new Map(), last: [], observed: new Map() };
}

/** The read and render of a pass done beforehand (a saved plan's freshness check): not done a second time. */
export interface PreparedPass {
  source: FleetSource;
  rendered: Rendered;
  feedback: PlanningFeedback;
  /** The controllers past their before-render phase. */
  controllers: AwaitingRender;
  /** Clients of the fleet's clusters; absent when the check did not connect (an offline plan). */
  clients?: Map<string, KubeClient | Error>;
  /** The Pull members' reports the render saw; absent when it read none. */
  agentReports?: AgentReports;
}

/** What one pass did. */
export interface PassResult {
  commit: string;
  /** flotilla.yaml's status branch at this commit: the run's triggers ignore pushes to it. */
  statusBranch: string;
  source: FleetSource;
  rendered: Rendered;
  /** Source and render diagnostics. */
  diagnostics: Diagnostic[];
  sourceHasErrors: boolean;
  /** The controllers' findings in the source (release-evictions annotations); they block nothing. */
  controllerDiagnostics: Diagnostic[];
  /** Per Push member applied, in name order. */
  clusters: ClusterApplyResult[];
  /** The Pull members this replica wrote the Work of, in name order; absent when there are none. */
  pullMembers?: string[];
  /** The works branch write, or why it failed; absent when there is nothing to write. */
  works?: WorksWriteResult | Error;
  /** What the first pass of a memory ignored on the status branch, and why; empty after it. */
  statusWarnings: readonly string[];
  /** A full render or only the templates that changed; how long reading and rendering took (ms). */
  render: { mode: 'full' | 'incremental' | 'prepared'; rerendered: number; readMs: number; renderMs: number };
  /** The status step's result or failure; absent without a status step, or when stopping. */
  status?: PassStatusOutput | Error;
  /** Set when the pass was stopped before the apply step: nothing was applied. */
  aborted: boolean;
  /** Why a controller needs another pass at once, from what the status step found. */
  passRequested?: string;
  /** Customizations whose scripts ran into their time limit in this pass. */
  scriptTimeouts: ScriptTimeout[];
  /** No error diagnostic, no cluster failure, works and status written (when there is a step for them). */
  ok: boolean;
}

/** What one pass is asked for besides its options and memory. */
export interface PassRun {
  /** Set when the loop is stopping: the pass ends before the apply step. */
  abort?: AbortSignal;
  prepared?: PreparedPass;
  /** A saved plan's Work (`apply --plan-file`), applied instead of the Work rendered now. */
  works?: Works;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function claimsOf(bindings: readonly TemplateBinding[]): Map<string, PolicyRef> {
  return new Map(bindings.flatMap((b) => (b.binding ? [[refKey(b.binding.resource), b.binding.policy] as const] : [])));
}

/** The last render's bindings as scheduling results: what stable rescheduling builds on. */
export function schedulesOf(bindings: readonly TemplateBinding[]): Map<string, PreviousSchedule> {
  return new Map(
    bindings.flatMap(({ binding }) =>
      binding
        ? [
            [
              refKey(binding.resource),
              {
                clusters: binding.clusters,
                ...(binding.affinityName ? { affinityName: binding.affinityName } : {}),
                ...(binding.appliedPlacement !== undefined ? { appliedPlacement: binding.appliedPlacement } : {}),
              },
            ] as const,
          ]
        : [],
    ),
  );
}

/** Keeps the parse cache to the current commit's files, so memory stays flat over passes. */
function forgetOldParses(cache: ParseCache, current: readonly string[]): void {
  const keep = new Set(current);
  for (const key of cache.keys()) if (!keep.has(key)) cache.delete(key);
}

/** Reads the fleet and the status branch's feedback, and renders through the controllers' first phase. */
export async function readAndRender(
  o: Pick<PassOptions, 'source' | 'feedback' | 'now' | 'agentReports'>,
  memory: PassMemory,
  controller: Controller,
): Promise<PreparedPass & { first: boolean; mode: 'full' | 'incremental'; rerendered: number; readMs: number }> {
  const started = performance.now();
  // What the members answered live in the last pass, before the status branch's record of it.
  const kubeVersion = oldestVersion([...memory.observed.values()].map((status) => status.kubernetesVersion));
  const source = await readFleet(
    { ...o.source, blobCache: memory.blobs, ...(kubeVersion ? { kubeVersion } : {}) },
    memory.parses,
  );
  forgetOldParses(memory.parses, source.parsed.files.map(parseCacheKey));
  const first = memory.feedback === undefined;
  memory.feedback ??= await o.feedback(o.source, source.snapshot.config.statusBranch);
  const feedback = memory.feedback;
  if (first) memory.observed = new Map(feedback.observedClusters);
  const pull = pullMemberNames(source.fleet.clusters);
  const agentReports = o.agentReports && pull.length > 0 ? await o.agentReports(o.source, pull) : undefined;
  const readMs = performance.now() - started;
  // The status branch's schedules seed the first render only: a later pass that follows one
  // without bindings (every template removed) must not take the schedules the branch had at
  // startup for templates added again, which the reschedule gate would keep where they were then.
  const before = controller.beforeRender({
    now: o.now(),
    lastBindings: memory.last,
    ...(first ? { restore: feedback.records } : {}),
    ...(agentReports ? { agentReports } : {}),
    sourceHasErrors: source.diagnostics.some((d) => d.severity === 'error'),
    scheduling: {
      fleet: source.fleet,
      observedClusters: new Map(memory.observed),
      previousSchedules: memory.memo === undefined ? new Map(feedback.previousSchedules) : schedulesOf(memory.last),
    },
  });
  const render = renderIncremental(memory.memo, before.scheduling.fleet, source.interpreter, {
    sourceCommit: source.snapshot.commit,
    detect: { previousClaims: memory.last.length === 0 ? feedback.previousClaims : claimsOf(memory.last) },
    previousSchedules: before.scheduling.previousSchedules,
    observedClusters: before.scheduling.observedClusters,
  });
  memory.memo = render.memo;
  return {
    source,
    rendered: render.rendered,
    feedback,
    controllers: before.next,
    ...(agentReports ? { agentReports } : {}),
    first,
    mode: render.mode,
    rerendered: render.rerendered,
    readMs,
  };
}

/** One pass (see the module comment); `memory` is updated for the next. */
export async function reconcile(o: PassOptions, memory: PassMemory, run: PassRun = {}): Promise<PassResult> {
  const started = performance.now();
  const controller = inOrder(o.controllers);
  if (run.prepared && memory.feedback === undefined) {
    memory.feedback = run.prepared.feedback;
    memory.observed = new Map(run.prepared.feedback.observedClusters);
  }
  const read = run.prepared
    ? { ...run.prepared, first: true, mode: 'prepared' as const, rerendered: 0, readMs: 0 }
    : await readAndRender(o, memory, controller);
  const { source, rendered, feedback } = read;
  const diagnostics = [...source.diagnostics, ...rendered.diagnostics];
  const sourceHasErrors = diagnostics.some((d) => d.severity === 'error');
  const works = run.works ?? rendered.works;
  const owned = source.fleet.clusters.map((c) => c.object).filter((c) => o.owns(c.metadata.name));
  // Every cluster this replica owns, an empty Work included: it may have objects to prune.
  const names = [...new Set([...owned.map((c) => c.metadata.name), ...[...works.keys()].filter(o.owns)])].sort(
    compareBytes,
  );
  const pullMembers = pullMemberNames(source.fleet.clusters);
  const pulled = new Set(pullMembers);
  const now = o.now();
  const afterRender = read.controllers.afterRender({
    now,
    fleet: source.fleet,
    bindings: rendered.bindings,
    complete: !sourceHasErrors,
    clusters: names,
  });
  memory.last = rendered.bindings;
  const base = {
    commit: source.snapshot.commit,
    statusBranch: source.snapshot.config.statusBranch,
    source,
    rendered,
    diagnostics,
    sourceHasErrors,
    controllerDiagnostics: afterRender.diagnostics,
    statusWarnings: read.first ? feedback.warnings : [],
    render: {
      mode: read.mode,
      rerendered: read.rerendered,
      readMs: read.readMs,
      renderMs: performance.now() - started - read.readMs,
    },
  };
  if (run.abort?.aborted)
    return {
      ...base,
      clusters: [],
      aborted: true,
      ok: false,
      scriptTimeouts: source.interpreter.scriptTimeouts?.() ?? [],
    };

  // A Pull member is never contacted: no client, and no kubeconfig context is needed for it.
  const clients = run.prepared?.clients ?? (await o.connect(owned.filter((c) => !isPullMember(c))));
  const { holds } = afterRender;
  const targets = names
    .filter((cluster) => !pulled.has(cluster))
    .map((cluster) => ({
      cluster,
      client: clients.get(cluster) ?? new Error(`cluster ${cluster}: no client`),
      items: (works.get(cluster) ?? []).filter((item) => !holds.waiting.has(refKey(item.template))),
      keptCopies: holds.kept.get(cluster) ?? new Map<string, string>(),
    }));
  const prune = pruneSettings(source, o.prune, sourceHasErrors);
  const clusters = await runApplyStep(targets, { source, prune, runner: o.runner, onEvent: o.onEvent });
  const agentReports =
    read.agentReports ??
    (o.agentReports && pullMembers.length > 0 ? await o.agentReports(o.source, pullMembers) : undefined);
  const ownedPull = names.filter((cluster) => pulled.has(cluster));
  const pull = await runPullStep(o.works, {
    source,
    rendered,
    works,
    holds,
    prune,
    members: pullMembers,
    owned: ownedPull,
    owns: o.owns,
    reports: agentReports,
  });

  const notApplied = source.fleet.clusters.map((c) => c.object.metadata.name).filter((c) => !o.owns(c));
  const applied = [...clusters, ...pull.applied];
  const afterApply = afterRender.next.afterApply({ now: o.now(), applied, notApplied });
  const records = { ...emptyControllerRecords(), ...afterApply.records };
  const previousClusters = memory.observed;
  const status = o.status
    ? await o
        .status({
          source,
          rendered,
          applied: clusters,
          clients,
          previousClusters,
          owns: o.owns,
          records,
          ...(agentReports ? { agentReports } : {}),
        })
        .catch(asError)
    : undefined;
  let passRequested: string | undefined;
  if (status !== undefined && !(status instanceof Error)) {
    memory.observed = new Map(status.observedClusters);
    passRequested = afterApply.next.afterStatus({
      now: o.now(),
      renderedClusters: rendered.clusters,
      observedClusters: status.observedClusters,
      owns: o.owns,
      ...(status.health ? { health: status.health } : {}),
      ...(status.recorded ? { recorded: status.recorded } : {}),
    }).requestPass;
  }
  const ok =
    !sourceHasErrors && !clusters.some(clusterFailed) && !(pull.written instanceof Error) && !(status instanceof Error);
  // Read last: the status step's health and AggregateStatus calls may have timed out too.
  const scriptTimeouts = source.interpreter.scriptTimeouts?.() ?? [];
  return {
    ...base,
    clusters,
    ...(ownedPull.length > 0 ? { pullMembers: ownedPull } : {}),
    ...(pull.written ? { works: pull.written } : {}),
    aborted: false,
    ok,
    scriptTimeouts,
    ...(status !== undefined ? { status } : {}),
    ...(passRequested ? { passRequested } : {}),
  };
}
