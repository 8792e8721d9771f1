import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../cli/run-cli.ts';

const run = promisify(execFile);

/** bench/apply.ts needs the local fleet: test/e2e/bench-apply.e2e.test.ts runs it. */
const NEEDS_FLEET = new Set(['apply.ts']);
const benches = readdirSync(join(REPO_ROOT, 'bench')).filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_') && !NEEDS_FLEET.has(f));

/**
 * Every benchmark still runs, at a tiny size (bench/lib/size.ts); nothing here is timed. A few at
 * a time: most of a smoke run is waiting on git and child processes.
 */
describe.concurrent('benchmarks at smoke size', () => {
  it.each(benches)(
    'node bench/%s',
    async (file) => {
      const out = await run(process.execPath, [join(REPO_ROOT, 'bench', file)], {
        cwd: REPO_ROOT,
        env: { ...process.env, FLOTILLA_BENCH_SMOKE: '1' },
        // Far above any smoke run; a benchmark that ignores FLOTILLA_BENCH_SMOKE runs at full size and fails here.
        timeout: 60_000,
        maxBuffer: 64 * 2 ** 20,
      }).then(
        ({ stderr }) => ({ exit: 0 as number | string, stderr }),
        // A benchmark killed at the timeout has no exit code, only a signal: it fails too.
        (error: { code?: number; signal?: string; stderr?: string }) => ({
          exit: error.code ?? error.signal ?? 'unknown',
          stderr: error.stderr ?? '',
        }),
      );
      expect({ exit: out.exit, stderr: out.stderr.slice(-2000) }).toEqual({
        exit: 0,
        stderr: expect.not.stringMatching(/Error|FAIL/),
      });
    },
    90_000,
  );
});
