/**
 * The apply step every pass shares (`apply`, and each pass of `run`): the prune settings from
 * flags over flotilla.yaml over the defaults, then every target's Work applied and pruned,
 * progress reported as it happens, results in cluster name order.
 */
import { compareBytes } from '../../model/index.ts';
import type { ApplyEvent, ClusterApplyResult, PruneSettings, ClusterTarget, RunnerOptions } from '../../apply/index.ts';
import { DEFAULT_PRUNE_SETTINGS, runApply } from '../../apply/index.ts';
import type { FleetSource } from './read-fleet.ts';

/** Prune settings of a pass: flags win over flotilla.yaml, which wins over the defaults. */
export function pruneSettings(
  source: FleetSource,
  flags: Partial<PruneSettings>,
  sourceHasErrors: boolean,
): PruneSettings {
  return { ...DEFAULT_PRUNE_SETTINGS, ...source.snapshot.config.prune, ...flags, sourceHasErrors };
}

/** What the apply step needs besides the targets. */
export interface ApplyStepOptions {
  source: FleetSource;
  prune: PruneSettings;
  runner: Partial<Omit<RunnerOptions, 'prune' | 'retain'>>;
  onEvent: (event: ApplyEvent) => void;
}

/** Applies and prunes every target; the results in cluster name order. */
export async function runApplyStep(
  targets: readonly ClusterTarget[],
  options: ApplyStepOptions,
): Promise<ClusterApplyResult[]> {
  const clusters: ClusterApplyResult[] = [];
  const retain = options.source.interpreter.retain.bind(options.source.interpreter);
  for await (const event of runApply(targets, { ...options.runner, prune: options.prune, retain })) {
    options.onEvent(event);
    if (event.type === 'cluster-finished') clusters.push(event.result);
  }
  return clusters.sort((a, b) => compareBytes(a.cluster, b.cluster));
}
