import { spawnSync } from 'node:child_process';

export interface Measured {
  seconds: number;
  /** User plus system CPU seconds, children included: steadier than wall time on a shared machine. */
  cpuSeconds: number;
  maxRssMiB: number;
  stdoutBytes: number;
}

/**
 * Runs a command under GNU time for its peak resident memory (children included), and under bash
 * for its CPU time: GNU time prints user and system seconds cut to hundredths, which takes about
 * 5 ms off each on average, so a 25 ms `node -e 0` read as 15 ms and every ratio to such a floor
 * came out too high. bash's `times` reports the children's CPU to the millisecond (GNU time's own
 * share, well under a millisecond, is in it for every command alike). Wall time is the parent's
 * clock around the whole run, so end-to-end numbers are what a user's shell would see.
 */
export function measure(command: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): Measured {
  const script = '/usr/bin/time -f "%M" "$@"; status=$?; times >&2; exit $status';
  const started = process.hrtime.bigint();
  const out = spawnSync('bash', ['-c', script, 'bash', command, ...args], {
    cwd,
    maxBuffer: 2 ** 31 - 1,
    ...(env ? { env } : {}),
  });
  const seconds = Number((Number(process.hrtime.bigint() - started) / 1e9).toFixed(3));
  if (out.status !== 0 && out.status !== 2) {
    throw new Error(`${command} ${args.join(' ')} exited ${out.status}: ${out.stderr.toString().slice(-2000)}`);
  }
  const lines = out.stderr.toString().trim().split('\n');
  // `times` prints the shell's own line, then its children's: "0m0.080s 0m0.030s".
  const children = lines.at(-1) ?? '';
  const kib = Number(lines.at(-3));
  const [user, system] = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
  return {
    seconds,
    cpuSeconds: Number(((user ?? Number.NaN) + (system ?? Number.NaN)).toFixed(3)),
    maxRssMiB: Math.round((kib || 0) / 1024),
    stdoutBytes: out.stdout.length,
  };
}

/** Prints rows as an aligned plain-text table. */
export function printTable(rows: readonly (readonly (string | number)[])[]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const row of rows) console.log(row.map((c, i) => String(c).padEnd(widths[i]!)).join('  '));
}
