/**
 * A ref lock file is held for milliseconds by whoever moves the ref; one much older was left by a
 * writer killed in that moment (`kill -9` between creating the lock and renaming it). Left in
 * place it would refuse every later write of the branch until someone removed it by hand, so a
 * long-running process would stop publishing its status after one unlucky restart.
 */
import { rm, stat } from 'node:fs/promises';

/** Older than this, a ref lock is taken as abandoned. */
export const STALE_LOCK_MS = 60_000;

/** Removes `lockFile` when it is older than `maxAgeMs`; true when it did. */
export async function breakStaleLock(
  lockFile: string,
  now: number = Date.now(),
  maxAgeMs: number = STALE_LOCK_MS,
): Promise<boolean> {
  const info = await stat(lockFile).catch(() => undefined);
  if (!info || now - info.mtimeMs < maxAgeMs) return false;
  await rm(lockFile, { force: true });
  return true;
}
