import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../cli/run-cli.ts';

/** bench/apply.ts needs the local fleet: test/e2e/bench-apply.e2e.test.ts runs it. */
const NEEDS_FLEET = new Set(['apply.ts']);
const benches = readdirSync(join(REPO_ROOT, 'bench')).filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !NEEDS_FLEET.has(f));

/** Every benchmark still runs, at a tiny size (bench/lib/size.ts); nothing here is timed. */
describe('benchmarks at smoke size', () => {
  it.each(benches)(
    'node bench/%s',
    (file) => {
      const out = spawnSync(process.execPath, [join(REPO_ROOT, 'bench', file)], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, FLOTILLA_BENCH_SMOKE: '1' },
        timeout: 120_000,
      });
      expect(out.stderr.slice(-2000)).not.toMatch(/Error|FAIL/);
      expect(out.status).toBe(0);
    },
    150_000,
  );
});
