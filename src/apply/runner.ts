/**
 * The apply runner across clusters: every cluster's pass runs concurrently, at most
 * `clusterConcurrency` at a time, and reports through one stream of typed events that ends
 * with a `cluster-finished` per cluster. One cluster's failure never blocks the others.
 */
import { applyCluster, DEFAULT_APPLY_OPTIONS } from './apply-cluster.ts';
import type { ApplyOptions } from './apply-cluster.ts';
import { mapLimit } from './concurrency.ts';
import { EventChannel } from './event-channel.ts';
import type { ApplyEvent, ClusterApplyResult } from './events.ts';
import type { KubeClient } from './kube-client.ts';
import type { DesiredObject } from './triage.ts';

/** One cluster to apply: its client (or why there is none) and its Work in apply order. */
export interface ClusterTarget {
  cluster: string;
  client: KubeClient | Error;
  items: readonly DesiredObject[];
  /** Templates (refKey) whose copy in this cluster is neither applied nor pruned although the Work lacks it, with why. */
  keptCopies?: ReadonlyMap<string, string>;
}

export interface RunnerOptions extends ApplyOptions {
  /** Clusters worked on at once. @default 8 */
  clusterConcurrency: number;
}

export const DEFAULT_RUNNER_OPTIONS: Readonly<RunnerOptions> = Object.freeze({
  ...DEFAULT_APPLY_OPTIONS,
  clusterConcurrency: 8,
});

async function runOne(target: ClusterTarget, options: RunnerOptions, emit: (e: ApplyEvent) => void): Promise<void> {
  const result: ClusterApplyResult =
    target.client instanceof Error
      ? { cluster: target.cluster, objects: [], pruned: [], inventoryWritten: false, error: target.client }
      : await applyCluster(target.client, target.items, options, emit, target.keptCopies);
  emit({ type: 'cluster-finished', result });
}

/** Applies every target's Work; iterate the result for progress. */
export function runApply(
  targets: readonly ClusterTarget[],
  options: Partial<RunnerOptions> = {},
): AsyncIterable<ApplyEvent> {
  const opts: RunnerOptions = { ...DEFAULT_RUNNER_OPTIONS, ...options };
  const channel = new EventChannel<ApplyEvent>();
  mapLimit(targets, opts.clusterConcurrency, (t) => runOne(t, opts, (e) => channel.push(e))).then(
    () => channel.close(),
    (e: unknown) => channel.fail(e),
  );
  return channel;
}
