// flotilla run against the local fleet: the local watch, resync correcting drift,
// the remote path with the webhook, kill -9 mid-pass then restart, metrics.
import { createHmac } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { startGitHttpServer } from '../source/helpers/git-http-server.ts';
import { configMap, FleetRepo, policy } from './helpers/apply-fleet.ts';
import { apiFor, fleetKubeconfig, memberNames } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { cleanUpRunProcesses, metricValue, startRun } from './helpers/run-process.ts';
import type { RunProcess } from './helpers/run-process.ts';
import { waitFor } from '../helpers/wait.ts';

const CONFIGMAPS = policy([['v1', 'ConfigMap']]);
const git = (dir: string, ...args: string[]): string =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  }).trim();

/** Waits until the ConfigMap in `member` holds `data`. */
function dataIn(member: string, namespace: string, name: string, data: Record<string, string>, timeoutMs = 30_000): Promise<true> {
  return waitFor(
    `ConfigMap ${namespace}/${name} in ${member} to hold ${JSON.stringify(data)}`,
    async () => {
      const cm = await apiFor(member, CoreV1Api).readNamespacedConfigMap({ name, namespace });
      return JSON.stringify(cm.data) === JSON.stringify(data) ? true : undefined;
    },
    { timeoutMs, intervalMs: 200 },
  );
}

// An inventory of the test's own: another file's prune on the shared members never sees its objects.
function common(repo: string, inventory: string): string[] {
  const args = ['--repo', repo, '--kubeconfig', fleetKubeconfig(), '--inventory-name', inventory];
  return [...args, '--metrics-addr', '127.0.0.1:0', '--probe-interval', '1h'];
}

/** A bare copy of `repo`'s main served over http: `push` sends main there again. */
async function servedRemote(repo: FleetRepo) {
  const root = mkdtempSync(join(tmpdir(), 'flotilla-run-remote-'));
  const gitdir = join(root, 'fleet.git');
  git(root, 'init', '-q', '--bare', '-b', 'main', 'fleet.git');
  git(gitdir, 'config', 'http.receivepack', 'true');
  const push = (): void => void git(repo.dir, 'push', '-q', gitdir, 'main');
  push();
  const server = await startGitHttpServer(root);
  return { url: `${server.url}/fleet.git`, gitdir, push, close: () => server.close() };
}

/** The triggers of every pass the run started, in order. */
const triggersOfPasses = (run: RunProcess): unknown[] => run.records.filter((r) => r['msg'] === 'pass started').map((r) => r['triggers']);

/** Waits until the run's last pass has finished and it has logged nothing for 2 s. */
function idle(run: RunProcess): Promise<true> {
  return waitFor(
    'the run to be idle',
    async () => {
      const passes = run.records.filter((r) => r['msg'] === 'pass started' || r['msg'] === 'pass finished');
      const last = run.records.at(-1);
      return passes.at(-1)?.['msg'] === 'pass finished' && typeof last?.['time'] === 'number' && Date.now() - last['time'] > 2_000 ? true : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
}

/** A run started on a commit of 40 ConfigMaps, caught once its first pass has applied an object. */
async function midPass(ns: string, prefix: string) {
  const repo = new FleetRepo(ns);
  const names = Array.from({ length: 40 }, (_, i) => `${prefix}-${i}`);
  repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': names.map((n) => configMap(ns, n, { k: n })).join('\n---\n') });
  const head = git(repo.dir, 'rev-parse', 'HEAD');
  const run = startRun([...common(repo.dir, repo.inventoryName), '--resync', '0']);
  await run.waitForLog('the first pass to start', (r) => r['msg'] === 'pass started');
  await waitFor(
    'the first object in a member',
    async () => {
      const list = await apiFor('member1', CoreV1Api).listNamespacedConfigMap({ namespace: ns, labelSelector: 'flotilla.io/managed-by=flotilla' });
      return list.items.length > 0 ? true : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 20 },
  );
  return { ns, repo, names, head, run };
}

describe('flotilla run', () => {
  const namespace = fleetNamespace('run');
  cleanUpRunProcesses();

  it('applies a new commit within seconds through the local watch, writes status once per commit, and exports metrics', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'watched', { k: '1' }) });
    const run = startRun([...common(repo.dir, repo.inventoryName), '--resync', '0']);
    await dataIn('member3', ns, 'watched', { k: '1' });
    await run.waitForLog('the first pass to finish', (r) => r['msg'] === 'pass finished');

    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'watched', { k: '2' }) });
    const head = git(repo.dir, 'rev-parse', 'HEAD');
    await Promise.all(memberNames.map((m) => dataIn(m, ns, 'watched', { k: '2' }, 10_000)));
    await run.waitForLog('the pass of the new commit', (r) => r['msg'] === 'pass finished' && r['commit'] === head && r['ok'] === true);

    expect(JSON.parse(git(repo.dir, 'show', 'status:summary.json')).sourceCommit).toBe(head);
    // The status commits went to the same repository and triggered nothing: besides the first pass,
    // one pass took the new commit (the watch's, or a start-up pass after the members were first
    // observed that read it first), and the loop is idle after it.
    await idle(run);
    const passes = triggersOfPasses(run);
    expect(passes.length, JSON.stringify(passes)).toBeLessThanOrEqual(3);
    expect(passes.filter((t) => Array.isArray(t) && t.includes('watch')).length).toBeLessThanOrEqual(1);
    const text = await run.metrics();
    expect(metricValue(text, `flotilla_last_reconciled_commit_info{commit="${head}"}`)).toBe(1);
    expect(metricValue(text, 'flotilla_objects_applied_total{cluster="member1",action="configured"}')).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'flotilla_pass_duration_seconds_count{result="ok"}')).toBe(passes.length);
    const url = String((await run.waitForLog('metrics', (r) => r['msg'] === 'metrics listening'))['url']);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(await run.stop()).toBe(0);
  });

  it('corrects drift in a member on resync', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'drifty', { k: 'desired' }) });
    startRun([...common(repo.dir, repo.inventoryName), '--resync', '2s']);
    await dataIn('member2', ns, 'drifty', { k: 'desired' });
    const core = apiFor('member2', CoreV1Api);
    const live = await core.readNamespacedConfigMap({ name: 'drifty', namespace: ns });
    await core.replaceNamespacedConfigMap({ name: 'drifty', namespace: ns, body: { ...live, data: { k: 'edited by hand' } } });
    await dataIn('member2', ns, 'drifty', { k: 'desired' }, 20_000);
  });

  it('follows a remote served over http on a signed webhook push, and refuses a bad signature', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'remote', { k: '1' }) });
    const remote = await servedRemote(repo);
    try {
      const run = startRun([
        ...common(remote.url, repo.inventoryName),
        '--ref',
        'main',
        '--poll',
        '1h',
        '--resync',
        '0',
        '--webhook-addr',
        '127.0.0.1:0',
        '--webhook-secret',
        'hook-secret',
      ]);
      await dataIn('member1', ns, 'remote', { k: '1' });
      const hook = String((await run.waitForLog('the webhook to listen', (r) => r['msg'] === 'webhook listening'))['url']);
      await idle(run);
      const before = triggersOfPasses(run).length;

      repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'remote', { k: '2' }) });
      remote.push();
      const body = JSON.stringify({ ref: 'refs/heads/main', after: git(repo.dir, 'rev-parse', 'HEAD') });
      const send = (secret: string) =>
        fetch(hook, {
          method: 'POST',
          body,
          headers: { 'x-github-event': 'push', 'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` },
        });
      expect((await send('wrong-secret')).status).toBe(401);
      expect((await send('hook-secret')).status).toBe(202);
      await Promise.all(memberNames.map((m) => dataIn(m, ns, 'remote', { k: '2' }, 20_000)));
      // The refused push started nothing; the signed one started exactly one pass.
      expect(triggersOfPasses(run).slice(before)).toEqual([['webhook']]);
    } finally {
      await remote.close();
    }
  });

  it('follows a remote served over http by polling it, and pushes its status branch there', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'polled', { k: '1' }) });
    const remote = await servedRemote(repo);
    try {
      const run = startRun([...common(remote.url, repo.inventoryName), '--ref', 'main', '--poll', '1s', '--resync', '0']);
      await dataIn('member1', ns, 'polled', { k: '1' });
      // Start-up passes (the first, and the one after it first observes the members) fetch too:
      // the commit is pushed only once the loop is idle, so that polling alone can find it.
      await idle(run);
      repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'polled', { k: '2' }) });
      remote.push();
      const head = git(repo.dir, 'rev-parse', 'HEAD');
      await Promise.all(memberNames.map((m) => dataIn(m, ns, 'polled', { k: '2' }, 20_000)));
      expect(triggersOfPasses(run)).toContainEqual(['poll']);
      // Until the remote has a status branch, git show fails, and waitFor tries again.
      const pushed = (): string =>
        (
          JSON.parse(
            execFileSync('git', ['--git-dir', remote.gitdir, 'show', 'status:summary.json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
          ) as { sourceCommit: string }
        ).sourceCommit;
      await waitFor('the status branch pushed to the remote for the new commit', async () => (pushed() === head ? true : undefined), {
        timeoutMs: 20_000,
        intervalMs: 200,
      });
    } finally {
      await remote.close();
    }
  });

  it('on SIGTERM in the middle of a pass finishes it, status included, and exits 0', async () => {
    const { ns, repo, names, head, run } = await midPass(namespace(), 'term');
    const asked = Date.now();
    expect(await run.stop()).toBe(0);
    // It exits once the pass is done, not when a controller's timer would next fire (the descheduler's is 2 minutes away).
    expect(Date.now() - asked).toBeLessThan(60_000);
    expect(run.records.some((r) => r['msg'] === 'pass finished' && r['commit'] === head)).toBe(true);
    for (const m of memberNames) {
      const list = await apiFor(m, CoreV1Api).listNamespacedConfigMap({ namespace: ns, labelSelector: 'flotilla.io/managed-by=flotilla' });
      expect(list.items.map((c) => c.metadata?.name).sort(), `ConfigMaps in ${m}`).toEqual([...names].sort());
    }
    // The pass's status commit is whole: every template's binding document is in it.
    expect(JSON.parse(git(repo.dir, 'show', 'status:summary.json')).sourceCommit).toBe(head);
    const documents = git(repo.dir, 'ls-tree', '-r', '--name-only', 'status', `resources/core/ConfigMap/${ns}/`).split('\n');
    expect(documents.sort()).toEqual(names.map((n) => `resources/core/ConfigMap/${ns}/${n}.yaml`).sort());
  });

  it('converges after kill -9 in the middle of a pass: every object there once, one status commit for the commit', async () => {
    const { ns, repo, names, head, run: first } = await midPass(namespace(), 'cm');
    await first.kill();

    const second = startRun([...common(repo.dir, repo.inventoryName), '--resync', '0']);
    await second.waitForLog('the pass after restart', (r) => r['msg'] === 'pass finished' && r['ok'] === true && r['commit'] === head);
    for (const m of memberNames) {
      const list = await apiFor(m, CoreV1Api).listNamespacedConfigMap({ namespace: ns, labelSelector: 'flotilla.io/managed-by=flotilla' });
      expect(list.items.map((c) => c.metadata?.name).sort()).toEqual([...names].sort());
    }
    const statusLog = git(repo.dir, 'log', 'status', '--format=%B');
    expect(statusLog.split(`Source-Commit: ${head}`).length - 1).toBe(1);
  });
});
