/**
 * Replicas share the member clusters through Leases (issue 9): each replica keeps a presence Lease
 * (`<prefix>-replica-<id>`) and holds some of the shard Leases (`<prefix>-shard-<i>`). Every round
 * it renews what it holds, counts the live replicas, and evens out: it takes free or expired shards
 * up to its fair share (ceil(shards / replicas)) and releases any beyond it, so a new replica gets
 * work and a dead one's shards are taken over once their Lease expires. One shard is leader
 * election. All writes are optimistic (resourceVersion): two replicas never both hold a shard.
 */
import { createHash } from 'node:crypto';
import { heldAt } from './lease-store.ts';
import type { LeaseRecord, LeaseStore, LeaseWrite } from './lease-store.ts';

/** Coordinator settings. */
export interface ShardCoordinatorOptions {
  /** `--lease-name`: prefix of every Lease. @default 'flotilla' */
  prefix: string;
  /** `--shards`. @default 1 (leader election) */
  shards: number;
  /** This replica (Pod name, else host and pid). */
  identity: string;
  /** `--lease-duration`: a holder that has not renewed for this long has lost its Lease. @default 15 */
  durationSeconds: number;
  /** Milliseconds, wall clock (Lease times are compared across machines). @default Date.now */
  now: () => number;
}

/** The defaults of {@link ShardCoordinatorOptions}. */
export const DEFAULT_SHARD_COORDINATOR_OPTIONS: Readonly<Omit<ShardCoordinatorOptions, 'identity'>> = Object.freeze({
  prefix: 'flotilla',
  shards: 1,
  durationSeconds: 15,
  now: () => Date.now(),
});

/** A Kubernetes-safe name part for an identity. */
function nameOf(identity: string): string {
  return createHash('sha256').update(identity).digest('hex').slice(0, 12);
}

/** See the module comment. */
export class ShardCoordinator {
  private readonly store: LeaseStore;
  private readonly options: ShardCoordinatorOptions;
  private readonly heldShards = new Set<number>();

  constructor(
    store: LeaseStore,
    options: Partial<ShardCoordinatorOptions> & Pick<ShardCoordinatorOptions, 'identity'>,
  ) {
    this.store = store;
    this.options = { ...DEFAULT_SHARD_COORDINATOR_OPTIONS, ...options };
  }

  /** The shards held after the last round, sorted. */
  get held(): number[] {
    return [...this.heldShards].sort((a, b) => a - b);
  }

  /** One round (run it every third of the Lease duration); true when the held set changed. */
  async round(): Promise<boolean> {
    const before = this.held.join(',');
    const now = this.options.now();
    await this.write(this.presenceName(), await this.store.get(this.presenceName()), now);
    const leases = await this.store.list(`${this.options.prefix}-`);
    const replicas = leases.filter(
      (l) => l.name.startsWith(`${this.options.prefix}-replica-`) && heldAt(l, now),
    ).length;
    const fair = Math.ceil(this.options.shards / Math.max(1, replicas));
    const byName = new Map(leases.map((l) => [l.name, l]));
    for (const shard of this.held) {
      const lease = byName.get(this.shardName(shard));
      const kept = lease?.holder === this.options.identity && (await this.write(lease.name, lease, now));
      if (!kept) this.heldShards.delete(shard);
    }
    for (const shard of this.held.slice(fair).reverse()) await this.release(shard);
    for (let shard = 0; shard < this.options.shards && this.heldShards.size < fair; shard++) {
      if (this.heldShards.has(shard)) continue;
      const lease = byName.get(this.shardName(shard));
      if (lease && heldAt(lease, now)) continue;
      if (await this.write(this.shardName(shard), lease, now)) this.heldShards.add(shard);
    }
    return this.held.join(',') !== before;
  }

  /** Gives up every shard and the presence Lease, so others take over at once (graceful stop). */
  async releaseAll(): Promise<void> {
    for (const shard of this.held) await this.release(shard);
    await this.store.delete(this.presenceName());
  }

  private async release(shard: number): Promise<void> {
    this.heldShards.delete(shard);
    const lease = await this.store.get(this.shardName(shard));
    if (lease?.holder !== this.options.identity) return;
    await this.store.update(lease.name, lease.resourceVersion, {
      holder: '',
      renewTime: this.options.now(),
      durationSeconds: 1,
      transitions: lease.transitions,
    });
  }

  /** Creates, renews or takes over a Lease; false when another replica won the race. */
  private async write(name: string, lease: LeaseRecord | undefined, now: number): Promise<boolean> {
    const mine = lease?.holder === this.options.identity;
    const write: LeaseWrite = {
      holder: this.options.identity,
      renewTime: now,
      durationSeconds: this.options.durationSeconds,
      transitions: (lease?.transitions ?? 0) + (mine || lease === undefined ? 0 : 1),
      ...(mine ? {} : { acquireTime: now }),
    };
    const result =
      lease === undefined
        ? await this.store.create(name, write)
        : await this.store.update(name, lease.resourceVersion, write);
    return result !== 'conflict';
  }

  private shardName(shard: number): string {
    return `${this.options.prefix}-shard-${shard}`;
  }

  private presenceName(): string {
    return `${this.options.prefix}-replica-${nameOf(this.options.identity)}`;
  }
}
