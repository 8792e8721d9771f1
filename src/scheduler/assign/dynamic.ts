import type { TargetCluster } from '../../model/index.ts';
import type { Candidate } from '../candidate.ts';
import type { UnschedulableError } from '../errors/index.ts';
import { divideByCapacity } from './divide.ts';
import type { Weight } from './webster.ts';

/** Options of one dynamic assignment. */
export interface DynamicAssignment {
  readonly aggregated: boolean;
  readonly replicas: number;
  readonly previous: readonly TargetCluster[];
  /** Fresh mode: a reschedule was requested, everything is divided again. */
  readonly fresh: boolean;
  readonly descending: boolean;
}

/** Descending by capacity; Array.prototype.sort is stable, so candidate order breaks ties. */
function byCapacity(list: Weight[]): Weight[] {
  return list.sort((a, b) => b.weight - a.weight);
}

/**
 * DynamicWeight and Aggregated (assignment.go assignByDynamicStrategy,
 * docs/karmada-compatibility.md#assigning-replicas). Previous entries for clusters that are no longer candidates are
 * dropped. Fresh: divide all replicas over allocatable + previous. Steady: scale down divides the new count in
 * proportion to the previous one; scale up divides only the extra replicas over free capacity and adds them
 * to the previous result; an unchanged count keeps the previous result.
 */
export function assignDynamic(
  candidates: readonly Candidate[],
  options: DynamicAssignment,
): TargetCluster[] | UnschedulableError {
  const names = new Set(candidates.map((c) => c.name));
  const scheduled = options.previous.filter((t) => names.has(t.name)).map((t) => ({ ...t }));
  const assigned = scheduled.reduce((s, t) => s + t.replicas, 0);
  const { aggregated, replicas, descending } = options;
  if (options.fresh) {
    const available = byCapacity(candidates.map((c) => ({ name: c.name, weight: c.available })));
    return divideByCapacity(replicas, available, [], aggregated, descending);
  }
  if (assigned > replicas) {
    const available = byCapacity(scheduled.map((t) => ({ name: t.name, weight: t.replicas })));
    return divideByCapacity(replicas, available, [], aggregated, descending);
  }
  if (assigned < replicas) {
    const available = byCapacity(candidates.map((c) => ({ name: c.name, weight: c.allocatable })));
    return divideByCapacity(replicas - assigned, available, scheduled, aggregated, descending);
  }
  return scheduled;
}
