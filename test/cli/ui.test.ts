// `flotilla ui` and `run --ui-addr` as a user runs them: a non-loopback address is refused
// without a token and TLS, and with both the view is served over HTTPS behind the token.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UiFleet } from '../ui/helpers/ui-fleet.ts';
import { REPO_ROOT, runCli } from './run-cli.ts';

let fleet: UiFleet;
const dir = mkdtempSync(join(tmpdir(), 'flotilla-ui-tls-'));
const [cert, key, token] = ['tls.crt', 'tls.key', 'token'].map((f) => join(dir, f)) as [string, string, string];

beforeAll(() => {
  fleet = new UiFleet();
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', key, '-out', cert], {
    stdio: 'ignore',
  });
  writeFileSync(token, 'tls-token\n');
});
afterAll(() => fleet?.remove());

describe('flotilla ui on a non-loopback address', () => {
  it.each([
    [['ui', '--addr', '0.0.0.0:0'], 'needs --ui-token-file and --ui-tls-cert-file and --ui-tls-key-file'],
    [['ui', '--addr', '0.0.0.0:0', '--ui-token-file', token], 'needs --ui-tls-cert-file and --ui-tls-key-file'],
    [['run', '--ui-addr', '0.0.0.0:0', '--ui-tls-cert-file', cert, '--ui-tls-key-file', key], '--ui-addr: 0.0.0.0:0 is not a loopback address'],
  ])('%j is refused', (args, message) => {
    const out = runCli([...args, '--repo', fleet.dir]);
    expect(out.code).toBe(1);
    // oclif wraps long messages over lines that start with `›`.
    expect(out.stderr.replace(/\s*›\s*/g, ' ').replace(/\s+/g, ' ')).toContain(message);
  });

  it('serves over TLS behind the token with both', async () => {
    const child = spawn(
      process.execPath,
      [
        `${REPO_ROOT}bin/run.js`,
        'ui',
        '--repo',
        fleet.dir,
        '--addr',
        '0.0.0.0:0',
        '--ui-token-file',
        token,
        '--ui-tls-cert-file',
        cert,
        '--ui-tls-key-file',
        key,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          const match = /on (https:\/\/\S+)/.exec(d.toString());
          if (match) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const port = new URL(url).port;
      const get = (path: string, headers: Record<string, string> = {}) =>
        new Promise<number>((resolve, reject) => {
          request({ host: '127.0.0.1', port, path, headers, rejectUnauthorized: false }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
            .on('error', reject)
            .end();
        });
      expect(await get('/api/fleet')).toBe(401);
      expect(await get('/api/fleet', { authorization: 'Bearer tls-token' })).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

/** Starts `flotilla ui` on loopback and returns the command line its process runs once serving. */
async function servingCommandLine(env: NodeJS.ProcessEnv): Promise<string[]> {
  const child = spawn(process.execPath, [`${REPO_ROOT}bin/run.js`, 'ui', '--repo', fleet.dir, '--addr', '127.0.0.1:0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('Serving the fleet view')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    return readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
  } finally {
    child.kill('SIGTERM');
  }
}

describe('flotilla ui bounds its heap (docs/benchmarks.md, "Web view")', () => {
  it.each([
    [{}, ['--max-semi-space-size=2', '--heap-growing-percent=20'], []],
    [{ NODE_OPTIONS: '--max-semi-space-size=8' }, ['--heap-growing-percent=20'], ['--max-semi-space-size=2']],
  ])('with %j its process runs with %j and without %j', async (env, present, absent) => {
    const args = await servingCommandLine(env);
    for (const flag of present) expect(args).toContain(flag);
    for (const flag of absent) expect(args).not.toContain(flag);
  });
});
