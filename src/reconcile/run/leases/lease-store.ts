/**
 * The port replicas coordinate through: coordination.k8s.io Leases in the host cluster.
 * Writes are optimistic: an update names the resourceVersion it read, and a lost race is an
 * outcome (`conflict`), not an error. One adapter implements it over @kubernetes/client-node.
 */

/** A Lease as the electors see it. */
export interface LeaseRecord {
  name: string;
  holder?: string;
  /** Milliseconds since the epoch. */
  renewTime?: number;
  durationSeconds?: number;
  transitions: number;
  /** Opaque version for optimistic concurrency. */
  resourceVersion: string;
}

/** What a write sets. */
export interface LeaseWrite {
  holder: string;
  renewTime: number;
  durationSeconds: number;
  transitions: number;
  /** Set when the holder changes. */
  acquireTime?: number;
}

/** Leases in one namespace of the host cluster. */
export interface LeaseStore {
  get(name: string): Promise<LeaseRecord | undefined>;
  /** Creates the Lease; `conflict` when it already exists. */
  create(name: string, write: LeaseWrite): Promise<LeaseRecord | 'conflict'>;
  /** Replaces it if still at `resourceVersion`; `conflict` when someone wrote in between. */
  update(name: string, resourceVersion: string, write: LeaseWrite): Promise<LeaseRecord | 'conflict'>;
  /** Every Lease whose name starts with `prefix`. */
  list(prefix: string): Promise<LeaseRecord[]>;
  /** Deletes it (a replica leaving); absent is fine. */
  delete(name: string): Promise<void>;
}

/** Whether a Lease is held by someone at `now`: a holder whose renewal has not expired. */
export function heldAt(lease: LeaseRecord, now: number): boolean {
  return (
    lease.holder !== undefined &&
    lease.holder !== '' &&
    lease.renewTime !== undefined &&
    now < lease.renewTime + (lease.durationSeconds ?? 0) * 1000
  );
}
