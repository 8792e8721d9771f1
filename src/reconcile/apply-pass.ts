/**
 * One reconcile pass, top to bottom: read the fleet at a commit, render every cluster's Work,
 * connect the clusters, then per cluster plan (triage against live state), apply in stages and
 * prune, then observe the clusters and commit what happened to the status branch. Scheduling
 * builds on the last pass's results and cluster snapshot, read from the status branch.
 */
import { refKey } from '../model/index.ts';
import type { Diagnostic } from '../model/index.ts';
import type { ApplyEvent, ClusterApplyResult } from '../apply/events.ts';
import type { KubeClient } from '../apply/kube-client.ts';
import { clusterFailed } from '../apply/events.ts';
import type { PruneSettings } from '../apply/prune-plan.ts';
import type { ClusterTarget, RunnerOptions } from '../apply/runner.ts';
import type { Rendered } from '../render/render-fleet.ts';
import type { Works } from '../render/works/work.ts';
import type { OpenSourceOptions } from '../source/index.ts';
import { applyClusters, pruneSettings } from './apply-clusters.ts';
import { connectFleet } from '../apply/connect.ts';
import type { ClusterAccess } from '../apply/connect.ts';
import type { AwaitingRender } from '../controllers/controller.ts';
import { passClusterNames } from './live-plan.ts';
import { renderAt } from './plan.ts';
import type { FleetSource } from './read-fleet.ts';
import type { PlanningFeedback } from './status-feedback.ts';
import { statusStep } from './status-step.ts';
import type { StatusStepOptions, StatusStepResult } from './status-step.ts';

export interface ApplyPassOptions {
  source: OpenSourceOptions;
  access: ClusterAccess;
  /** `--prune`, `--allow-mass-prune`; unset fields come from flotilla.yaml, then the defaults. */
  prune: Partial<PruneSettings>;
  runner: Partial<Omit<RunnerOptions, 'prune' | 'retain'>>;
  /** Progress, as it happens (P15). */
  onEvent?: (event: ApplyEvent) => void;
  /** The status step's clock and push retries. */
  status?: Partial<StatusStepOptions>;
  /** A saved plan's Work (`apply --plan-file`), applied instead of the Work rendered now. */
  works?: Works;
  /** What checking a saved plan already read, rendered and connected: not done a second time. */
  prepared?: PreparedPass;
}

/** The read, render and connections of a pass done beforehand (a saved plan's freshness check). */
export interface PreparedPass {
  source: FleetSource;
  rendered: Rendered;
  feedback: PlanningFeedback;
  /** The controllers replaying the status branch's records, past their before-render phase. */
  controllers: AwaitingRender;
  /** Clients of the fleet's clusters; absent when the check did not connect (an offline plan). */
  clients?: Map<string, KubeClient | Error>;
}


/** What one pass did; later steps (status) add their fields. */
export interface ApplyPassResult {
  source: FleetSource;
  rendered: Rendered;
  /** Source and render diagnostics. */
  diagnostics: Diagnostic[];
  /** Per cluster, in name order. */
  clusters: ClusterApplyResult[];
  /** The status commit (or why it could not be written). */
  status: StatusStepResult | Error;
  /** No error diagnostic, no cluster failure, status written: exit 0. */
  ok: boolean;
}

/** Reads, renders, applies and prunes once. */
export async function applyPass(options: ApplyPassOptions): Promise<ApplyPassResult> {
  const prepared: PreparedPass = options.prepared ?? await renderAt(options.source);
  const { source, rendered, feedback, controllers, clients: connected } = prepared;
  const diagnostics = [...source.diagnostics, ...rendered.diagnostics];
  const sourceHasErrors = diagnostics.some((d) => d.severity === 'error');
  const prune = pruneSettings(source, options.prune, sourceHasErrors);

  const clients = connected ?? await connectFleet(source.fleet.clusters.map((c) => c.object), options.access);
  const works = options.works ?? rendered.works;
  // Every cluster of the fleet, an empty Work included: it may have objects to prune.
  const names = passClusterNames(source.fleet.clusters, works);
  const afterRender = controllers.afterRender({ now: Date.now(), fleet: source.fleet, bindings: rendered.bindings, complete: !sourceHasErrors, clusters: names });
  const { holds } = afterRender;
  const targets: ClusterTarget[] = names.map((cluster) => ({
    cluster, client: clients.get(cluster) ?? new Error(`cluster ${cluster}: no client`),
    items: (works.get(cluster) ?? []).filter((item) => !holds.waiting.has(refKey(item.template))),
    ...(holds.kept.has(cluster) ? { keptCopies: holds.kept.get(cluster)! } : {}),
  }));

  const clusters = await applyClusters(targets, { source, prune, runner: options.runner, onEvent: options.onEvent ?? (() => undefined) });
  // The recorded controllers hand their records back as they are: apply decides no failover, and must not erase the loop's.
  const { records } = afterRender.next.afterApply({ now: Date.now(), applied: clusters, notApplied: [] });
  const status = await statusStep(
    { sourceOptions: options.source, source, rendered, applied: clusters, clients, previousClusters: feedback.observedClusters, ...(records.failover ? { failover: records.failover } : {}) },
    options.status,
  ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  const ok = !sourceHasErrors && !clusters.some(clusterFailed) && !(status instanceof Error);
  return { source, rendered, diagnostics, clusters, status, ok };
}
