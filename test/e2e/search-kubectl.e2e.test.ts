// kubectl as the client of the search cache (issue 31, item 9), on the local fleet: `run
// --search-addr` over TLS with a self-signed certificate, and the real kubectl of the fleet's
// binaries reading every member's Deployments through Karmada's proxy path in one "context":
// discovery, list, selectors, one object, a refused delete, a refused request without the token,
// and a watch that sees a change made in a member. `flotilla get --from` reads the same server.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppsV1Api } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedBinaries } from '../../scripts/fleet/build.ts';
import { waitFor } from '../helpers/wait.ts';
import { selfSignedCert } from '../helpers/self-signed.ts';
import { FleetRepo } from './helpers/apply-fleet.ts';
import { removeSearchFleet, searchDeployment, searchFleetFiles, searchRegistry } from './helpers/search-fleet.ts';
import { apiFor, fleetKubeconfig, memberNames } from './helpers/fleet.ts';
import { type RunProcess, startRun } from './helpers/run-process.ts';

const CLI = fileURLToPath(new URL('../../bin/run.js', import.meta.url));
const ID = randomBytes(4).toString('hex');
const NS = `kubectl-${ID}`;
const TOKEN = `token-${randomBytes(12).toString('hex')}`;
const PROXY = '/apis/search.karmada.io/v1alpha1/proxying/karmada/proxy';
const CACHE = '/apis/search.karmada.io/v1alpha1/search/cache';

const deployment = (name: string) => searchDeployment(NS, ID, name);

const FILES = { ...searchFleetFiles(NS, ID), 'registry.yaml': searchRegistry(NS, `kubectl-${ID}`) };

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

const outcome = (resolve: (o: Outcome) => void) => (error: Error | null, stdout: string, stderr: string) =>
  resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });

describe('kubectl through the search proxy', () => {
  const repo = new FleetRepo(NS);
  const tls = selfSignedCert(join(repo.dir, '..'), `search-${ID}`);
  // No kubeconfig of the machine's is read: the flags are the whole configuration, as a user's context would be.
  const emptyKubeconfig = join(repo.dir, '..', `kubeconfig-empty-${ID}`);
  let kubectlBin = '';
  let url = '';
  let run: RunProcess;

  /** kubectl ARGS against `server` (the proxy by default), with the token unless told otherwise. */
  const kubectl = (args: readonly string[], options: { server?: string; token?: string | null } = {}): Promise<Outcome> => {
    const { server = `${url}${PROXY}`, token = TOKEN } = options;
    const auth = token === null ? [] : ['--token', token];
    const all = ['--server', server, '--certificate-authority', tls.cert, ...auth, ...args];
    return new Promise((resolve) => execFile(kubectlBin, all, { env: { ...process.env, KUBECONFIG: emptyKubeconfig }, timeout: 60_000 }, outcome(resolve)));
  };
  /** `CLUSTER/NAMESPACE/NAME` of each row kubectl printed with `-A` (`CLUSTER/NAME` without), as printed. */
  const rows = (stdout: string): string[] => {
    const [header = '', ...lines] = stdout.trimEnd().split('\n');
    const columns = header.split(/\s+/);
    const at = (name: string) => columns.indexOf(name);
    return lines
      .map((line) => line.split(/\s+/))
      .map((cells) => [cells[at('CLUSTER')], ...(at('NAMESPACE') >= 0 ? [cells[at('NAMESPACE')]] : []), cells[at('NAME')]].join('/'));
  };

  beforeAll(async () => {
    kubectlBin = (await cachedBinaries())?.kubectl ?? '';
    if (!kubectlBin) throw new Error('no cached kubectl: the fleet binaries were not built (npm run clusters:up)');
    writeFileSync(emptyKubeconfig, 'apiVersion: v1\nkind: Config\n');
    repo.commit(FILES);
    const applied = await repo.apply();
    expect(applied.clusters.map((c) => [c.cluster, c.error ?? null])).toEqual(memberNames.map((m) => [m, null]));
    const tokenFile = join(repo.dir, '..', `search-token-${ID}`);
    writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
    run = startRun(
      ['--repo', repo.dir, '--kubeconfig', fleetKubeconfig(), '--inventory-name', repo.inventoryName, '--resync', '0']
        .concat(['--search-addr', '127.0.0.1:0', '--search-token-file', tokenFile])
        .concat(['--search-tls-cert-file', tls.cert, '--search-tls-key-file', tls.key]),
    );
    ({ url } = (await run.waitForLog('the search server', (r) => r['msg'] === 'search cache listening')) as { url: string });
    await waitFor(
      'the cache to hold every member’s Deployments',
      async () => {
        const out = await kubectl(['get', 'deployments', '-n', NS]);
        return out.code === 0 && rows(out.stdout).length === 3 ? true : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 1000 },
    );
  }, 180_000);

  afterAll(async () => {
    expect(run.records.some((r) => JSON.stringify(r).includes(TOKEN))).toBe(false);
    await run.stop();
    await removeSearchFleet(NS, repo.inventoryName);
  });

  it('serves https, and kubectl get --raw of the cache path sends its token over it', async () => {
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const { code, stdout, stderr } = await kubectl(['get', '--raw', `${CACHE}/apis/apps/v1/namespaces/${NS}/deployments`], { server: url });
    expect([code, stderr]).toEqual([0, '']);
    const list = JSON.parse(stdout) as { kind: string; items: { metadata: { name: string; annotations: Record<string, string> } }[] };
    expect(list.kind).toBe('DeploymentList');
    expect(list.items.map((i) => `${i.metadata.annotations['resource.karmada.io/cached-from-cluster']}/${i.metadata.name}`)).toEqual([
      'member1/web',
      'member2/web',
      'member3/api',
    ]);
  });

  it('get deployments -A lists every member’s Deployments through one server, each annotated with its member', async () => {
    const table = await kubectl(['get', 'deployments', '-A', '-l', `search-e2e=${ID}`]);
    expect([table.code, table.stderr]).toEqual([0, '']);
    // kubectl's Table, its columns for Deployments with the member after NAME.
    expect(table.stdout.split('\n')[0]).toMatch(/^NAMESPACE\s+NAME\s+CLUSTER\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE$/);
    expect(rows(table.stdout)).toEqual([`member1/${NS}/web`, `member2/${NS}/web`, `member3/${NS}/api`]);
    const json = await kubectl(['get', 'deploy', '-A', '-l', `search-e2e=${ID}`, '-o', 'json']);
    const list = JSON.parse(json.stdout) as { items: { metadata: { name: string; annotations: Record<string, string> } }[] };
    expect(list.items.map((i) => `${i.metadata.annotations['resource.karmada.io/cached-from-cluster']}/${i.metadata.name}`)).toEqual([
      'member1/web',
      'member2/web',
      'member3/api',
    ]);
  });

  it.each([
    [['-A', '-l', 'app=api'], [`member3/${NS}/api`]],
    [
      ['-A', '-l', `search-e2e=${ID},app notin (api)`],
      [`member1/${NS}/web`, `member2/${NS}/web`],
    ],
    [['-A', '--field-selector', `metadata.namespace=${NS},metadata.name=api`], [`member3/${NS}/api`]],
    [
      ['-A', '--field-selector', `metadata.namespace=${NS}`],
      [`member1/${NS}/web`, `member2/${NS}/web`, `member3/${NS}/api`],
    ],
    [['-A', '--field-selector', 'metadata.namespace=no-such-namespace'], []],
  ])('get deployments %j', async (args, want) => {
    const { code, stdout } = await kubectl(['get', 'deployments', ...args]);
    expect(code).toBe(0);
    expect(want.length === 0 ? stdout : rows(stdout)).toEqual(want.length === 0 ? '' : want);
  });

  it('get deployment NAME -n NS -o yaml gets the one object of that name, naming its member', async () => {
    const { code, stdout } = await kubectl(['get', 'deployment', 'api', '-n', NS, '-o', 'yaml']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^kind: Deployment$/m);
    expect(stdout).toContain('resource.karmada.io/cached-from-cluster: member3');
    // As Karmada's proxy answers a name held by several members: a conflict naming them.
    const ambiguous = await kubectl(['get', 'deployment', 'web', '-n', NS]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain('Error from server (Conflict)');
    expect(ambiguous.stderr).toContain('ambiguous objects in clusters [member1, member2]');
  });

  it('refuses a delete with MethodNotAllowed, and the member keeps its Deployment', async () => {
    const { code, stderr } = await kubectl(['delete', 'deployment', 'api', '-n', NS]);
    expect(code).toBe(1);
    expect(stderr).toContain('Error from server (MethodNotAllowed)');
    const kept = await apiFor('member3', AppsV1Api).readNamespacedDeployment({ name: 'api', namespace: NS });
    expect(kept.metadata?.deletionTimestamp).toBeUndefined();
  });

  it('refuses a request without the token or with a wrong one (401), showing nothing', async () => {
    const anonymous = await new Promise<{ status: number; body: string }>((resolve, reject) =>
      httpsGet(`${url}${PROXY}/apis/apps/v1/namespaces/${NS}/deployments`, { ca: readFileSync(tls.cert) }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      }).on('error', reject),
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toContain('web');
    // kubectl without any credentials asks for a user name at the terminal; with a user and password it sends them, and no token.
    const none = await kubectl(['get', '--raw', `${PROXY}/apis/apps/v1/namespaces/${NS}/deployments`, '--username', 'me', '--password', 'pw'], {
      token: null,
    });
    expect(none.code).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/Unauthorized|must be logged in/);
    const wrong = await kubectl(['get', 'deployments', '-A'], { token: 'not-the-token' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/Unauthorized|must be logged in/);
    expect(wrong.stdout).not.toContain('web');
  });

  it('get deployments -w prints the current ones, then a Deployment created in a member', async () => {
    const watcher = spawn(
      kubectlBin,
      ['--server', `${url}${PROXY}`, '--certificate-authority', tls.cert, '--token', TOKEN, 'get', 'deployments', '-n', NS, '-w', '--no-headers'],
      { env: { ...process.env, KUBECONFIG: emptyKubeconfig }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let printed = '';
    watcher.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    try {
      const names = () => printed.split('\n').map((line) => line.split(/\s+/)[0] ?? '');
      await waitFor('the current Deployments', async () => (names().filter((n) => n !== '').length >= 3 ? true : undefined), {
        timeoutMs: 30_000,
        intervalMs: 100,
      });
      expect(
        printed
          .split('\n')
          .slice(0, 3)
          .map((line) => line.split(/\s+/).slice(0, 2).join('/')),
      ).toEqual(['web/member1', 'web/member2', 'api/member3']);
      await apiFor('member2', AppsV1Api).createNamespacedDeployment({ namespace: NS, body: JSON.parse(deployment('side')) });
      await waitFor('the new Deployment in the watch', async () => (names().includes('side') ? true : undefined), {
        timeoutMs: 30_000,
        intervalMs: 100,
      });
    } finally {
      watcher.kill();
    }
  });

  it('flotilla get --from reads the same server over TLS', async () => {
    const out = await new Promise<Outcome>((resolve) =>
      execFile(
        process.execPath,
        [CLI, 'get', 'deploy', '-n', NS, '-l', 'app=api', '--from', url, '--no-color'],
        { env: { ...process.env, FLOTILLA_SEARCH_TOKEN: TOKEN, NODE_EXTRA_CA_CERTS: tls.cert }, timeout: 60_000 },
        outcome(resolve),
      ),
    );
    expect([out.code, out.stderr]).toEqual([0, '']);
    expect(out.stdout).toMatch(/\bapi\s+member3\b/);
  });
});
