import { spawnSync } from 'node:child_process';

export interface Measured {
  seconds: number;
  /** User plus system CPU seconds, children included: steadier than wall time on a shared machine. */
  cpuSeconds: number;
  maxRssMiB: number;
  stdoutBytes: number;
}

/**
 * Runs a command under GNU time for wall-clock seconds and peak resident memory (children
 * included), so end-to-end numbers are what a user's shell would see.
 */
export function measure(command: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): Measured {
  const out = spawnSync('/usr/bin/time', ['-f', '%e %M %U %S', command, ...args], {
    cwd,
    maxBuffer: 2 ** 31 - 1,
    ...(env ? { env } : {}),
  });
  if (out.status !== 0 && out.status !== 2) {
    throw new Error(`${command} ${args.join(' ')} exited ${out.status}: ${out.stderr.toString().slice(-2000)}`);
  }
  const last = out.stderr.toString().trim().split('\n').at(-1) ?? '';
  const [seconds, kib, user, system] = last.split(' ').map(Number);
  return {
    seconds: seconds ?? Number.NaN,
    cpuSeconds: Number(((user ?? Number.NaN) + (system ?? Number.NaN)).toFixed(2)),
    maxRssMiB: Math.round((kib ?? 0) / 1024),
    stdoutBytes: out.stdout.length,
  };
}

/** Prints rows as an aligned plain-text table. */
export function printTable(rows: readonly (readonly (string | number)[])[]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const row of rows) console.log(row.map((c, i) => String(c).padEnd(widths[i]!)).join('  '));
}
