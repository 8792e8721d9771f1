// runGit out of file descriptors: a child process under `ulimit -n 64` (never the machine's own limit) uses up its
// descriptors, then starts git many times at once. Every run must reject with the reason; none may end the process
// with an unhandled `error` event, as `spawn git EMFILE` once ended `run` under a connection flood.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const RUN_GIT = fileURLToPath(new URL('../../src/source/run-git.ts', import.meta.url));

const SCRIPT = `
import { openSync } from 'node:fs';
const { runGit } = await import(${JSON.stringify(RUN_GIT)});
const held = [];
try { for (;;) held.push(openSync('/dev/null', 'r')); } catch {}
const outcomes = await Promise.all(Array.from({ length: 20 }, () => runGit(undefined, ['--version']).then(() => 'ran', (e) => e.code ?? String(e))));
console.log(JSON.stringify({ held: held.length, outcomes: [...new Set(outcomes)] }));
`;

describe('runGit when the process is out of file descriptors', () => {
  it('rejects every run with the reason and the process goes on', () => {
    const child = spawnSync('bash', ['-c', `ulimit -n 64 && exec "${process.execPath}" --input-type=module -e "$0"`, SCRIPT], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).not.toMatch(/Unhandled|uncaught/i);
    expect(child.status).toBe(0);
    const report = JSON.parse(child.stdout) as { held: number; outcomes: string[] };
    expect(report.held).toBeGreaterThan(0);
    expect(report.outcomes).toEqual(['EMFILE']);
  });
});
