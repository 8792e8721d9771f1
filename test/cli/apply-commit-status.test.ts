import { spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { REPO_ROOT } from './run-cli.ts';
import type { CliResult } from './run-cli.ts';

/** The CLI in a child process without blocking this one: the stand-in host must answer meanwhile. */
function runCliAsync(args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'bin/run.js'), ...args], {
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const requests: { method: string; path: string; auth: string | undefined; body: { state: string; context: string; description: string } }[] = [];
let server: Server;
let api: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => {
      text += c.toString();
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(text) });
      res.writeHead(201).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  removeFixtures();
});

describe('apply --commit-status', { timeout: 120_000 }, () => {
  it('sets one status per cluster on the source commit: failure where the cluster could not be reached', async () => {
    const repo = createGitRepo();
    cpSync(join(REPO_ROOT, 'examples/repo'), repo.dir, { recursive: true });
    const commit = repo.commit('examples/repo');
    const out = await runCliAsync(
      ['apply', '--repo', repo.dir, '--kubeconfig', join(repo.dir, 'missing-kubeconfig'), '--commit-status', 'github', '--commit-status-url', api],
      { GITHUB_TOKEN: 'ghs_test', GITHUB_REPOSITORY: 'acme/fleet' },
    );
    expect(out.code).toBe(1);
    expect(requests.map((r) => [r.method, r.path, r.auth])).toEqual(
      ['member1', 'member2', 'member3'].map(() => ['POST', `/repos/acme/fleet/statuses/${commit}`, 'Bearer ghs_test']),
    );
    expect(requests.map((r) => [r.body.context, r.body.state]).sort()).toEqual([
      ['flotilla/member1', 'failure'],
      ['flotilla/member2', 'failure'],
      ['flotilla/member3', 'failure'],
    ]);
    expect(requests[0]!.body.description).toMatch(/^member\d: failed: kubeconfig .*missing-kubeconfig/);
  });

  it('refuses to start without a token, before applying anything', async () => {
    requests.length = 0;
    const out = await runCliAsync(['apply', '--repo', '.', '--commit-status', 'gitlab', '--commit-status-url', api], { CI_PROJECT_ID: '7' });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('Error: --commit-status gitlab: no token: set GITLAB_TOKEN');
    expect(requests).toEqual([]);
  });
});
