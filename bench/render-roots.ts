// Render roots (issue 28): a fleet of 200 kustomize overlays and 200 releases of a chart the size of
// `helm create`'s, generated at bench time (never committed). Measures the cold render per root
// against a floor of the same programs run directly one root after another; a warm
// `plan --offline` (every render cached) against the same objects committed as plain YAML; and how
// many roots a one-values-file commit re-renders.
// Run: npm run build && node bench/render-roots.ts [overlays] [releases]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRenderTools } from '../scripts/render-tools.ts';
import { measure, printTable } from './lib/measure.ts';
import { size } from './lib/size.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = `${ROOT}bin/run.js`;
const overlays = Number(process.argv[2] ?? size(200, 2));
const releases = Number(process.argv[3] ?? size(200, 2));
const tools = await ensureRenderTools(() => undefined);

function write(repo: string, files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    writeFileSync(join(repo, file), content);
  }
}

function git(repo: string, ...args: string[]): void {
  execFileSync('git', args, {
    cwd: repo,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'b',
      GIT_AUTHOR_EMAIL: 'b@e',
      GIT_COMMITTER_NAME: 'b',
      GIT_COMMITTER_EMAIL: 'b@e',
    },
  });
}

const COMMON = {
  'clusters.yaml': ['a', 'b', 'c']
    .map(
      (name) =>
        `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: ${name}\nspec:\n  syncMode: Push\n`,
    )
    .join('---\n'),
  'policy.yaml':
    'apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterPropagationPolicy\nmetadata:\n  name: all\nspec:\n  resourceSelectors:\n    - apiVersion: apps/v1\n      kind: Deployment\n    - apiVersion: v1\n      kind: Service\n    - apiVersion: v1\n      kind: ConfigMap\n    - apiVersion: v1\n      kind: ServiceAccount\n  placement:\n    clusterAffinity:\n      clusterNames: [a, b, c]\n',
};

function overlayFiles(i: number): Record<string, string> {
  const ns = `kz-${i}`;
  return {
    [`apps/kz-${i}/base/kustomization.yaml`]: 'resources:\n  - deployment.yaml\n  - service.yaml\n',
    [`apps/kz-${i}/base/deployment.yaml`]: `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: ${ns}\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n        - name: web\n          image: registry.example.com/web:1.0.0\n          envFrom:\n            - configMapRef:\n                name: web-config\n`,
    [`apps/kz-${i}/base/service.yaml`]: `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: ${ns}\nspec:\n  selector:\n    app: web\n  ports:\n    - port: 80\n`,
    [`apps/kz-${i}/overlays/prod/kustomization.yaml`]: `resources:\n  - ../../base\nnamespace: ${ns}\nnamePrefix: prod-\nimages:\n  - name: registry.example.com/web\n    newTag: 1.${i}.0\npatches:\n  - path: patch.yaml\nconfigMapGenerator:\n  - name: web-config\n    literals:\n      - INDEX=${i}\n`,
    [`apps/kz-${i}/overlays/prod/patch.yaml`]: `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: ${ns}\nspec:\n  replicas: 4\n`,
  };
}

function releaseFiles(i: number): Record<string, string> {
  return {
    [`releases/rel-${i}/kustomization.yaml`]: `helmGlobals:\n  chartHome: ../../charts\nhelmCharts:\n  - name: app\n    releaseName: rel-${i}\n    namespace: rel-${i}\n    valuesFile: values.yaml\n`,
    [`releases/rel-${i}/values.yaml`]: `replicaCount: ${1 + (i % 3)}\nimage:\n  tag: "1.${i}.0"\n`,
  };
}

function makeRootsRepo(): string {
  const repo = mkdtempSync(join(tmpdir(), 'flotilla-bench-roots-'));
  git(repo, 'init', '-q', '-b', 'main');
  write(repo, COMMON);
  mkdirSync(join(repo, 'charts'));
  execFileSync(tools.helm, ['create', join(repo, 'charts', 'app')], { env: { ...process.env, HOME: repo } });
  for (let i = 0; i < overlays; i++) write(repo, overlayFiles(i));
  for (let i = 0; i < releases; i++) write(repo, releaseFiles(i));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'fleet');
  return repo;
}

/** The floor: the programs alone, one root after another, on the working tree. */
function directRenders(repo: string): { seconds: number; outputs: string[] } {
  const started = process.hrtime.bigint();
  const outputs: string[] = [];
  const roots = [
    ...Array.from({ length: overlays }, (_, i) => `apps/kz-${i}/overlays/prod`),
    ...Array.from({ length: releases }, (_, i) => `releases/rel-${i}`),
  ];
  for (const root of roots) {
    const args = [
      'build',
      join(repo, root),
      '--load-restrictor',
      'LoadRestrictionsNone',
      '--enable-helm',
      '--helm-command',
      tools.helm,
    ];
    outputs.push(
      execFileSync(tools.kustomize, args, {
        encoding: 'utf8',
        maxBuffer: 2 ** 28,
        env: { PATH: process.env.PATH, HOME: repo },
      }),
    );
  }
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, outputs };
}

function makePlainRepo(outputs: readonly string[]): string {
  const repo = mkdtempSync(join(tmpdir(), 'flotilla-bench-plain-'));
  git(repo, 'init', '-q', '-b', 'main');
  write(repo, COMMON);
  outputs.forEach((output, i) => {
    write(repo, { [`plain/root-${i}.yaml`]: output });
  });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'plain');
  return repo;
}

const cache = mkdtempSync(join(tmpdir(), 'flotilla-bench-render-cache-'));
const env = { ...process.env, FLOTILLA_RENDER_CACHE: cache };
const plan = (repo: string) =>
  measure(process.execPath, [CLI, 'plan', '--offline', '--repo', repo, '-o', 'json'], ROOT, env);
const roots = makeRootsRepo();
let plain = '';
try {
  const direct = directRenders(roots);
  plain = makePlainRepo(direct.outputs);
  const cold = plan(roots);
  const warm = plan(roots);
  const floor = plan(plain);
  // The last release: one that exists at every size, the smoke size included.
  write(roots, { [`releases/rel-${releases - 1}/values.yaml`]: 'replicaCount: 3\nimage:\n  tag: "9.9.9"\n' });
  git(roots, 'commit', '-qam', 'one values file');
  const validate = execFileSync(process.execPath, [CLI, 'validate', '--repo', roots, '--no-color'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    maxBuffer: 2 ** 28,
  });
  const rerendered = validate.split('\n').filter((line) => line.endsWith(': rendered'));
  const count = overlays + releases;
  const cached = readdirSync(cache).length > 0;
  printTable([
    [
      'roots',
      'direct s',
      'cold plan s',
      'cold s/root',
      'warm plan s',
      'plain YAML plan s',
      'warm/plain',
      'warm MiB',
      'plain MiB',
    ],
    [
      count,
      direct.seconds.toFixed(1),
      cold.seconds,
      (cold.seconds / count).toFixed(3),
      warm.seconds,
      floor.seconds,
      (warm.seconds / floor.seconds).toFixed(2),
      warm.maxRssMiB,
      floor.maxRssMiB,
    ],
  ]);
  console.log(
    `one values file changed: ${rerendered.length} root(s) re-rendered: ${rerendered.map((l) => l.trim()).join(', ')}; cache used: ${cached}`,
  );
  console.log(
    `helm create chart: ${readdirSync(join(roots, 'charts/app/templates')).length} template files, ${readFileSync(join(roots, 'charts/app/values.yaml'), 'utf8').split('\n').length} lines of values`,
  );
} finally {
  for (const dir of [roots, plain, cache]) if (dir) rmSync(dir, { recursive: true, force: true });
}
