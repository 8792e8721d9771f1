import type { TargetCluster } from '../../model/index.ts';
import { UnschedulableError } from '../errors/index.ts';
import { dispense, type Weight } from './webster.ts';

/**
 * Karmada's MergeTargetClusters: the new entries (adding the prior replicas of the same
 * cluster), then the prior entries the new list does not name, in prior order.
 */
export function mergeTargetClusters(prior: readonly TargetCluster[], added: readonly TargetCluster[]): TargetCluster[] {
  if (prior.length === 0) return [...added];
  if (added.length === 0) return [...prior];
  const before = new Map(prior.map((t) => [t.name, t.replicas]));
  const merged = added.map((t) => ({ name: t.name, replicas: t.replicas + (before.get(t.name) ?? 0) }));
  const named = new Set(added.map((t) => t.name));
  for (const t of prior) if (!named.has(t.name)) merged.push({ ...t });
  return merged;
}

function aggregatedPrefix(available: readonly Weight[], prior: readonly TargetCluster[], target: number): Weight[] {
  const hosting = new Set(prior.filter((t) => t.replicas > 0).map((t) => t.name));
  const ordered = [...available.filter((w) => hosting.has(w.name)), ...available.filter((w) => !hosting.has(w.name))];
  const prefix: Weight[] = [];
  let sum = 0;
  for (const w of ordered) {
    if (sum >= target) break;
    prefix.push(w);
    sum += w.weight;
  }
  return prefix;
}

/**
 * The division step shared by DynamicWeight and Aggregated (division_algorithm.go,
 * docs/karmada-compatibility.md#assigning-replicas): fail when the capacities cannot hold `target`; for Aggregated keep
 * the shortest prefix (clusters already hosting replicas first) that can; divide `target` by Webster over
 * the capacities; add the result to `prior`.
 */
export function divideByCapacity(
  target: number,
  available: readonly Weight[],
  prior: readonly TargetCluster[],
  aggregated: boolean,
  descending: boolean,
): TargetCluster[] | UnschedulableError {
  const sum = available.reduce((s, w) => s + w.weight, 0);
  if (sum < target) {
    return new UnschedulableError(`Clusters available replicas ${sum} are not enough to schedule.`, sum);
  }
  const voters = aggregated ? aggregatedPrefix(available, prior, target) : available;
  return mergeTargetClusters(prior, dispense(target, voters, descending));
}
