// bench/apply.ts at its smoke size against the local fleet (the other benchmarks run in the unit
// suite, test/bench/smoke.test.ts): it must keep running, whatever it measures. Nothing is timed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('bench/apply.ts', () => {
  it('applies with Flotilla and kubectl, re-applies with no write, and cleans up', () => {
    const out = spawnSync(process.execPath, ['bench/apply.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, FLOTILLA_BENCH_SMOKE: '1' },
      timeout: 150_000,
    });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/no-op re-apply of 15 objects: [\d.]+ s \(CPU: client [\d.]+ s, members [\d.]+ s\), 0 writes/);
  });
});
