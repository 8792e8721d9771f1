// `flotilla run` (or `flotilla agent`) as a child process for e2e tests: its JSON
// log lines collected, its metrics scraped, and every process stopped (or killed)
// after the test.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { waitFor } from '../../helpers/wait.ts';

const CLI = fileURLToPath(new URL('../../../bin/run.js', import.meta.url));

/** A running `flotilla run` or `flotilla agent`. */
export interface RunProcess {
  child: ChildProcess;
  /** Every JSON log record so far. */
  records: Record<string, unknown>[];
  /** Resolves with the first record matching, waiting up to `timeoutMs`. */
  waitForLog(what: string, match: (r: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** The text of /metrics (needs --metrics-addr). */
  metrics(): Promise<string>;
  /** SIGTERM, then wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
}

const started: RunProcess[] = [];
/** Every process of the file, for the log shown when a test fails. */
const all: { command: string; proc: RunProcess }[] = [];
const FAILURE_TAIL = 40;

// A timeout in a test of `run` says what it waited for but not why it never came: the last records of
// every process the file started say what the process was doing meanwhile.
afterEach((context) => {
  if (context.task.result?.state !== 'fail') return;
  for (const { command, proc } of all) {
    const tail = proc.records.slice(-FAILURE_TAIL).map((r) => JSON.stringify(r));
    console.error(`[e2e] the last ${tail.length} log records of flotilla ${command} (pid ${proc.child.pid}):\n${tail.join('\n')}`);
  }
});

/** Registers the hook that ends every process the test started. */
export function cleanUpRunProcesses(): void {
  afterEach(async () => {
    await Promise.all(started.splice(0).map((p) => (p.child.exitCode === null && p.child.signalCode === null ? p.kill() : undefined)));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Starts `flotilla run ARGS` with JSON logs at debug level. */
export function startRun(args: readonly string[]): RunProcess {
  return startFlotilla('run', args);
}

/** Starts `flotilla COMMAND ARGS` (a long-running one: `run`, `agent`) with JSON logs at debug level. */
export function startFlotilla(command: 'run' | 'agent', args: readonly string[]): RunProcess {
  const child = spawn(process.execPath, [CLI, command, '--log-level', 'debug', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const records: Record<string, unknown>[] = [];
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        records.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        records.push({ msg: line, unparsed: true });
      }
    }
  });
  child.stdout?.resume();
  const metricsUrl = async (): Promise<string> => {
    const r = await waitForRecord(records, 'metrics listening', (x) => x['msg'] === 'metrics listening', 30_000);
    return String(r['url']);
  };
  const proc: RunProcess = {
    child,
    records,
    waitForLog: (what, match, timeoutMs = 60_000) => waitForRecord(records, what, match, timeoutMs),
    metrics: async () => (await fetch(`${await metricsUrl()}/metrics`)).text(),
    stop: async () => {
      child.kill('SIGTERM');
      return exited(child);
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
  started.push(proc);
  all.push({ command, proc });
  return proc;
}

function waitForRecord(
  records: Record<string, unknown>[],
  what: string,
  match: (r: Record<string, unknown>) => boolean,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  return waitFor(what, async () => records.find(match), { timeoutMs, intervalMs: 100 });
}

/** The value of one metric series in Prometheus text, or undefined. */
export function metricValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
