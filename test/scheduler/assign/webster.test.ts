import { describe, expect, it } from 'vitest';
import { allocateWebsterSeats, dispense, fewerSeatsThenName } from '../../../src/scheduler/assign/webster.ts';
import { namesDescending } from '../../../src/scheduler/tie-break.ts';
import { byName } from '../helpers.ts';

function seats(n: number, votes: Record<string, number>, initial: Record<string, number> = {}): Record<string, number> {
  const parties = allocateWebsterSeats(n, new Map(Object.entries(votes)), new Map(Object.entries(initial)), fewerSeatsThenName);
  return Object.fromEntries(parties.map((p) => [p.name, p.seats]));
}

describe('allocateWebsterSeats (webstermethod_test.go, docs/karmada-compatibility.md#webster-division-and-tie-breaks)', () => {
  const votes = { A: 100000, B: 80000, C: 30000, D: 20000 };
  it.each<[number, number[]]>([
    [1, [1, 0, 0, 0]],
    [2, [1, 1, 0, 0]],
    [3, [2, 1, 0, 0]],
    [4, [2, 1, 1, 0]],
    [5, [2, 2, 1, 0]],
    [6, [2, 2, 1, 1]],
    [7, [3, 2, 1, 1]],
    [8, [3, 3, 1, 1]],
  ])('gives %i seats over 100000:80000:30000:20000 as %j', (n, want) => {
    expect(Object.values(seats(n, votes))).toEqual(want);
  });

  it.each<[string, number, Record<string, number>, Record<string, number>, Record<string, number>]>([
    ['divides 4 seats over 1200:900:400 as 2, 1, 1', 4, { Alpha: 1200, Beta: 900, Gamma: 400 }, {}, { Alpha: 2, Beta: 1, Gamma: 1 }],
    ['gives a priority tie to the party with fewer seats', 1, { A: 3, B: 1 }, { A: 1, B: 0 }, { A: 1, B: 1 }],
    ['lets a new party catch up with an old one', 2, { Old: 1, New: 1 }, { Old: 1 }, { New: 2, Old: 1 }],
    ['keeps the seats of a party without votes', 2, { A: 100 }, { B: 3 }, { A: 2, B: 3 }],
    ['gives nothing for 0 seats', 0, { A: 1, B: 2 }, {}, { A: 0, B: 0 }],
    ['returns nothing without parties', 3, {}, {}, {}],
    ['adds 6 to A1 B2 C3 over 1:2:3', 6, { A: 1, B: 2, C: 3 }, { A: 1, B: 2, C: 3 }, { A: 2, B: 4, C: 6 }],
    ['adds 3 to A1 B2 C3 over 1:2:3', 3, { A: 1, B: 2, C: 3 }, { A: 1, B: 2, C: 3 }, { A: 2, B: 3, C: 4 }],
    ['adds 2 to A1 B2 C3 over 1:2:3', 2, { A: 1, B: 2, C: 3 }, { A: 1, B: 2, C: 3 }, { A: 1, B: 3, C: 4 }],
  ])('%s', (_name, n, v, initial, want) => {
    expect(seats(n, v, initial)).toEqual(want);
  });

  it('returns the parties sorted by name', () => {
    const parties = allocateWebsterSeats(
      3,
      new Map([
        ['b', 1],
        ['a', 1],
        ['c', 1],
      ]),
      new Map(),
      fewerSeatsThenName,
    );
    expect(parties.map((p) => p.name)).toEqual(['a', 'b', 'c']);
  });
});

describe('dispense (binding_test.go Dispenser, docs/karmada-compatibility.md#webster-division-and-tie-breaks)', () => {
  it.each<[string, number, Record<string, number>, Record<string, number>]>([
    ['weights 2:1, 1 replica', 1, { A: 2, B: 1 }, { A: 1, B: 0 }],
    ['weights 2:1, 2 replicas', 2, { A: 2, B: 1 }, { A: 1, B: 1 }],
    ['weights 2:1, 3 replicas', 3, { A: 2, B: 1 }, { A: 2, B: 1 }],
    ['weights 170:110:60, 5 replicas', 5, { A: 170, B: 110, C: 60 }, { A: 2, B: 2, C: 1 }],
    ['weights 170:110:60, 6 replicas', 6, { A: 170, B: 110, C: 60 }, { A: 3, B: 2, C: 1 }],
    ['13 replicas over 1:2:3', 13, { A: 1, B: 2, C: 3 }, { A: 2, B: 4, C: 7 }],
    ['12 replicas over 1:1:1', 12, { A: 1, B: 1, C: 1 }, { A: 4, B: 4, C: 4 }],
    ['10 replicas over 5:5:5 (the name-smallest gets the extra one)', 10, { A: 5, B: 5, C: 5 }, { A: 4, B: 3, C: 3 }],
  ])('%s', (_name, n, weights, want) => {
    const w = Object.entries(weights).map(([name, weight]) => ({ name, weight }));
    expect(byName(dispense(n, w, false))).toEqual(want);
  });

  it.each<[string, string, Record<string, number>]>([
    ['an even uid hash gives the tie to the smaller name', '4858ca61-3ff8-4095-8267-f3d059d8074c', { A: 3, B: 2 }],
    ['an odd uid hash gives the tie to the larger name', 'd43fdeeb-d750-4e2b-bee3-64eb94534f4c', { A: 2, B: 3 }],
    ['an empty uid gives the tie to the smaller name', '', { A: 3, B: 2 }],
  ])('%s', (_name, uid, want) => {
    const w = [
      { name: 'A', weight: 1 },
      { name: 'B', weight: 1 },
    ];
    expect(byName(dispense(5, w, namesDescending(uid)))).toEqual(want);
  });
});
