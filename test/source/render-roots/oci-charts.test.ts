import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRenderTools, type RenderToolPaths } from '../../../scripts/render-tools.ts';
import { isLoopbackRegistry } from '../../../src/source/render-roots/chart-cache.ts';
import { removeFixtures, tempDir } from '../helpers/git-fixture.ts';
import { writeRemoteChart } from './fixtures.ts';
import { errors, fleet, read } from './read-fleet.ts';

// A real OCI registry (CNCF distribution, built from tools/registry by the unit suite's global
// setup) on loopback, a chart pushed to it by the real `helm push`, pulled through helmCharts.
let tools: RenderToolPaths;
const registries: ChildProcess[] = [];

interface Registry {
  url: string;
  /** The password of the user `docker` the registry made for itself, when it asks for one. */
  password?: string;
}

/** Starts a registry; with `auth`, an htpasswd file it creates itself with a random password. */
async function startRegistry(auth: boolean): Promise<Registry> {
  const dir = tempDir('flotilla-oci-');
  const config = [
    'version: 0.1',
    'log: {level: info, formatter: json}',
    `storage: {filesystem: {rootdirectory: ${path.join(dir, 'data')}}}`,
    'http: {addr: "127.0.0.1:0"}',
    ...(auth ? [`auth: {htpasswd: {realm: flotilla-test, path: ${path.join(dir, 'htpasswd')}}}`] : []),
  ].join('\n');
  writeFileSync(path.join(dir, 'config.yml'), config);
  const child = spawn(tools.registry, ['serve', path.join(dir, 'config.yml')], { stdio: ['ignore', 'ignore', 'pipe'] });
  registries.push(child);
  let password: string | undefined;
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.on('exit', (code) => reject(new Error(`registry exited ${code}: ${buffered}`)));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      for (const line of chunk.split('\n')) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { msg?: string; password?: string };
        password ??= entry.password;
        const address = /^listening on (127\.0\.0\.1:\d+)$/.exec(entry.msg ?? '')?.[1];
        if (address) resolve({ url: `oci://${address}/charts`, ...(password ? { password } : {}) });
      }
    });
  });
}

/** Packages a small chart and pushes it with the real helm. */
function pushChart(registry: Registry): void {
  const home = tempDir('flotilla-helm-home-');
  const chart = writeRemoteChart(home, 'from the registry');
  const env = { PATH: process.env.PATH, HOME: home };
  execFileSync(tools.helm, ['package', chart, '--destination', home], { env });
  const login = registry.password ? ['--username', 'docker', '--password', registry.password] : [];
  execFileSync(tools.helm, ['push', path.join(home, 'remote-1.0.0.tgz'), registry.url, '--plain-http', ...login], {
    env,
  });
}

const release = (url: string): Record<string, string> => ({
  'app/kustomization.yaml': `helmCharts:\n  - name: remote\n    repo: ${url}\n    version: 1.0.0\n    releaseName: one\n    valuesFile: values.yaml\n`,
  'app/values.yaml': 'message: one\n',
});

beforeAll(async () => {
  process.env.FLOTILLA_RENDER_CACHE = tempDir('flotilla-render-cache-');
  tools = await ensureRenderTools(() => undefined);
});
afterAll(() => {
  for (const key of ['FLOTILLA_RENDER_CACHE', 'FLOTILLA_CHART_CACHE', 'FLOTILLA_HELM_USERNAME', 'FLOTILLA_HELM_PASSWORD']) delete process.env[key];
  for (const child of registries) {
    child.removeAllListeners('exit');
    child.kill();
  }
  removeFixtures();
});

describe('charts from an oci:// registry on loopback', () => {
  it('pulls over plain HTTP and renders as kustomize does with the same chart vendored', async () => {
    process.env.FLOTILLA_CHART_CACHE = tempDir('flotilla-chart-cache-');
    const registry = await startRegistry(false);
    pushChart(registry);
    const repo = fleet(release(registry.url));
    const snapshot = await read(repo);
    expect(errors(snapshot)).toEqual([]);
    expect(snapshot.roots).toEqual([{ file: 'app/kustomization.yaml', outcome: 'rendered' }]);

    // The oracle: helm pulls the chart to where kustomize looks before it would pull, in the work
    // tree only (Flotilla reads the commit), and kustomize builds the root.
    const home = tempDir('flotilla-helm-home-');
    const env = { PATH: process.env.PATH, HOME: home };
    const untarTo = path.join(repo.dir, 'app', 'charts', 'remote-1.0.0');
    const pull = [`${registry.url}/remote`, '--version', '1.0.0', '--plain-http', '--untar', '--untardir', untarTo];
    execFileSync(tools.helm, ['pull', ...pull], { env });
    const oracle = execFileSync(tools.kustomize, ['build', path.join(repo.dir, 'app'), '--enable-helm', '--helm-command', tools.helm], {
      encoding: 'utf8',
      env,
    });
    expect(oracle).toContain('message: one');
    expect(snapshot.files[0]?.content.toString()).toBe(oracle);
  });

  it('pulls from a registry that asks for a login with FLOTILLA_HELM_USERNAME and FLOTILLA_HELM_PASSWORD', async () => {
    process.env.FLOTILLA_CHART_CACHE = tempDir('flotilla-chart-cache-');
    const registry = await startRegistry(true);
    expect(registry.password).toBeDefined();
    pushChart(registry);
    const files = release(registry.url);

    const refused = await read(fleet(files));
    expect(errors(refused)).toEqual([
      expect.objectContaining({
        file: 'app/kustomization.yaml',
        message: expect.stringMatching(/helmCharts remote from oci:.* cannot get the chart: .*(?:unauthorized|credential not found)/i),
      }),
    ]);

    process.env.FLOTILLA_HELM_USERNAME = 'docker';
    process.env.FLOTILLA_HELM_PASSWORD = registry.password;
    const allowed = await read(fleet(files));
    expect(errors(allowed)).toEqual([]);
    expect(allowed.files[0]?.content.toString()).toContain('message: one');
    expect(JSON.stringify(allowed)).not.toContain(registry.password);
  });
});

describe('isLoopbackRegistry', () => {
  it.each([
    ['oci://127.0.0.1:5000/charts', true],
    ['oci://127.1.2.3/charts', true],
    ['oci://localhost:5000/charts', true],
    ['oci://LOCALHOST/charts', true],
    ['oci://[::1]:5000/charts', true],
    ['oci://registry.example.com/charts', false],
    ['oci://127.0.0.1.example.com/charts', false],
    ['oci://10.0.0.1:5000/charts', false],
    ['https://127.0.0.1:5000/charts', false],
  ])('%s → %s', (repo, loopback) => {
    expect(isLoopbackRegistry(repo)).toBe(loopback);
  });
});
