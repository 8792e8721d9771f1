import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRenderTools, type RenderTools } from '../../../src/source/render-roots/render-tools.ts';
import { removeFixtures, tempDir } from '../helpers/git-fixture.ts';
import { CHARTS, OVERLAYS, type FileMap } from './fixtures.ts';
import { fleet, read } from './read-fleet.ts';

// The oracle is the real program run directly on the working tree: what Flotilla renders from the
// commit must be byte-for-byte what `kustomize build` prints (for charts, with `--enable-helm`,
// the inflation Argo CD runs; helm's own output passes through kustomize there too).
let tools: RenderTools;

beforeAll(async () => {
  process.env.FLOTILLA_RENDER_CACHE = tempDir('flotilla-render-cache-');
  tools = await findRenderTools({});
});
afterAll(() => {
  delete process.env.FLOTILLA_RENDER_CACHE;
  removeFixtures();
});

function direct(dir: string, root: string): string {
  const [command = 'kustomize', ...prefix] = tools.kustomize;
  const helm = tools.helm === undefined ? [] : ['--enable-helm', '--helm-command', tools.helm];
  const flags = ['--load-restrictor', 'LoadRestrictionsNone', ...helm];
  return execFileSync(command, [...prefix, ...(prefix.length === 0 ? ['build'] : []), path.join(dir, root), ...flags], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: tempDir('flotilla-helm-home-') },
  });
}

async function rendered(files: FileMap, root: string): Promise<{ flotilla: string; oracle: string }> {
  const repo = fleet(files);
  const snapshot = await read(repo);
  expect(snapshot.diagnostics).toEqual([]);
  const file = snapshot.files.find((f) => f.path === `${root}/kustomization.yaml`);
  return { flotilla: file?.content.toString('utf8') ?? '', oracle: direct(repo.dir, root) };
}

describe('render roots match the real programs byte for byte', () => {
  it.each(OVERLAYS)('kustomize overlay: %s', async (_name, files) => {
    const { flotilla, oracle } = await rendered(files, 'app/overlay');
    expect(oracle).not.toBe('');
    expect(flotilla).toBe(oracle);
  });

  it.each(CHARTS)('helm chart: %s', async (_name, files) => {
    const { flotilla, oracle } = await rendered(files, 'app/release');
    expect(oracle).toContain('kind: ConfigMap');
    expect(flotilla).toBe(oracle);
  });

  it('a secretGenerator hash flows into the objects that reference it', async () => {
    const [, files] = OVERLAYS.find(([name]) => name.includes('generators')) ?? ['', {}];
    const { flotilla } = await rendered(files, 'app/overlay');
    const token = /name: (web-token-[a-z0-9]{10})/.exec(flotilla)?.[1];
    expect(token).toBeDefined();
    expect(flotilla.match(new RegExp(`name: ${token}`, 'g'))).toHaveLength(2);
  });

  it('a chart dependency and includeCRDs reach the output', async () => {
    const [, files] = CHARTS.find(([name]) => name.includes('includeCRDs')) ?? ['', {}];
    const { flotilla } = await rendered(files, 'app/release');
    expect(flotilla).toContain('kind: CustomResourceDefinition');
    expect(flotilla).toContain('name: two-child');
  });

  it('.Capabilities answers with the kubeVersion and apiVersions given', async () => {
    const [, files] = CHARTS.find(([name]) => name.includes('Capabilities')) ?? ['', {}];
    const { flotilla } = await rendered(files, 'app/release');
    expect(flotilla).toContain('kube: v1.36.3');
    expect(flotilla).toContain('custom: "true"');
  });
});
