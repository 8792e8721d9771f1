// Multi-cluster search on the local fleet (issue 21): `flotilla get` across the members, one of
// them down, and `flotilla run --search-addr` serving a ResourceRegistry's cache that follows a
// change made in a member, behind its token, and an empty list for a kind no registry caches.
// One namespace and inventory of its own, shared by every case: other tests' objects never change
// what these see.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppsV1Api } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FleetRepo } from './helpers/apply-fleet.ts';
import { removeSearchFleet, searchDeployment, searchFleetFiles, searchRegistry } from './helpers/search-fleet.ts';
import { apiFor, fleetKubeconfig, memberNames } from './helpers/fleet.ts';
import { cleanUpRunProcesses, startRun } from './helpers/run-process.ts';
import { waitFor } from '../helpers/wait.ts';

const CLI = fileURLToPath(new URL('../../bin/run.js', import.meta.url));
const ID = randomBytes(4).toString('hex');
const NS = `search-${ID}`;
const TOKEN = `token-${randomBytes(12).toString('hex')}`;
const LABEL = `search-e2e=${ID}`;

/** `flotilla ARGS`: its exit code and output. */
function flotilla(args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args, '--no-color'], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const deployment = (name: string) => searchDeployment(NS, ID, name);

const FILES = searchFleetFiles(NS, ID);
const REGISTRY = searchRegistry(NS, `apps-${ID}`);

/** The NAME and CLUSTER columns of `get`'s table, sorted as printed. */
function rows(stdout: string): string[] {
  const [header = '', ...lines] = stdout.trimEnd().split('\n');
  const columns = header.split(/\s+/);
  const [name, cluster] = [columns.indexOf('NAME'), columns.indexOf('CLUSTER')];
  return lines.map((l) => l.split(/\s+/)).map((cells) => `${cells[cluster]}/${cells[name]}`);
}

/** A TCP port nothing listens on: a member whose API server is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('multi-cluster search', () => {
  const repo = new FleetRepo(NS);
  cleanUpRunProcesses();

  beforeAll(async () => {
    repo.commit(FILES);
    const applied = await repo.apply();
    expect(applied.clusters.map((c) => [c.cluster, c.error ?? null])).toEqual(memberNames.map((m) => [m, null]));
  }, 120_000);

  afterAll(async () => {
    await removeSearchFleet(NS, repo.inventoryName);
  });

  it('get deployments -A lists each member’s Deployments with its member in the CLUSTER column', async () => {
    const { code, stdout, stderr } = await flotilla(['get', 'deployments', '-A', '-l', LABEL, '--repo', repo.dir, '--kubeconfig', fleetKubeconfig()]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^NAMESPACE\s+NAME\s+CLUSTER\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE$/);
    expect(rows(stdout)).toEqual(['member3/api', 'member1/web', 'member2/web']);

    const json = await flotilla(['get', 'deploy', '-n', NS, '-o', 'json', '--repo', repo.dir, '--kubeconfig', fleetKubeconfig()]);
    const list = JSON.parse(json.stdout) as {
      kind: string;
      items: { metadata: { name: string; annotations: Record<string, string>; managedFields?: unknown } }[];
    };
    expect(list.kind).toBe('List');
    expect(list.items.filter((i) => i.metadata.managedFields !== undefined)).toEqual([]);
    expect(list.items.map((i) => `${i.metadata.annotations['resource.karmada.io/cached-from-cluster']}/${i.metadata.name}`)).toEqual([
      'member3/api',
      'member1/web',
      'member2/web',
    ]);
  });

  it('a member that is down gets its error line, and the others still print (exit 1)', async () => {
    const port = await closedPort();
    const kubeconfig = join(repo.dir, '..', `kubeconfig-down-${ID}`);
    const config = parse(readFileSync(fleetKubeconfig(), 'utf8')) as { clusters: { name: string; cluster: { server: string } }[] };
    for (const c of config.clusters) if (c.name === 'member3') c.cluster.server = `https://127.0.0.1:${port}`;
    writeFileSync(kubeconfig, JSON.stringify(config));
    const { code, stdout, stderr } = await flotilla(['get', 'deployments', '-n', NS, '--repo', repo.dir, '--kubeconfig', kubeconfig]);
    expect(code).toBe(1);
    expect(rows(stdout)).toEqual(['member1/web', 'member2/web']);
    expect(stderr.trim()).toBe(`error: cluster member3: API server https://127.0.0.1:${port} is unreachable: connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('run --search-addr caches what a ResourceRegistry selects, follows a change within seconds, and refuses a request without the token', async () => {
    repo.commit({ ...FILES, 'registry.yaml': REGISTRY });
    const tokenFile = join(repo.dir, '..', `search-token-${ID}`);
    writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
    const run = startRun([
      '--repo',
      repo.dir,
      '--kubeconfig',
      fleetKubeconfig(),
      '--inventory-name',
      repo.inventoryName,
      '--resync',
      '0',
      '--search-addr',
      '127.0.0.1:0',
      '--search-token-file',
      tokenFile,
    ]);
    const { url } = (await run.waitForLog('the search server', (r) => r['msg'] === 'search cache listening')) as { url: string };
    const viaCache = () => flotilla(['get', 'deploy', '-n', NS, '--from', url], { FLOTILLA_SEARCH_TOKEN: TOKEN });
    const cached = await waitFor(
      'the cache to hold every member’s Deployments',
      async () => {
        const out = await viaCache();
        return out.code === 0 && rows(out.stdout).length === 3 ? out : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(rows(cached.stdout)).toEqual(['member3/api', 'member1/web', 'member2/web']);

    // A change made in a member, not through Flotilla: the cache's watch brings it within seconds.
    // Asked over HTTP, not through the CLI, whose start-up on a loaded machine would take most of them.
    const listed = `${url}/apis/search.karmada.io/v1alpha1/search/cache/apis/apps/v1/namespaces/${NS}/deployments`;
    const names = async (): Promise<string[]> => {
      const answer = await fetch(listed, { headers: { Authorization: `Bearer ${TOKEN}` } });
      const list = (await answer.json()) as { items: { metadata: { name: string } }[] };
      return list.items.map((item) => item.metadata.name);
    };
    await apiFor('member2', AppsV1Api).createNamespacedDeployment({ namespace: NS, body: JSON.parse(deployment('side')) });
    await waitFor('the new Deployment in the cache', async () => ((await names()).includes('side') ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 200,
    });
    expect(rows((await viaCache()).stdout)).toContain('member2/side');

    // Karmada's own e2e vector: a kind the members serve that no registry caches is an empty list, not an error.
    const uncached = await fetch(`${url}/apis/search.karmada.io/v1alpha1/search/cache/api/v1/services`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect([uncached.status, await uncached.json()]).toEqual([200, { apiVersion: 'v1', kind: 'ServiceList', metadata: {}, items: [] }]);
    const unknown = await fetch(`${url}/apis/search.karmada.io/v1alpha1/search/cache/apis/apps/v1/nosuchthings`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(unknown.status).toBe(404);

    const anonymous = await fetch(`${url}/apis/search.karmada.io/v1alpha1/search/cache/apis/apps/v1/namespaces/${NS}/deployments`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('web');
    const wrong = await flotilla(['get', 'deploy', '-n', NS, '--from', url, '--token', 'not-the-token']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/answered 401/);

    const record = await waitFor(
      'the cache on the status branch',
      async () => {
        const text = await new Promise<string>((resolve) =>
          execFile('git', ['-C', repo.dir, 'show', `status:registries/apps-${ID}.yaml`], (e, out) => resolve(e ? '' : out)),
        );
        const doc = parse(text || 'null') as { status?: { cachedResources?: { cluster: string; objects: number; syncedAt?: string }[] } } | null;
        const cached = doc?.status?.cachedResources ?? [];
        return cached.length === 3 && cached.every((c) => c.syncedAt) ? cached : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 1000 },
    );
    expect(record.map((c) => [c.cluster, c.objects])).toEqual([
      ['member1', 1],
      ['member2', expect.any(Number)],
      ['member3', 1],
    ]);
    expect(run.records.some((r) => JSON.stringify(r).includes(TOKEN))).toBe(false);
    expect(await run.stop()).toBe(0);
  });
});
