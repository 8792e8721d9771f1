import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRenderTools, type RenderTools } from '../../../src/source/render-roots/render-tools.ts';
import { removeFixtures, tempDir } from '../helpers/git-fixture.ts';
import { writeRemoteChart } from './fixtures.ts';
import { errors, fleet, read } from './read-fleet.ts';

const execFileAsync = promisify(execFile);

// A chart repository for real: index.yaml and a .tgz made by the real `helm package` and
// `helm repo index`, served over loopback HTTP (with Basic auth when asked).
let tools: RenderTools;
const servers: Server[] = [];

async function chartRepository(auth?: string): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const dir = tempDir('flotilla-chart-repo-');
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (auth !== undefined && req.headers.authorization !== `Basic ${Buffer.from(auth).toString('base64')}`) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="charts"' }).end();
      return;
    }
    try {
      res.writeHead(200).end(readFileSync(path.join(dir, path.basename(req.url ?? ''))));
    } catch {
      res.writeHead(404).end();
    }
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chart = writeRemoteChart(tempDir('flotilla-chart-src-'), 'from the repository');
  const env = { PATH: process.env.PATH, HOME: dir };
  execFileSync(tools.helm ?? 'helm', ['package', chart, '--destination', dir], { env });
  execFileSync(tools.helm ?? 'helm', ['repo', 'index', dir, '--url', url], { env });
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // helm keeps its connections alive; close() alone would wait for them.
      server.closeAllConnections();
    });
  return { url, requests, close };
}

const release = (url: string, values = 'message: one\n', version = '1.0.0'): Record<string, string> => ({
  'app/kustomization.yaml': `helmCharts:\n  - name: remote\n    repo: ${url}\n    version: ${version}\n    releaseName: one\n    valuesFile: values.yaml\n`,
  'app/values.yaml': values,
});

beforeAll(async () => {
  process.env.FLOTILLA_RENDER_CACHE = tempDir('flotilla-render-cache-');
  process.env.FLOTILLA_CHART_CACHE = tempDir('flotilla-chart-cache-');
  tools = await findRenderTools({});
});
afterAll(async () => {
  for (const key of ['FLOTILLA_RENDER_CACHE', 'FLOTILLA_CHART_CACHE', 'FLOTILLA_HELM_USERNAME', 'FLOTILLA_HELM_PASSWORD']) delete process.env[key];
  for (const server of servers) server.close();
  removeFixtures();
});

describe('charts from a chart repository', () => {
  it('renders as kustomize --enable-helm does, pulls once into the chart cache, then needs no network', async () => {
    const server = await chartRepository();
    const repo = fleet(release(server.url));
    const snapshot = await read(repo);
    expect(errors(snapshot)).toEqual([]);
    // Asynchronously: the repository server runs in this process and must answer the oracle too.
    const { stdout: oracle } = await execFileAsync(
      tools.kustomize[0] ?? 'kustomize',
      ['build', path.join(repo.dir, 'app'), '--enable-helm', '--helm-command', tools.helm ?? 'helm'],
      { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: tempDir('flotilla-helm-home-') } },
    );
    expect(snapshot.files[0]?.content.toString()).toBe(oracle);
    const pulls = server.requests.filter((url) => url.endsWith('.tgz')).length;
    await server.close();

    repo.write('app/values.yaml', 'message: two\n');
    repo.commit('new values');
    const offline = await read(repo);
    expect(errors(offline)).toEqual([]);
    expect(offline.roots).toEqual([{ file: 'app/kustomization.yaml', outcome: 'rendered' }]);
    expect(offline.files[0]?.content.toString()).toContain('message: two');
    expect(pulls).toBe(2); // one by Flotilla, one by the oracle's own kustomize
  });

  it('a chart it cannot get is an error naming the kustomization; a chart without a version is refused', async () => {
    const server = await chartRepository();
    await server.close();
    const unreachable = await read(fleet(release(server.url, 'message: x\n', '9.9.9')));
    expect(errors(unreachable)).toEqual([
      expect.objectContaining({ file: 'app/kustomization.yaml', message: expect.stringMatching(/helmCharts remote from .* cannot get the chart: /) }),
    ]);
    const unpinned = await read(fleet({ 'app/kustomization.yaml': `helmCharts:\n  - name: remote\n    repo: ${server.url}\n    releaseName: one\n` }));
    expect(errors(unpinned)).toEqual([expect.objectContaining({ file: 'app/kustomization.yaml', message: expect.stringContaining('set its version') })]);
  });

  it('pulls with the credentials from FLOTILLA_HELM_USERNAME and FLOTILLA_HELM_PASSWORD', async () => {
    const server = await chartRepository('fleet:s3cret');
    const files = release(server.url);
    files['app/kustomization.yaml'] = files['app/kustomization.yaml']?.replace('1.0.0', '1.0.0\n    namespace: with-auth') ?? '';
    process.env.FLOTILLA_CHART_CACHE = tempDir('flotilla-chart-cache-');
    const refused = await read(fleet(files));
    expect(errors(refused)).toEqual([expect.objectContaining({ message: expect.stringContaining('401') })]);
    process.env.FLOTILLA_HELM_USERNAME = 'fleet';
    process.env.FLOTILLA_HELM_PASSWORD = 's3cret';
    const allowed = await read(fleet(files));
    expect(errors(allowed)).toEqual([]);
    expect(allowed.files[0]?.content.toString()).toContain('message: one');
    await server.close();
  });
});
