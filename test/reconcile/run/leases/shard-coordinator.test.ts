import { describe, expect, it } from 'vitest';
import { ShardCoordinator } from '../../../../src/reconcile/run/leases/shard-coordinator.ts';
import { shardOf } from '../../../../src/reconcile/run/leases/shard-of.ts';
import { FakeLeaseStore } from './fake-lease-store.ts';

function replicas(store: FakeLeaseStore, shards: number, clock: { t: number }, ...ids: string[]): ShardCoordinator[] {
  return ids.map((identity) => new ShardCoordinator(store, { identity, shards, durationSeconds: 15, now: () => clock.t }));
}

async function rounds(coordinators: readonly ShardCoordinator[], n: number, clock: { t: number }, stepMs = 5_000): Promise<void> {
  for (let i = 0; i < n; i++) {
    for (const c of coordinators) await c.round();
    clock.t += stepMs;
  }
}

describe('ShardCoordinator', () => {
  it('elects exactly one leader among replicas with one shard', async () => {
    const store = new FakeLeaseStore();
    const clock = { t: 0 };
    const [a, b] = replicas(store, 1, clock, 'a', 'b');
    await rounds([a!, b!], 3, clock);
    expect([a!.held, b!.held]).toEqual([[0], []]);
  });

  it('spreads shards evenly and never lets two replicas hold the same shard', async () => {
    const store = new FakeLeaseStore();
    const clock = { t: 0 };
    const all = replicas(store, 4, clock, 'a', 'b');
    await rounds(all.slice(0, 1), 2, clock);
    expect(all[0]!.held).toEqual([0, 1, 2, 3]);
    await rounds(all, 3, clock);
    const held = all.map((c) => c.held);
    expect(held.map((h) => h.length)).toEqual([2, 2]);
    expect(new Set(held.flat()).size).toBe(4);
  });

  it('takes over the shards of a replica that stopped renewing once its Leases expire', async () => {
    const store = new FakeLeaseStore();
    const clock = { t: 0 };
    const [a, b] = replicas(store, 2, clock, 'a', 'b');
    await rounds([a!, b!], 4, clock);
    expect(b!.held).toHaveLength(1);
    await rounds([a!], 1, clock, 5_000);
    expect(a!.held).toHaveLength(1);
    await rounds([a!], 4, clock, 5_000);
    expect(a!.held).toEqual([0, 1]);
  });

  it('hands its shards over at once when it releases them', async () => {
    const store = new FakeLeaseStore();
    const clock = { t: 0 };
    const [a, b] = replicas(store, 2, clock, 'a', 'b');
    await rounds([a!, b!], 4, clock);
    await b!.releaseAll();
    await rounds([a!], 1, clock, 1_000);
    expect(a!.held).toEqual([0, 1]);
  });
});

describe('shardOf', () => {
  it('puts every cluster in one shard in range, the same on every call', () => {
    const names = Array.from({ length: 200 }, (_, i) => `member${i}`);
    const shards = names.map((n) => shardOf(n, 4));
    expect(shards.every((s) => s >= 0 && s < 4)).toBe(true);
    expect(names.map((n) => shardOf(n, 4))).toEqual(shards);
    expect(new Set(shards).size).toBe(4);
  });

  it('moves only the clusters the new shard wins when a shard is added', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `member${i}`);
    const moved = names.filter((n) => shardOf(n, 4) !== shardOf(n, 5));
    expect(moved.every((n) => shardOf(n, 5) === 4)).toBe(true);
    expect(moved.length).toBeLessThan(300);
  });
});
