/**
 * The old copies the run loop's eviction tasks keep, as the status branch records them, for the
 * commands that are not the loop (`apply`, `plan`): a `Gracefully` or `Never` task keeps the
 * evicted member's copy until the loop ends the task, so a one-off apply with prune must not
 * delete it by surprise. `Directly` tasks keep nothing: their old copy is meant to go.
 */
import type { GracefulEvictionTask } from '../model/index.ts';
import { evictionTaskOf } from './run/failover-record.ts';
import { purgeHolds } from './run/purge-holds.ts';

/** Per member: templates (refKey) whose copy there stays, with why. */
export function recordedKeptCopies(tasks: ReadonlyMap<string, readonly GracefulEvictionTask[]>, clusters: readonly string[]): Map<string, Map<string, string>> {
  const recorded = new Map([...tasks].map(([key, list]) => [key, list.map((t) => ({ ...evictionTaskOf(t), purged: true as const }))]));
  return purgeHolds(recorded, clusters).kept;
}
