import { describe, expect, it } from 'vitest';
import { allocateWebsterSeats, dispense, fewerSeatsThenName, fewerSeatsThenNameDescending } from '../../../src/scheduler/assign/webster.ts';
import type { Party, TieBreaker } from '../../../src/scheduler/assign/webster.ts';

/** Webster one seat at a time, as Karmada's webstermethod.go does: the reference the bulk step must agree with. */
function oneByOne(newSeats: number, votes: Record<string, number>, initial: Record<string, number>, tie: TieBreaker): Record<string, number> {
  const parties: Party[] = [...new Set([...Object.keys(initial), ...Object.keys(votes)])].map((name) => ({
    name,
    votes: votes[name] ?? 0,
    seats: initial[name] ?? 0,
  }));
  const priority = (p: Party) => p.votes / (2 * p.seats + 1);
  for (let i = 0; i < newSeats && parties.length > 0; i++) {
    const top = parties.reduce((a, b) => (priority(a) === priority(b) ? (tie(a, b) ? a : b) : priority(a) > priority(b) ? a : b));
    top.seats++;
  }
  return Object.fromEntries(parties.map((p) => [p.name, p.seats]).sort());
}

/** A small deterministic generator, so a failure names its case. */
function* cases(count: number): Generator<[number, Record<string, number>, Record<string, number>]> {
  let x = 12345;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x % n;
  };
  for (let c = 0; c < count; c++) {
    const votes: Record<string, number> = {};
    const initial: Record<string, number> = {};
    const parties = 1 + next(6);
    for (let p = 0; p < parties; p++) {
      const name = `m${p}`;
      if (next(5) > 0) votes[name] = [0, 1, 1, 2, 3, 7, 100, 100_000][next(8)] as number;
      if (next(3) === 0) initial[name] = next(40);
    }
    yield [next(300), votes, initial];
  }
}

describe('Webster in bulk: the same seats as one at a time, at any replica count', () => {
  it.each([...cases(400)])('%i seats over %j from %j', (n, votes, initial) => {
    for (const tie of [fewerSeatsThenName, fewerSeatsThenNameDescending]) {
      const got = allocateWebsterSeats(n, new Map(Object.entries(votes)), new Map(Object.entries(initial)), tie);
      expect(Object.fromEntries(got.map((p) => [p.name, p.seats]))).toEqual(oneByOne(n, votes, initial, tie));
    }
  });

  it.each([
    ['2^31-1 replicas over three equal weights', 2_147_483_647, [1, 1, 1], [715_827_883, 715_827_882, 715_827_882]],
    ['2^31-1 replicas over 1:2:3:4', 2_147_483_647, [1, 2, 3, 4], [214_748_365, 429_496_729, 644_245_094, 858_993_459]],
    ['a billion replicas over weights 7 and 100000', 1_000_000_000, [7, 100_000], [69_995, 999_930_005]],
  ])('%s', (_name, replicas, weights, want) => {
    const out = dispense(
      replicas,
      weights.map((weight, i) => ({ name: `member${i + 1}`, weight })),
      false,
    );
    expect(out.map((c) => c.replicas)).toEqual(want);
    expect(out.reduce((n, c) => n + c.replicas, 0)).toBe(replicas);
  });
});
