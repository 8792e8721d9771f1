/**
 * The read step of a pass: the fleet at the commit, the status branch's feedback (once per
 * memory), the Pull members' reports, then the render through the controllers' first phase; or,
 * when a saved plan's check did all that already, what it prepared.
 */
import { refKey } from '../../model/index.ts';
import type { NodeObservation, NodeSnapshot, PolicyRef } from '../../model/index.ts';
import type { Controller } from '../../controllers/index.ts';
import type { PreviousSchedule, TemplateBinding, ParseCache } from '../../render/index.ts';
import { parseCacheKey } from '../../render/index.ts';
import { oldestVersion } from '../../source/index.ts';
import { readFleet } from './read-fleet.ts';
import type { FleetSource } from './read-fleet.ts';
import { chartsVersionToRerender } from './live-kube-version.ts';
import { refuseRenderedOutsideGrants } from './tenancy-step.ts';
import { renderIncremental } from './incremental-render.ts';
import { readPullReports } from './channels/pull-channel.ts';
import type { PassMemory, PassOptions, PassRun, PreparedPass } from './pass-types.ts';

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

/** The members' node snapshots the accurate estimator reads, from what the last status step observed. */
function memberNodesOf(observed: ReadonlyMap<string, NodeObservation> | undefined): Map<string, NodeSnapshot[]> {
  return new Map([...(observed ?? [])].map(([name, o]) => [name, o.nodes]));
}

/** Keeps the parse cache to the current commit's files, so memory stays flat over passes. */
function forgetOldParses(cache: ParseCache, current: readonly string[]): void {
  const keep = new Set(current);
  for (const key of cache.keys()) if (!keep.has(key)) cache.delete(key);
}

/**
 * Reads the fleet with its charts rendered for the members' version: what they answered live in
 * the last pass, else (a first pass that can connect) what they answer now, asked only when a
 * chart is rendered and re-rendered only when it differs from the status branch's record.
 */
async function readForMembers(
  o: Pick<PassOptions, 'source'> & Partial<Pick<PassOptions, 'connect'>>,
  memory: PassMemory,
): Promise<FleetSource> {
  const observed = oldestVersion([...memory.observed.values()].map((status) => status.kubernetesVersion));
  const read = (kubeVersion: string | undefined) =>
    readFleet({ ...o.source, blobCache: memory.blobs, ...(kubeVersion ? { kubeVersion } : {}) }, memory.parses);
  const source = await read(observed);
  if (observed !== undefined || o.connect === undefined) return source;
  const live = await chartsVersionToRerender(source, o.connect);
  return live === undefined ? source : read(live);
}

/** Reads the fleet and the status branch's feedback, and renders through the controllers' first phase. */
export async function readAndRender(
  o: Pick<PassOptions, 'source' | 'feedback' | 'now' | 'agentReports'> & Partial<Pick<PassOptions, 'connect'>>,
  memory: PassMemory,
  controller: Controller,
): Promise<PreparedPass & { first: boolean; mode: 'full' | 'incremental'; rerendered: number; readMs: number }> {
  const started = performance.now();
  const source = await readForMembers(o, memory);
  forgetOldParses(memory.parses, source.parsed.files.map(parseCacheKey));
  const first = memory.feedback === undefined;
  memory.feedback ??= await o.feedback(o.source, source.snapshot.config.statusBranch);
  const feedback = memory.feedback;
  if (first) memory.observed = new Map(feedback.observedClusters);
  const agentReports = await readPullReports(o, source.fleet.clusters);
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
      observedNodes: new Map(memory.nodes),
      previousSchedules: memory.memo === undefined ? new Map(feedback.previousSchedules) : schedulesOf(memory.last),
    },
  });
  const render = renderIncremental(memory.memo, before.scheduling.fleet, source.interpreter, {
    sourceCommit: source.snapshot.commit,
    detect: { previousClaims: memory.last.length === 0 ? feedback.previousClaims : claimsOf(memory.last) },
    previousSchedules: before.scheduling.previousSchedules,
    observedClusters: before.scheduling.observedClusters,
    memberNodes: memberNodesOf(before.scheduling.observedNodes),
    featureGates: source.snapshot.config.featureGates,
  });
  memory.memo = render.memo;
  return {
    source,
    rendered: refuseRenderedOutsideGrants(source, render.rendered),
    feedback,
    controllers: before.next,
    ...(agentReports ? { agentReports } : {}),
    first,
    mode: render.mode,
    rerendered: render.rerendered,
    readMs,
  };
}

/** What the read step hands the rest of the pass. */
export type ReadPass = PreparedPass & {
  first: boolean;
  mode: 'full' | 'incremental' | 'prepared';
  rerendered: number;
  readMs: number;
};

/** The read step: a prepared pass taken as read (its feedback seeding an empty memory), else a fresh read and render. */
export async function readStep(
  o: Pick<PassOptions, 'source' | 'feedback' | 'now' | 'agentReports' | 'connect'>,
  memory: PassMemory,
  run: PassRun,
  controller: Controller,
): Promise<ReadPass> {
  if (!run.prepared) return readAndRender(o, memory, controller);
  if (memory.feedback === undefined) {
    memory.feedback = run.prepared.feedback;
    memory.observed = new Map(run.prepared.feedback.observedClusters);
  }
  return { ...run.prepared, first: true, mode: 'prepared', rerendered: 0, readMs: 0 };
}
