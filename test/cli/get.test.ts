// `flotilla get` in-process: its usage errors, and the whole command over a search cache.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Get from '../../src/cli/commands/get.ts';
import { MemorySearchStore } from '../../src/controllers/search-cache/memory-store.ts';
import { startSearchServer, type SearchServer } from '../../src/search/search-server.ts';
import { cachedDeployment, DEPLOYMENTS } from '../search/cache-fixture.ts';
import type { KubeObject } from '../../src/model/index.ts';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { REPO_ROOT } from './run-cli.ts';
import { FlotillaCommand } from '../../src/cli/base-command.ts';

/** Runs `get ARGV`: what it wrote to stdout and stderr, and its exit code. */
async function get(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    out.push(String(chunk));
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    done?.();
    return true;
  });
  const stderr = vi.spyOn(FlotillaCommand.prototype, 'logToStderr').mockImplementation((message?: string) => {
    err.push(`${message ?? ''}\n`);
  });
  let code = 0;
  try {
    await Get.run([...argv, '--no-color'], { root: REPO_ROOT });
  } catch (e) {
    code = (e as { oclif?: { exit?: number } }).oclif?.exit ?? 1;
    if (code !== 0) err.push(e instanceof Error ? e.message : String(e));
  } finally {
    write.mockRestore();
    stderr.mockRestore();
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const repo = createGitRepo();
repo.write(
  'clusters.yaml',
  ['member1', 'member2'].map((n) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${n}}\nspec: {}\n`).join('---\n'),
);
repo.commit('clusters');

const store = new MemorySearchStore();
const deploy = (cluster: string, name: string) =>
  cachedDeployment(cluster, 'shop', name, {
    // Twenty days old: kubectl prints whole days from eight on, so the age reads the same all day.
    metadata: { creationTimestamp: new Date(Date.now() - 20 * 86_400_000).toISOString() },
    spec: { replicas: 2 },
    status: { readyReplicas: 1, updatedReplicas: 2, availableReplicas: 1 },
  });
store.replace({ cluster: 'member1', resource: 'apps/v1/Deployment' }, [deploy('member1', 'web')], '1');
store.replace({ cluster: 'member2', resource: 'apps/v1/Deployment' }, [deploy('member2', 'web')], '1');
// As a member answers it: with managedFields, which the cache strips and get leaves out too.
const managed = cachedDeployment('member1', 'ops', 'tool', { metadata: { managedFields: [{ manager: 'kubectl', operation: 'Apply' }] } });
store.replace({ cluster: 'member1', resource: 'apps/v1/Deployment', namespace: 'ops' }, [managed], '1');
let server: SearchServer;
beforeAll(async () => {
  server = await startSearchServer({
    address: '127.0.0.1:0',
    token: 't',
    cache: { store, resources: () => [DEPLOYMENTS], problems: () => [], served: async () => undefined, subscribe: () => () => undefined },
  });
});
afterAll(async () => {
  await server.close();
  removeFixtures();
});

describe('flotilla get', () => {
  it.each([
    [['deploy/web', '-l', 'app=web'], 'selectors and the all flag cannot be used when passing resource/name arguments'],
    [['deploy', 'web', '-l', 'app=web'], 'name cannot be provided when a selector is specified'],
    [['deploy', 'web', '--field-selector', 'metadata.namespace=shop'], 'name cannot be provided when a selector is specified'],
    [['deploy/web', 'api'], 'there is a name in deploy/web already: give TYPE/NAME or TYPE NAME, not both'],
    [['deploy', '--repo', repo.dir, '--clusters', 'member1,nope'], '--clusters: no Cluster nope in the repository (it has member1, member2)'],
    [['deploy', '--from', 'http://127.0.0.1:9'], '--from needs the search token: --token, FLOTILLA_SEARCH_TOKEN or --token-file'],
  ])('%j is refused: %s', async (argv, message) => {
    const { code, stderr } = await get(argv);
    expect(code).toBe(1);
    expect(stderr).toContain(message);
  });

  it('--from prints the cache’s objects with kubectl’s columns and a CLUSTER column', async () => {
    const { code, stdout, stderr } = await get(['deploy', '-n', 'shop', '--from', server.url, '--token', 't']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n')).toEqual([
      'NAME   CLUSTER   READY   UP-TO-DATE   AVAILABLE   AGE',
      'web    member1   1/2     2            1           20d',
      'web    member2   1/2     2            1           20d',
    ]);
  });

  it('--from with a name finds it on the members that have it, and says NotFound when none has', async () => {
    expect((await get(['deployment', 'web', '-n', 'shop', '--from', server.url, '--token', 't', '-o', 'name'])).stdout.trimEnd().split('\n')).toEqual([
      'member1/deployment.apps/web',
      'member2/deployment.apps/web',
    ]);
    for (const format of ['table', 'json', 'yaml', 'name']) {
      const missing = await get(['deployment', 'nope', '-n', 'shop', '--from', server.url, '--token', 't', '-o', format]);
      expect([format, missing.code, missing.stdout]).toEqual([format, 1, '']);
      expect(missing.stderr).toContain('Error from server (NotFound): deployments.apps "nope" not found');
    }
  });

  it('lets -A win over -n, as kubectl does', async () => {
    const { code, stdout } = await get(['deploy', '-n', 'shop', '-A', '--from', server.url, '--token', 't', '-o', 'name']);
    expect([code, stdout.trimEnd().split('\n')]).toEqual([0, ['member1/deployment.apps/tool', 'member1/deployment.apps/web', 'member2/deployment.apps/web']]);
  });

  it('refuses a namespaced name across all namespaces, as kubectl does, and prints nothing', async () => {
    const { code, stdout, stderr } = await get(['deploy/web', '-A', '--from', server.url, '--token', 't']);
    expect([code, stdout]).toEqual([1, '']);
    expect(stderr).toContain('a resource cannot be retrieved by name across all namespaces');
  });

  it.each([
    ['table', '', 'No resources found in empty namespace.\n'],
    ['name', '', ''],
    ['json', '"items": []', ''],
  ])('an empty namespace with -o %s prints %j and says %j on stderr, as kubectl does (exit 0)', async (format, out, err) => {
    const { code, stdout, stderr } = await get(['deploy', '-n', 'empty', '--from', server.url, '--token', 't', '-o', format]);
    expect([code, stderr]).toEqual([0, err]);
    expect(stdout).toContain(out);
  });

  it('leaves managedFields out of -o json unless --show-managed-fields', async () => {
    const argv = ['deploy/tool', '-n', 'ops', '--from', server.url, '--token', 't', '-o', 'json'];
    const items = async (extra: string[]) => (JSON.parse((await get([...argv, ...extra])).stdout) as { items: KubeObject[] }).items;
    expect((await items([])).map((o) => o.metadata.managedFields)).toEqual([undefined]);
    expect((await items(['--show-managed-fields'])).map((o) => o.metadata.managedFields)).toEqual([[{ manager: 'kubectl', operation: 'Apply' }]]);
  });
});
