import { spawn } from 'node:child_process';

/** How long a render may run and how much memory it may take. */
export interface Bounds {
  timeoutMs: number;
  memoryMiB: number;
}

export interface BoundedResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Killed for running past {@link Bounds.timeoutMs}. */
  timedOut: boolean;
}

/**
 * Runs a program under a timeout and an address-space limit (`ulimit -v`, inherited by what it
 * starts, so helm under kustomize is bound too). It runs in its own process group so that a
 * runaway render is killed with every child, not just the parent.
 */
export function runBounded(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; bounds: Bounds },
): Promise<BoundedResult> {
  const kib = Math.max(1, Math.floor(options.bounds.memoryMiB * 1024));
  // `exec "$0" "$@"` hands the arguments through unquoted by any shell.
  const script = `ulimit -v ${kib} 2>/dev/null; exec "$0" "$@"`;
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', script, command, ...args], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) killGroup(child.pid);
    }, options.bounds.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
      });
    });
  });
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone: the timeout raced the exit.
  }
}
