/**
 * The guard of a member's inventory: two writers (two CI jobs, or CI while `run` runs) that each
 * read the inventory and write it back would drop each other's entries, orphaning objects. Every
 * writer holds a coordination.k8s.io Lease in `flotilla-system`, named after the inventory, for
 * its apply and prune of the member, renewing it every third of its duration; the next writer
 * waits for it (bounded by the member's deadline). A Lease whose holder stopped renewing (a killed
 * process) expires and is taken over. Every write names the resourceVersion it read, so two
 * writers never both take it; creation relies on server-side apply's field conflict instead
 * (each holder writes as its own field manager, without force).
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRecord } from '../model/index.ts';
import type { KubeObject, ObjectRef } from '../model/index.ts';
import { InventoryLockedError, KubeApiError, MemberTimeoutError } from './errors/index.ts';
import { INVENTORY_NAMESPACE } from './inventory.ts';
import { ensureInventoryNamespace } from './inventory-store.ts';
import type { KubeClient } from './kube-client.ts';

export interface InventoryLockOptions {
  /** Who holds it, shown to the writers that wait: host/pid/command. @default {@link holderIdentity} */
  holder: string;
  /** A holder that has not renewed for this long has lost the Lease. @default 15 */
  durationSeconds: number;
  /** Pause between two looks at a Lease someone else holds. @default 1000 */
  retryMs: number;
  /** Milliseconds, wall clock: Lease times are compared across machines. @default Date.now */
  now: () => number;
  /** Told once per holder when this writer starts waiting for another's Lease. */
  onWait?: (holder: string, since: string | undefined) => void;
}

/** This process as a Lease holder: `host/pid/flotilla <command>`. */
export function holderIdentity(command = process.argv[2] ?? ''): string {
  return `${hostname()}/${process.pid}/flotilla ${command}`.trim();
}

export const DEFAULT_INVENTORY_LOCK_OPTIONS: Readonly<InventoryLockOptions> = Object.freeze({
  holder: holderIdentity(),
  durationSeconds: 15,
  retryMs: 1000,
  now: () => Date.now(),
});

/** A Lease this writer holds. */
export interface HeldInventoryLock {
  /** Aborted with an {@link InventoryLockedError} when the Lease is lost (another writer took it over). */
  signal: AbortSignal;
  /** Stops renewing and gives the Lease up; never throws (an unreachable member's Lease expires). */
  release(): Promise<void>;
}

interface LeaseState {
  holder: string;
  renewTime?: number;
  acquireTime?: number;
  durationSeconds: number;
  transitions: number;
  resourceVersion: string;
}

function leaseRef(name: string): ObjectRef {
  return { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', namespace: INVENTORY_NAMESPACE, name };
}

function timeOf(value: unknown): number | undefined {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
}

function stateOf(lease: KubeObject): LeaseState {
  const spec = isRecord(lease['spec']) ? lease['spec'] : {};
  const renewTime = timeOf(spec['renewTime']);
  const acquireTime = timeOf(spec['acquireTime']);
  return {
    holder: typeof spec['holderIdentity'] === 'string' ? spec['holderIdentity'] : '',
    ...(renewTime !== undefined ? { renewTime } : {}),
    ...(acquireTime !== undefined ? { acquireTime } : {}),
    durationSeconds: typeof spec['leaseDurationSeconds'] === 'number' ? spec['leaseDurationSeconds'] : 0,
    transitions: typeof spec['leaseTransitions'] === 'number' ? spec['leaseTransitions'] : 0,
    resourceVersion: String(lease.metadata.resourceVersion ?? ''),
  };
}

/** Whether someone holds the Lease at `now`: a holder whose last renewal has not expired. */
export function leaseHeld(lease: Pick<LeaseState, 'holder' | 'renewTime' | 'durationSeconds'>, now: number): boolean {
  return lease.holder !== '' && lease.renewTime !== undefined && now < lease.renewTime + lease.durationSeconds * 1000;
}

/** Since when the holder has held it, for people: when it took it, else its last renewal. */
function sinceOf(lease: LeaseState): string | undefined {
  const since = lease.acquireTime ?? lease.renewTime;
  return since === undefined ? undefined : new Date(since).toISOString();
}

/** A Lease's MicroTime: RFC 3339 with exactly six fractional digits, as the API server parses it. */
function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/, '000Z');
}

function isConflict(error: unknown): boolean {
  return error instanceof KubeApiError && error.data.status === 409;
}

/** The field manager of a holder's Lease writes: its own, so that a racing creation conflicts. */
function managerOf(holder: string): string {
  return `flotilla-lock-${createHash('sha256').update(holder).digest('hex').slice(0, 16)}`;
}

class Lock {
  readonly #client: KubeClient;
  readonly #name: string;
  readonly #o: InventoryLockOptions;
  readonly #lost = new AbortController();
  #state: LeaseState | undefined;
  #renewedAt = 0;
  #timer: NodeJS.Timeout | undefined;
  #renewing: Promise<void> = Promise.resolve();

  constructor(client: KubeClient, name: string, options: InventoryLockOptions) {
    this.#client = client;
    this.#name = name;
    this.#o = options;
  }

  get signal(): AbortSignal {
    return this.#lost.signal;
  }

  /** Takes the Lease, waiting while someone else holds it; throws when the member's deadline ends the wait. */
  async acquire(): Promise<void> {
    let seen: LeaseState | undefined;
    for (;;) {
      const found = await this.#client.get(leaseRef(this.#name)).catch((error: unknown) => {
        // The wait ran into the member's deadline: say who kept the inventory.
        if (seen && error instanceof MemberTimeoutError) throw this.#lockedBy(seen, { cause: error });
        throw error;
      });
      const now = this.#o.now();
      const lease = found && stateOf(found);
      if (lease && leaseHeld(lease, now) && lease.holder !== this.#o.holder) {
        if (seen?.holder !== lease.holder) this.#o.onWait?.(lease.holder, sinceOf(lease));
        seen = lease;
        await sleep(this.#o.retryMs);
        continue;
      }
      if (!lease) await ensureInventoryNamespace(this.#client);
      if (await this.#write(lease, now, lease === undefined ? 'create' : 'take')) break;
    }
    this.#timer = setInterval(
      () => {
        this.#renewing = this.#renewing.then(() => this.#renew());
      },
      Math.max(200, (this.#o.durationSeconds * 1000) / 3),
    );
  }

  async release(): Promise<void> {
    clearInterval(this.#timer);
    await this.#renewing;
    const state = this.#state;
    if (!state || this.#lost.signal.aborted) return;
    const now = this.#o.now();
    await this.#apply({ ...state, holder: '', durationSeconds: 1 }, now, true).catch(() => undefined);
  }

  async #renew(): Promise<void> {
    if (this.#lost.signal.aborted || !this.#state) return;
    const now = this.#o.now();
    try {
      if (await this.#write(this.#state, now, 'renew')) return;
      const current = await this.#client.get(leaseRef(this.#name));
      const lease = current && stateOf(current);
      if (lease && lease.holder !== this.#o.holder) this.#lost.abort(this.#lockedBy(lease));
      else if (lease) this.#state = lease;
    } catch (error) {
      // No answer for a whole Lease duration: others may have taken it over by now.
      if (now - this.#renewedAt >= this.#o.durationSeconds * 1000) this.#lost.abort(error);
    }
  }

  /** Creates, takes over or renews the Lease; false when another writer got there first. */
  async #write(lease: LeaseState | undefined, now: number, how: 'create' | 'take' | 'renew'): Promise<boolean> {
    const mine = lease?.holder === this.#o.holder;
    const next: LeaseState = {
      holder: this.#o.holder,
      durationSeconds: this.#o.durationSeconds,
      renewTime: now,
      acquireTime: mine && lease?.acquireTime !== undefined ? lease.acquireTime : now,
      transitions: (lease?.transitions ?? 0) + (mine || lease === undefined ? 0 : 1),
      resourceVersion: lease?.resourceVersion ?? '',
    };
    try {
      this.#state = { ...next, resourceVersion: await this.#apply(next, now, how !== 'create') };
      this.#renewedAt = now;
      return true;
    } catch (error) {
      if (isConflict(error)) return false;
      throw error;
    }
  }

  /** One server-side apply of the Lease; with `precondition`, only over the version read. Returns the new version. */
  async #apply(state: LeaseState, now: number, precondition: boolean): Promise<string> {
    const lease: KubeObject = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        name: this.#name,
        namespace: INVENTORY_NAMESPACE,
        labels: { 'app.kubernetes.io/managed-by': 'flotilla' },
        ...(precondition ? { resourceVersion: state.resourceVersion } : {}),
      },
      spec: {
        holderIdentity: state.holder,
        leaseDurationSeconds: state.durationSeconds,
        leaseTransitions: state.transitions,
        renewTime: microTime(now),
        ...(state.acquireTime !== undefined ? { acquireTime: microTime(state.acquireTime) } : {}),
      },
    };
    const written = await this.#client.apply(lease, {
      fieldManager: managerOf(this.#o.holder),
      force: precondition,
      dryRun: false,
    });
    return String(written.metadata.resourceVersion ?? '');
  }

  #lockedBy(lease: LeaseState, options?: { cause?: unknown }): InventoryLockedError {
    return new InventoryLockedError(this.#client.cluster, this.#name, lease.holder, sinceOf(lease), options);
  }
}

/**
 * Takes the inventory Lease of `inventoryName` in the member, waiting while another writer holds
 * it; the wait ends with the member's deadline (the client's signal) as an {@link InventoryLockedError}.
 */
export async function lockInventory(
  client: KubeClient,
  inventoryName: string,
  options: Partial<InventoryLockOptions> = {},
): Promise<HeldInventoryLock> {
  const lock = new Lock(client, inventoryName, { ...DEFAULT_INVENTORY_LOCK_OPTIONS, ...options });
  await lock.acquire();
  return { signal: lock.signal, release: () => lock.release() };
}
