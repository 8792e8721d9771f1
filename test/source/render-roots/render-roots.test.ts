import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoots } from '../../../src/source/render-roots/index.ts';
import { readSnapshot, type Snapshot } from '../../../src/source/index.ts';
import { createGitRepo, removeFixtures, tempDir } from '../helpers/git-fixture.ts';
import { errors, fleet, read } from './read-fleet.ts';
import { OVERLAYS, type FileMap } from './fixtures.ts';

const [, overlay = {}] = OVERLAYS[0] ?? [];

beforeAll(() => {
  process.env.FLOTILLA_RENDER_CACHE = tempDir('flotilla-render-cache-');
});
afterAll(() => {
  delete process.env.FLOTILLA_RENDER_CACHE;
  removeFixtures();
});

const chart = {
  'charts/web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
  'charts/web/values.yaml': 'message: hi\n',
  'charts/web/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\ndata:\n  message: {{ .Values.message }}\n',
};

describe('finding roots', () => {
  it('builds the roots only: a base, its files and chart folders are inputs, never templates', async () => {
    const snapshot = await read(
      fleet({
        ...overlay,
        ...chart,
        'plain/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\n',
      }),
    );
    expect(errors(snapshot)).toEqual([]);
    expect(snapshot.roots).toEqual([{ file: 'app/overlay/kustomization.yaml', outcome: 'rendered' }]);
    expect(snapshot.files.map((f) => f.path)).toEqual(['app/overlay/kustomization.yaml', 'plain/cm.yaml']);
  });

  it('reads nothing through kustomize when the fleet has no kustomization', async () => {
    const snapshot = await read(fleet({ 'cm.yaml': 'kind: ConfigMap\n' }));
    expect(snapshot.roots).toEqual([]);
    expect(snapshot.renderTools).toBeUndefined();
  });

  it('names the versions of the programs that rendered', async () => {
    const snapshot = await read(fleet(overlay));
    expect(snapshot.renderTools?.kustomize).toMatch(/^v5\./);
    expect(snapshot.renderTools?.helm).toMatch(/^v3\./);
  });
});

describe('errors never cost other objects', () => {
  it('a root that fails is an error naming its kustomization and the tool, and the others still render', async () => {
    const snapshot = await read(
      fleet({
        ...overlay,
        'broken/kustomization.yaml': 'resources:\n  - missing.yaml\n',
        'plain/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\n',
      }),
    );
    expect(errors(snapshot)).toEqual([
      expect.objectContaining({ file: 'broken/kustomization.yaml', message: expect.stringMatching(/kustomize build failed: .*missing\.yaml/) }),
    ]);
    expect(snapshot.files.map((f) => f.path)).toEqual(['app/overlay/kustomization.yaml', 'plain/cm.yaml']);
    expect(snapshot.roots?.map((r) => r.outcome)).toEqual([expect.stringMatching(/^(rendered|cached)$/), 'error']);
  });

  it('says plainly when no kustomize can be found', async () => {
    const repo = fleet(overlay);
    const env = { PATH: tempDir('flotilla-empty-path-'), FLOTILLA_BIN_CACHE: tempDir('flotilla-no-bins-') };
    const result = await renderRoots({
      blobs: [{ path: 'app/overlay/kustomization.yaml', oid: 'x' }],
      readBlobs: async () => new Map([['x', Buffer.from(overlay['app/overlay/kustomization.yaml'] ?? '')]]),
      config: { exclude: [], statusBranch: 'status', worksBranch: 'works', prune: { enabled: true, maxFraction: 1 }, featureGates: {}, tenants: [] },
      env,
    });
    expect(repo.dir).toBeTruthy();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ file: 'app/overlay/kustomization.yaml', message: expect.stringContaining('kustomize not found') }),
    ]);
  });
});

describe('safe by default: each escape is refused', () => {
  const cases: [string, FileMap, RegExp][] = [
    ['a remote base', { 'a/kustomization.yaml': 'resources:\n  - https://github.com/example/repo//base?ref=v1\n' }, /remote base .* refused/],
    ['a folder outside the repository', { 'a/kustomization.yaml': 'resources:\n  - ../../../../etc\n' }, /outside the repository/],
    [
      'a file outside the repository',
      { 'a/kustomization.yaml': 'configMapGenerator:\n  - name: x\n    files:\n      - /etc/passwd\n' },
      /outside the repository/,
    ],
    [
      'a values file outside the repository',
      { ...chart, 'a/kustomization.yaml': 'helmGlobals:\n  chartHome: ../charts\nhelmCharts:\n  - name: web\n    valuesFile: ../../../etc/hosts\n' },
      /outside the repository/,
    ],
    [
      'an exec KRM function',
      {
        'a/kustomization.yaml': 'transformers:\n  - fn.yaml\n',
        'a/fn.yaml':
          'apiVersion: example.com/v1\nkind: Fn\nmetadata:\n  name: fn\n  annotations:\n    config.kubernetes.io/function: |\n      exec:\n        path: ./fn.sh\n',
        'a/fn.sh': '#!/bin/sh\ntouch /tmp/flotilla-fn-ran\n',
      },
      /kustomize build failed: .*external plugins disabled/,
    ],
    [
      'a container KRM function',
      {
        'a/kustomization.yaml': 'generators:\n  - fn.yaml\n',
        'a/fn.yaml':
          'apiVersion: example.com/v1\nkind: Fn\nmetadata:\n  name: fn\n  annotations:\n    config.kubernetes.io/function: |\n      container:\n        image: example.com/fn:1\n',
      },
      /kustomize build failed: .*external plugins disabled/,
    ],
  ];
  it.each(cases)('%s', async (_name, files, message) => {
    const snapshot = await read(fleet(files));
    expect(errors(snapshot)).toEqual([expect.objectContaining({ file: 'a/kustomization.yaml', message: expect.stringMatching(message) })]);
    expect(snapshot.files).toEqual([]);
  });

  it("helm's lookup finds nothing", async () => {
    const snapshot = await read(
      fleet({
        ...chart,
        'charts/web/templates/cm.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: seen\ndata:\n  ns: {{ if lookup "v1" "Namespace" "" "default" }}found{{ else }}nothing{{ end }}\n',
        'a/kustomization.yaml': 'helmGlobals:\n  chartHome: ../charts\nhelmCharts:\n  - name: web\n',
      }),
    );
    expect(errors(snapshot)).toEqual([]);
    expect(snapshot.files[0]?.content.toString()).toContain('ns: nothing');
  });

  it('a runaway render is stopped at render.timeoutSeconds and named', async () => {
    const snapshot = await read(
      fleet({
        'flotilla.yaml': 'render:\n  timeoutSeconds: 1\n',
        ...chart,
        'charts/web/templates/cm.yaml': '{{ range until 100000 }}{{ range until 100000 }}{{ end }}{{ end }}\n',
        'a/kustomization.yaml': 'helmGlobals:\n  chartHome: ../charts\nhelmCharts:\n  - name: web\n',
      }),
    );
    expect(errors(snapshot)).toEqual([expect.objectContaining({ file: 'a/kustomization.yaml', message: expect.stringContaining('runaway render') })]);
  });

  it('a render that outgrows render.memoryMiB is stopped and named', async () => {
    const snapshot = await read(
      fleet({
        'flotilla.yaml': 'render:\n  memoryMiB: 1024\n',
        ...chart,
        'charts/web/templates/cm.yaml': '{{ range $i := until 2000000000 }}{{ $i }}{{ end }}\n',
        'a/kustomization.yaml': 'helmGlobals:\n  chartHome: ../charts\nhelmCharts:\n  - name: web\n',
      }),
    );
    expect(errors(snapshot)).toEqual([
      expect.objectContaining({ file: 'a/kustomization.yaml', message: expect.stringContaining('render.memoryMiB 1024 reached') }),
    ]);
  });

  it("a failing render's message never prints a Secret value", async () => {
    const snapshot = await read(
      fleet({
        'a/kustomization.yaml':
          'resources:\n  - secret.yaml\n  - cm.yaml\nreplacements:\n  - source:\n      kind: ConfigMap\n      name: c\n      fieldPath: metadata.name\n    targets:\n      - select:\n          kind: Secret\n        fieldPaths:\n          - stringData.password.x\n',
        'a/secret.yaml': 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: hunter2-very-secret\n',
        'a/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n',
      }),
    );
    const [error] = errors(snapshot);
    expect(error?.message).toContain('node contents');
    expect(error?.message).toContain('***');
    expect(error?.message).not.toContain('hunter2');
  });
});

describe(".Capabilities answers with the members' version", () => {
  it('takes the oldest member version the status branch observed, unless a chart sets its own', async () => {
    const capsChart = {
      ...chart,
      'charts/web/templates/cm.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\ndata:\n  kube: {{ .Capabilities.KubeVersion.Version }}\n',
    };
    const repo = createGitRepo();
    repo.git('checkout', '-q', '--orphan', 'status');
    repo.write('clusters/a.yaml', 'name: a\nkubernetesVersion: v1.36.3\n');
    repo.write('clusters/b.yaml', 'name: b\nkubernetesVersion: v1.34.1\n');
    repo.commit('status');
    repo.git('checkout', '-q', '--orphan', 'main');
    repo.git('rm', '-rq', '--cached', '.');
    repo.git('clean', '-fdq');
    for (const [file, content] of Object.entries(capsChart)) repo.write(file, content);
    repo.write('one/kustomization.yaml', 'helmGlobals:\n  chartHome: ../charts\nhelmCharts:\n  - name: web\n    releaseName: one\n');
    repo.write('two/kustomization.yaml', 'helmGlobals:\n  chartHome: ../charts\nhelmCharts:\n  - name: web\n    releaseName: two\n    kubeVersion: "1.35.0"\n');
    repo.commit('fleet');
    const snapshot = await read(repo);
    expect(errors(snapshot)).toEqual([]);
    expect(snapshot.files.map((f) => /kube: (\S+)/.exec(f.content.toString())?.[1])).toEqual(['v1.34.1', 'v1.35.0']);
    expect(snapshot.charts).toEqual({ kubeVersion: 'v1.34.1' });
  });

  it('asks for the version only when a kustomization uses helmCharts', async () => {
    const config = { exclude: [], statusBranch: 'status', worksBranch: 'works', prune: { enabled: true, maxFraction: 1 }, featureGates: {}, tenants: [] };
    const texts = new Map(Object.entries(overlay).map(([file, content]) => [file, Buffer.from(content)]));
    let asked = 0;
    const result = await renderRoots({
      blobs: [...texts.keys()].map((file) => ({ path: file, oid: file })),
      readBlobs: async (oids) => new Map(oids.flatMap((oid) => (texts.has(oid) ? [[oid, texts.get(oid) as Buffer] as const] : []))),
      config,
      kubeVersion: async () => {
        asked++;
        return 'v1.30.0';
      },
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.roots.length).toBeGreaterThan(0);
    expect(asked).toBe(0);
    expect(result.charts).toBeUndefined();
  });
});

describe('the render cache', () => {
  it('keeps a render while its inputs are unchanged, and a one-file change re-renders that root only', async () => {
    const repo = fleet({
      ...chart,
      'one/kustomization.yaml': 'helmGlobals:\n  chartHome: ../charts\nhelmCharts:\n  - name: web\n    releaseName: one\n    valuesFile: values.yaml\n',
      'one/values.yaml': 'message: one\n',
      'two/kustomization.yaml': 'helmGlobals:\n  chartHome: ../charts\nhelmCharts:\n  - name: web\n    releaseName: two\n    valuesFile: values.yaml\n',
      'two/values.yaml': 'message: two\n',
    });
    expect((await read(repo)).roots?.map((r) => r.outcome)).toEqual(['rendered', 'rendered']);
    expect((await read(repo)).roots?.map((r) => r.outcome)).toEqual(['cached', 'cached']);
    repo.write('two/values.yaml', 'message: changed\n');
    repo.commit('change two');
    const after = await read(repo);
    expect(after.roots).toEqual([
      { file: 'one/kustomization.yaml', outcome: 'cached' },
      { file: 'two/kustomization.yaml', outcome: 'rendered' },
    ]);
    expect(after.files[1]?.content.toString()).toContain('message: changed');
  });

  it("re-renders only the chart roots when the members' version changes", async () => {
    const repo = fleet({
      ...overlay,
      ...chart,
      'one/kustomization.yaml': 'helmGlobals:\n  chartHome: ../charts\nhelmCharts:\n  - name: web\n    releaseName: one\n',
    });
    const at = (kubeVersion: string) => readSnapshot({ repo: repo.dir, renderRoots: true, kubeVersion });
    const first = await at('v1.30.0');
    expect(errors(first)).toEqual([]);
    const chartRoot = (s: Snapshot) => s.roots?.find((r) => r.file === 'one/kustomization.yaml')?.outcome;
    const others = (s: Snapshot) => s.roots?.filter((r) => r.file !== 'one/kustomization.yaml').map((r) => r.outcome);
    expect(chartRoot(first)).toBe('rendered');
    const second = await at('v1.31.0');
    expect(chartRoot(second)).toBe('rendered');
    expect(others(second)).toEqual(others(first)?.map(() => 'cached'));
    expect(others(second)?.length).toBeGreaterThan(0);
  });
});
