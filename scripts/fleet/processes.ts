// Loopback ports and pids of the fleet's own processes.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves when nothing listens on 127.0.0.1:port. */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.once('error', () => resolvePromise(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolvePromise(true)));
  });
}

/**
 * True only if the pid is alive and its command line mentions one of our
 * paths: a pid file that outlived a reboot may name an unrelated process.
 */
export async function ownProcess(pid: number, ownPaths: readonly string[]): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline !== '' && ownPaths.some((path) => cmdline.includes(path));
}

/** SIGTERM, a grace period, then SIGKILL for whatever of ours is still there. */
export async function stopProcesses(pids: readonly number[], ownPaths: readonly string[]): Promise<void> {
  const alive = async (): Promise<number[]> => {
    const checks = await Promise.all(pids.map(async (pid) => ((await ownProcess(pid, ownPaths)) ? pid : 0)));
    return checks.filter((pid) => pid !== 0);
  };
  const signal = (targets: number[], name: NodeJS.Signals): void => {
    for (const pid of targets) {
      try {
        process.kill(pid, name);
      } catch {
        // Exited between the check and the signal.
      }
    }
  };
  signal(await alive(), 'SIGTERM');
  for (let waited = 0; waited < 5_000; waited += 250) {
    if ((await alive()).length === 0) return;
    await sleep(250);
  }
  signal(await alive(), 'SIGKILL');
}
