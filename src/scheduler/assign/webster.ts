import type { TargetCluster } from '../../model/index.ts';
import { compareNames } from '../name-order.ts';
import { seatsInBulk } from './assign-in-bulk.ts';

/** One party of the apportionment: a cluster, its votes (weight) and seats (replicas). */
export interface Party {
  name: string;
  votes: number;
  seats: number;
}

/** Whether `a` takes the next seat before `b` when their priorities are equal. */
export type TieBreaker = (a: Party, b: Party) => boolean;

/** The plain primitive's tie-break, and the Dispenser's on an even seed: fewer seats, then name. */
export const fewerSeatsThenName: TieBreaker = (a, b) =>
  a.seats !== b.seats ? a.seats < b.seats : compareNames(a.name, b.name) < 0;

/** The Dispenser's tie-break on an odd seed: fewer seats, then the larger name. */
export const fewerSeatsThenNameDescending: TieBreaker = (a, b) =>
  a.seats !== b.seats ? a.seats < b.seats : compareNames(a.name, b.name) > 0;

/** A party in the heap, with its priority votes / (2 × seats + 1) kept up to date. */
interface Ranked extends Party {
  priority: number;
}

function before(a: Ranked, b: Ranked, tie: TieBreaker): boolean {
  return a.priority === b.priority ? tie(a, b) : a.priority > b.priority;
}

/** A binary max-heap under `before`: Karmada uses container/heap; the order is total, so any heap agrees. */
function siftDown(heap: Ranked[], at: number, tie: TieBreaker): void {
  for (;;) {
    const l = 2 * at + 1;
    const r = l + 1;
    let top = at;
    if (l < heap.length && before(heap[l] as Ranked, heap[top] as Ranked, tie)) top = l;
    if (r < heap.length && before(heap[r] as Ranked, heap[top] as Ranked, tie)) top = r;
    if (top === at) return;
    const swap = heap[at] as Ranked;
    heap[at] = heap[top] as Ranked;
    heap[top] = swap;
    at = top;
  }
}

/**
 * Gives `newSeats` seats to the highest priority, as one by one would; returns the parties by name. The bulk of them
 * first (assign-in-bulk.ts), so a replica count of 2^31 costs as much as one of 10; then the few seats around the
 * threshold one by one, where ties need the tie-break.
 */
function apportion(heap: Ranked[], newSeats: number, tie: TieBreaker): Ranked[] {
  const given = heap.length > 0 ? seatsInBulk(heap, newSeats) : 0;
  for (const p of heap) p.priority = p.votes / (2 * p.seats + 1);
  for (let i = Math.floor(heap.length / 2) - 1; i >= 0; i--) siftDown(heap, i, tie);
  for (let left = newSeats - given; left > 0 && heap.length > 0; left--) {
    const top = heap[0] as Ranked;
    top.seats += 1;
    top.priority = top.votes / (2 * top.seats + 1);
    siftDown(heap, 0, tie);
  }
  return heap.sort((a, b) => compareNames(a.name, b.name));
}

/**
 * Webster / Sainte-Laguë apportionment (pkg/util/helper/webstermethod.go,
 * docs/karmada-compatibility.md#webster-division-and-tie-breaks): each of `newSeats` seats goes to the party with the
 * highest votes / (2 × seats + 1), ties to
 * `tie`. Parties are the union of `votes` and `initial` (missing votes are 0, missing seats 0).
 * Returns every party, sorted by name.
 */
export function allocateWebsterSeats(
  newSeats: number,
  votes: ReadonlyMap<string, number>,
  initial: ReadonlyMap<string, number>,
  tie: TieBreaker,
): Party[] {
  const parties = new Map<string, Ranked>();
  for (const [name, seats] of initial) parties.set(name, { name, votes: 0, seats, priority: 0 });
  for (const [name, v] of votes) {
    const party = parties.get(name);
    if (party) party.votes = v;
    else parties.set(name, { name, votes: v, seats: 0, priority: 0 });
  }
  const heap = [...parties.values()];
  for (const p of heap) p.priority = p.votes / (2 * p.seats + 1);
  return apportion(heap, newSeats, tie).map(({ name, votes: v, seats }) => ({ name, votes: v, seats }));
}

/** A cluster and its weight for the Dispenser. */
export interface Weight {
  name: string;
  weight: number;
}

/**
 * Karmada's Dispenser (pkg/util/helper/binding.go): Webster over the weights with no initial
 * seats and the seed-parity tie-break (`descending` from tie-break.ts). Every weighted cluster
 * is returned, 0-replica ones included, by name.
 */
export function dispense(replicas: number, weights: readonly Weight[], descending: boolean): TargetCluster[] {
  const tie = descending ? fewerSeatsThenNameDescending : fewerSeatsThenName;
  const heap: Ranked[] = weights.map((w) => ({ name: w.name, votes: w.weight, seats: 0, priority: w.weight }));
  return apportion(heap, replicas, tie).map((p) => ({ name: p.name, replicas: p.seats }));
}
