import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GitHubStatusReporter, GitLabStatusReporter, reporterFromEnvironment, RolloutStatuses } from '../../src/commit-status/index.ts';
import { CommitStatusConfigError, CommitStatusFailedError } from '../../src/commit-status/index.ts';

const SHA = '0123456789abcdef0123456789abcdef01234567';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A stand-in for the git host's API on 127.0.0.1: records every request, answers from `answer`. */
let server: Server;
let base: string;
let requests: Recorded[] = [];
let answer: (r: Recorded, n: number) => { status: number; body: string } = () => ({ status: 201, body: '{}' });

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : undefined };
      requests.push(recorded);
      const { status, body } = answer(recorded, requests.length);
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  requests = [];
  answer = () => ({ status: 201, body: '{}' });
});

const FAST = { retry: { baseDelayMs: 1, maxDelayMs: 2 }, timeoutMs: 5_000 };

describe('GitHub commit statuses', () => {
  it('POSTs the status to /repos/{owner}/{repo}/statuses/{sha} with the token and API version', async () => {
    const github = new GitHubStatusReporter({ apiUrl: `${base}/api/v3/`, repository: 'acme/fleet', token: 'ghs_secret', http: FAST });
    await github.report(SHA, { context: 'flotilla/member1', state: 'success', description: 'member1: 3 created, 12 unchanged', targetUrl: 'https://ci/run/7' });
    expect(requests).toHaveLength(1);
    const [r] = requests;
    expect(r!.method).toBe('POST');
    expect(r!.path).toBe(`/api/v3/repos/acme/fleet/statuses/${SHA}`);
    expect(r!.headers).toMatchObject({
      authorization: 'Bearer ghs_secret',
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'content-type': 'application/json',
      'user-agent': 'flotilla',
    });
    expect(r!.body).toEqual({ state: 'success', context: 'flotilla/member1', description: 'member1: 3 created, 12 unchanged', target_url: 'https://ci/run/7' });
  });

  it("cuts a description to GitHub's 140 characters", async () => {
    const github = new GitHubStatusReporter({ apiUrl: base, repository: 'acme/fleet', token: 't', http: FAST });
    await github.report(SHA, { context: 'flotilla/member1', state: 'failure', description: `failed: ${'x'.repeat(300)}` });
    const description = (requests[0]!.body as { description: string }).description;
    expect(description).toHaveLength(140);
    expect(description.endsWith('…')).toBe(true);
    expect(requests[0]!.body).not.toHaveProperty('target_url');
  });

  it("retries a 5xx and gives up on a 4xx with the host's answer", async () => {
    answer = (_r, n) => (n === 1 ? { status: 502, body: 'bad gateway' } : { status: 201, body: '{}' });
    const github = new GitHubStatusReporter({ apiUrl: base, repository: 'acme/fleet', token: 't', http: FAST });
    await github.report(SHA, { context: 'flotilla/member1', state: 'pending', description: 'applying' });
    expect(requests).toHaveLength(2);

    requests = [];
    answer = () => ({ status: 404, body: '{"message":"Not Found"}' });
    const error = await github.report(SHA, { context: 'flotilla/member1', state: 'pending', description: 'applying' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommitStatusFailedError);
    expect((error as Error).message).toBe('commit status flotilla/member1 on GitHub: HTTP 404: {"message":"Not Found"}');
    expect(requests).toHaveLength(1);
  });

  it('says so when the host cannot be reached', async () => {
    const github = new GitHubStatusReporter({
      apiUrl: 'http://127.0.0.1:1',
      repository: 'acme/fleet',
      token: 't',
      http: { ...FAST, retry: { retries: 1, baseDelayMs: 1 } },
    });
    await expect(github.report(SHA, { context: 'flotilla/m', state: 'success', description: 'ok' })).rejects.toThrow(/^commit status flotilla\/m on GitHub: /);
  });
});

describe('GitLab commit statuses', () => {
  it("POSTs to /projects/{id}/statuses/{sha} with PRIVATE-TOKEN and GitLab's state names", async () => {
    const gitlab = new GitLabStatusReporter({ apiUrl: `${base}/api/v4`, project: 'platform/fleet', token: 'glpat-secret', http: FAST });
    await gitlab.report(SHA, { context: 'flotilla/member1', state: 'pending', description: 'applying 3 objects', targetUrl: 'https://gitlab/job/9' });
    await gitlab.report(SHA, { context: 'flotilla/member1', state: 'failure', description: 'member1: 1 failed' });
    await gitlab.report(SHA, { context: 'flotilla/member2', state: 'success', description: 'member2: 4 unchanged' });
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', `/api/v4/projects/platform%2Ffleet/statuses/${SHA}`],
      ['POST', `/api/v4/projects/platform%2Ffleet/statuses/${SHA}`],
      ['POST', `/api/v4/projects/platform%2Ffleet/statuses/${SHA}`],
    ]);
    expect(requests[0]!.headers['private-token']).toBe('glpat-secret');
    expect(requests[0]!.headers['authorization']).toBeUndefined();
    expect(requests.map((r) => r.body)).toEqual([
      { state: 'running', name: 'flotilla/member1', description: 'applying 3 objects', target_url: 'https://gitlab/job/9' },
      { state: 'failed', name: 'flotilla/member1', description: 'member1: 1 failed' },
      { state: 'success', name: 'flotilla/member2', description: 'member2: 4 unchanged' },
    ]);
  });

  it('takes "already in that state" as done', async () => {
    answer = () => ({ status: 400, body: '{"message":"Cannot transition status via :run from :running"}' });
    const gitlab = new GitLabStatusReporter({ apiUrl: base, project: '42', token: 't', http: FAST });
    await gitlab.report(SHA, { context: 'flotilla/member1', state: 'pending', description: 'applying' });
    expect(requests).toHaveLength(1);
  });
});

describe('reporterFromEnvironment', () => {
  it("reads GitHub Actions' variables, the flag before the environment for the API base", async () => {
    const env = {
      GITHUB_TOKEN: 't',
      GITHUB_REPOSITORY: 'acme/fleet',
      GITHUB_API_URL: 'http://unused.invalid',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '77',
    };
    const configured = reporterFromEnvironment({ host: 'github', apiUrl: base }, env);
    expect(configured.targetUrl).toBe('https://github.com/acme/fleet/actions/runs/77');
    await configured.reporter.report(SHA, { context: 'c', state: 'success', description: 'd' });
    expect(requests[0]!.path).toBe(`/repos/acme/fleet/statuses/${SHA}`);
    expect(reporterFromEnvironment({ host: 'github' }, { ...env, FLOTILLA_COMMIT_STATUS_URL: base }).reporter).toBeInstanceOf(GitHubStatusReporter);
  });

  it("reads GitLab CI's variables", async () => {
    const configured = reporterFromEnvironment(
      { host: 'gitlab' },
      { GITLAB_TOKEN: 't', CI_PROJECT_ID: '1234', CI_API_V4_URL: `${base}/api/v4`, CI_JOB_URL: 'https://gitlab/job/1' },
    );
    expect(configured.targetUrl).toBe('https://gitlab/job/1');
    await configured.reporter.report(SHA, { context: 'c', state: 'success', description: 'd' });
    expect(requests[0]!.path).toBe(`/api/v4/projects/1234/statuses/${SHA}`);
  });

  it('refuses without a token or a repository, naming what is missing', () => {
    expect(() => reporterFromEnvironment({ host: 'github' }, { GITHUB_REPOSITORY: 'acme/fleet' })).toThrow(
      '--commit-status github: no token: set GITHUB_TOKEN',
    );
    expect(() => reporterFromEnvironment({ host: 'github' }, { GITHUB_TOKEN: 't' })).toThrow(CommitStatusConfigError);
    expect(() => reporterFromEnvironment({ host: 'github', repository: 'fleet' }, { GITHUB_TOKEN: 't' })).toThrow('repository "fleet" is not owner/repo');
    expect(() => reporterFromEnvironment({ host: 'gitlab' }, { GITLAB_TOKEN: 't' })).toThrow('--commit-status gitlab: no project');
  });
});

describe('RolloutStatuses', () => {
  it('reports pending per cluster as it starts, then its outcome, one context per cluster', async () => {
    const github = new GitHubStatusReporter({ apiUrl: base, repository: 'acme/fleet', token: 't', http: FAST });
    const statuses = new RolloutStatuses({ reporter: github, targetUrl: 'https://ci/run/1' }, SHA);
    statuses.started('member1', 3);
    statuses.started('member2', 1);
    const refused = await statuses.finish([
      { cluster: 'member1', state: 'success', description: 'member1: 3 created' },
      { cluster: 'member2', state: 'failure', description: 'member2: 1 failed' },
    ]);
    expect(refused).toEqual([]);
    const sent = requests.map((r) => r.body as { context: string; state: string; description: string });
    expect(
      sent
        .slice(0, 2)
        .map((b) => [b.context, b.state, b.description])
        .sort(),
    ).toEqual([
      ['flotilla/member1', 'pending', 'applying 3 objects'],
      ['flotilla/member2', 'pending', 'applying 1 object'],
    ]);
    expect(sent.slice(2).map((b) => [b.context, b.state])).toEqual([
      ['flotilla/member1', 'success'],
      ['flotilla/member2', 'failure'],
    ]);
  });

  it('returns the reports the host refused instead of throwing, and marks started clusters error on abort', async () => {
    answer = (r) => ((r.body as { context: string }).context === 'fleet-a/member2' ? { status: 422, body: 'no' } : { status: 201, body: '{}' });
    const github = new GitHubStatusReporter({ apiUrl: base, repository: 'acme/fleet', token: 't', http: FAST });
    const statuses = new RolloutStatuses({ reporter: github }, SHA, 'fleet-a');
    statuses.started('member1', 2);
    statuses.started('member2', 2);
    const refused = await statuses.abort('cannot read the repository');
    expect(refused.map((e) => e.message)).toEqual([
      'commit status fleet-a/member2 on GitHub: HTTP 422: no',
      'commit status fleet-a/member2 on GitHub: HTTP 422: no',
    ]);
    expect(requests.filter((r) => (r.body as { state: string }).state === 'error').map((r) => r.body)).toEqual([
      { context: 'fleet-a/member1', state: 'error', description: 'flotilla apply failed: cannot read the repository' },
      { context: 'fleet-a/member2', state: 'error', description: 'flotilla apply failed: cannot read the repository' },
    ]);
  });
});
