import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../cli/run-cli.ts';

const CLI = join(REPO_ROOT, 'bin/run.js');

/** A fleet whose offline plan as JSON is far larger than a pipe's buffer. */
function bigFleet(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'flotilla-bin-')), 'fleet');
  expect(runCli(['init', dir]).code).toBe(0);
  mkdirSync(join(dir, 'apps', 'many'), { recursive: true });
  const maps = Array.from(
    { length: 300 },
    (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: many-${i}, namespace: default}\ndata: {payload: "${'x'.repeat(400)}"}\n`,
  );
  writeFileSync(join(dir, 'apps', 'many', 'maps.yaml'), maps.join('---\n'));
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args]);
  git('add', '--all');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '--quiet', '-m', 'many');
  return dir;
}

describe('bin/run.js', () => {
  it('answers --version with the line `flotilla version` prints', () => {
    const fast = runCli(['--version']);
    expect(fast.code).toBe(0);
    expect(fast.stdout).toMatch(/^flotilla\/\d+\.\d+\.\d+ \S+-\S+ node-v\d+/);
    expect(fast.stdout).toBe(runCli(['version']).stdout);
  });

  it('ends quietly when the reader of its output goes away (flotilla … | head)', async () => {
    const child = spawn(process.execPath, [CLI, 'plan', '--offline', '--repo', bigFleet(), '-o', 'json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('names the source files in stack traces under FLOTILLA_DEBUG=1', () => {
    const missing = join(tmpdir(), 'no-such-fleet-repo');
    const out = spawnSync(process.execPath, [CLI, 'validate', '--repo', missing], {
      env: { ...process.env, FLOTILLA_DEBUG: '1' },
      encoding: 'utf8',
    });
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/at .*src\/source\/locate-repository\.ts:\d+:\d+/);
  });
});
