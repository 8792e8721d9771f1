// Fleet commands in one checkout can run at the same time (a demo while an
// e2e run is going, two e2e runs): a lock serialises up and down, and leases
// record which e2e runs still use the fleet so none tears it down under another.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Log } from './build.ts';
import { devDir } from './config.ts';

const lockPath = join(devDir, 'fleet.lock');
const leaseDir = join(devDir, 'leases');

/** Whether the pid names a live process (EPERM: alive, but someone else's). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function holder(path: string): Promise<number | undefined> {
  const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Runs fn while holding the fleet lock; waits (without limit: a cold build holds it for minutes) for a live holder. */
export async function withFleetLock<T>(log: Log, fn: () => Promise<T>): Promise<T> {
  await mkdir(devDir, { recursive: true });
  let announced = false;
  let unreadable = 0;
  for (;;) {
    try {
      await writeFile(lockPath, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = await holder(lockPath);
    // No pid yet means the holder is between creating and writing the file; for long, that it died there.
    unreadable = pid === undefined ? unreadable + 1 : 0;
    if ((pid !== undefined && !alive(pid)) || unreadable > 20) {
      await rm(lockPath, { force: true });
      continue;
    }
    if (pid === undefined) {
      await sleep(100);
      continue;
    }
    if (!announced) log(`waiting for another fleet command (pid ${pid}) in this checkout to finish`);
    announced = true;
    await sleep(500);
  }
  try {
    return await fn();
  } finally {
    await rm(lockPath, { force: true });
  }
}

/** Marks this process as using the fleet until releaseLease. */
export async function takeLease(): Promise<void> {
  await mkdir(leaseDir, { recursive: true });
  await writeFile(join(leaseDir, String(process.pid)), String(process.pid));
}

export async function releaseLease(): Promise<void> {
  await rm(join(leaseDir, String(process.pid)), { force: true });
}

/** Live processes other than this one that hold a lease. */
export async function otherLeaseHolders(): Promise<number[]> {
  const files = await readdir(leaseDir).catch(() => []);
  const pids = files.map(Number).filter((pid) => Number.isInteger(pid) && pid !== process.pid);
  return pids.filter(alive);
}
