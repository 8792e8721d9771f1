/**
 * The named steps of one pass (pass.ts) after the read, each over the pass context: the
 * controllers after the render, delivery through each member's channel, the controllers after the
 * apply, the status step, the controllers after it, and the result.
 */
import { compareBytes } from '../../model/index.ts';
import type { AfterApply, AfterRender } from '../../controllers/index.ts';
import type { Works } from '../../render/index.ts';
import { emptyControllerRecords } from '../../controllers/index.ts';
import { pruneSettings } from './apply-step.ts';
import { pruneBlockingErrors, withSchedulingHolds } from './scheduling-holds.ts';
import { splitMembers } from './channels/member-channel.ts';
import { deliverPull, type PullDelivery } from './channels/pull-channel.ts';
import { deliverPush, type PushDelivery } from './channels/push-channel.ts';
import type { PassMemory, PassOptions, PassResult, PassRun, PassStatusOutput } from './pass-types.ts';
import type { ReadPass } from './read-step.ts';

/** What every step of a pass reads, set up once after the read. */
export interface PassContext {
  o: PassOptions;
  memory: PassMemory;
  run: PassRun;
  read: ReadPass;
  /** Source and render diagnostics. */
  diagnostics: PassResult['diagnostics'];
  sourceHasErrors: boolean;
  /** The Work to deliver: a saved plan's, else this render's. */
  works: Works;
  /** Every member this replica owns, an empty Work included (it may have objects to prune), in name order. */
  members: string[];
  started: number;
}

export function passContext(
  o: PassOptions,
  memory: PassMemory,
  run: PassRun,
  read: ReadPass,
  started: number,
): PassContext {
  const { source, rendered } = read;
  const diagnostics = [...source.diagnostics, ...rendered.diagnostics];
  const works = run.works ?? rendered.works;
  const owned = source.fleet.clusters.map((c) => c.object.metadata.name).filter(o.owns);
  const members = [...new Set([...owned, ...[...works.keys()].filter(o.owns)])].sort(compareBytes);
  return {
    o,
    memory,
    run,
    read,
    diagnostics,
    sourceHasErrors: diagnostics.some((d) => d.severity === 'error'),
    works,
    members,
    started,
  };
}

/** The controllers after the render: what the Works and the prune leave alone. */
export function controllersAfterRender(ctx: PassContext): AfterRender {
  const after = ctx.read.controllers.afterRender({
    now: ctx.o.now(),
    fleet: ctx.read.source.fleet,
    bindings: ctx.read.rendered.bindings,
    complete: !ctx.sourceHasErrors,
    clusters: ctx.members,
  });
  ctx.memory.last = ctx.read.rendered.bindings;
  return after;
}

/** What delivery did, per channel. */
export interface Delivered {
  push: PushDelivery;
  pull: PullDelivery;
}

/** Delivers each member's Work through its channel, Push first. */
export async function deliver(ctx: PassContext, afterRender: AfterRender): Promise<Delivered> {
  const { source, rendered } = ctx.read;
  const channels = splitMembers(ctx.members, source.fleet.clusters, ctx.o.owns);
  const holds = withSchedulingHolds(afterRender.holds, ctx.diagnostics, ctx.members);
  const input = {
    source,
    rendered,
    works: ctx.works,
    holds,
    prune: {
      ...pruneSettings(source, ctx.o.prune, pruneBlockingErrors(ctx.diagnostics)),
      ...(holds.released ? { released: holds.released } : {}),
    },
    owns: ctx.o.owns,
  };
  const push = await deliverPush(ctx.o, channels.push, input, ctx.run.prepared?.clients);
  const pull = await deliverPull(ctx.o, channels.pull, input, ctx.read.agentReports);
  return { push, pull };
}

/** The controllers after the apply: their records for the status step. */
export function controllersAfterApply(ctx: PassContext, afterRender: AfterRender, delivered: Delivered): AfterApply {
  const notApplied = ctx.read.source.fleet.clusters.map((c) => c.object.metadata.name).filter((c) => !ctx.o.owns(c));
  const applied = [...delivered.push.applied, ...delivered.pull.applied];
  return afterRender.next.afterApply({ now: ctx.o.now(), applied, notApplied });
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The status step; a failure is its result, the pass's other work stands. */
export async function writeStatus(
  ctx: PassContext,
  afterApply: AfterApply,
  delivered: Delivered,
): Promise<PassStatusOutput | Error | undefined> {
  if (!ctx.o.status) return undefined;
  const { agentReports } = delivered.pull;
  return ctx.o
    .status({
      source: ctx.read.source,
      rendered: ctx.read.rendered,
      applied: [...delivered.push.applied, ...delivered.pull.applied],
      clients: delivered.push.clients,
      previousClusters: ctx.memory.observed,
      owns: ctx.o.owns,
      records: { ...emptyControllerRecords(), ...afterApply.records },
      ...(agentReports ? { agentReports } : {}),
    })
    .catch(asError);
}

/** The controllers after the status step, when it ran: why they need another pass at once, if they do. */
export function controllersAfterStatus(
  ctx: PassContext,
  afterApply: AfterApply,
  status: PassStatusOutput | Error | undefined,
): string | undefined {
  if (status === undefined || status instanceof Error) return undefined;
  ctx.memory.observed = new Map(status.observedClusters);
  ctx.memory.nodes = new Map(status.observedNodes);
  return afterApply.next.afterStatus({
    now: ctx.o.now(),
    renderedClusters: ctx.read.rendered.clusters,
    observedClusters: status.observedClusters,
    observedNodes: ctx.memory.nodes,
    owns: ctx.o.owns,
    ...(status.health ? { health: status.health } : {}),
    ...(status.recorded ? { recorded: status.recorded } : {}),
  }).requestPass;
}

/** What every result of a pass says, stopped or not. */
export function passBase(ctx: PassContext, afterRender: AfterRender) {
  const { source, rendered, feedback } = ctx.read;
  return {
    commit: source.snapshot.commit,
    statusBranch: source.snapshot.config.statusBranch,
    source,
    rendered,
    diagnostics: ctx.diagnostics,
    sourceHasErrors: ctx.sourceHasErrors,
    controllerDiagnostics: afterRender.diagnostics,
    statusWarnings: ctx.read.first ? feedback.warnings : [],
    render: {
      mode: ctx.read.mode,
      rerendered: ctx.read.rerendered,
      readMs: ctx.read.readMs,
      renderMs: performance.now() - ctx.started - ctx.read.readMs,
    },
  };
}

/** The result of a pass that reached its end. */
export function passResult(
  ctx: PassContext,
  base: ReturnType<typeof passBase>,
  delivered: Delivered,
  status: PassStatusOutput | Error | undefined,
  passRequested: string | undefined,
): PassResult {
  const { push, pull } = delivered;
  return {
    ...base,
    clusters: push.applied,
    ...(pull.members.length > 0 ? { pullMembers: [...pull.members] } : {}),
    ...(pull.written ? { works: pull.written } : {}),
    aborted: false,
    ok: !ctx.sourceHasErrors && push.ok && pull.ok && !(status instanceof Error),
    // Read last: the status step's health and AggregateStatus calls may have timed out too.
    scriptTimeouts: ctx.read.source.interpreter.scriptTimeouts?.() ?? [],
    ...(status !== undefined ? { status } : {}),
    ...(passRequested ? { passRequested } : {}),
  };
}
