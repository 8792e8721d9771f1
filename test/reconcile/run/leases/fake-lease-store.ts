import type { LeaseRecord, LeaseStore } from '../../../../src/reconcile/run/leases/lease-store.ts';

/** An in-memory Lease namespace with resourceVersion checks, as the API server does. */
export class FakeLeaseStore implements LeaseStore {
  readonly leases = new Map<string, LeaseRecord>();
  private version = 0;

  async get(name: string): Promise<LeaseRecord | undefined> {
    return this.leases.get(name);
  }

  async create(name: string, write: Parameters<LeaseStore['create']>[1]): Promise<LeaseRecord | 'conflict'> {
    if (this.leases.has(name)) return 'conflict';
    return this.put(name, write);
  }

  async update(name: string, resourceVersion: string, write: Parameters<LeaseStore['update']>[2]): Promise<LeaseRecord | 'conflict'> {
    if (this.leases.get(name)?.resourceVersion !== resourceVersion) return 'conflict';
    return this.put(name, write);
  }

  async list(prefix: string): Promise<LeaseRecord[]> {
    return [...this.leases.values()].filter((l) => l.name.startsWith(prefix));
  }

  async delete(name: string): Promise<void> {
    this.leases.delete(name);
  }

  private put(name: string, write: Parameters<LeaseStore['create']>[1]): LeaseRecord {
    const record: LeaseRecord = {
      name,
      holder: write.holder,
      renewTime: write.renewTime,
      durationSeconds: write.durationSeconds,
      transitions: write.transitions,
      resourceVersion: String(++this.version),
    };
    this.leases.set(name, record);
    return record;
  }
}
