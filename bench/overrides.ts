/**
 * Override-stage benchmark (issue 6): a dozen override policies (every overrider) applied to
 * TEMPLATES × CLUSTERS manifests (default 2,000 × 50 = 100,000), each result serialised to JSON,
 * against a floor that only clones each manifest per cluster (a JSON round trip, faster here than
 * structuredClone) and serialises it. Reports CPU time, steadier than wall time on a shared machine,
 * and heap. Run: `node bench/overrides.ts [templates] [clusters] [runs]`.
 */
import type { Cluster, KubeObject, OverridePolicy } from '../src/model/index.ts';
import { applyPrepared, prepareOverrides, type OverrideSet } from '../src/render/overrides/index.ts';
import { size } from './lib/size.ts';

const TEMPLATES = Number(process.argv[2] ?? size(2000, 5));
const CLUSTERS = Number(process.argv[3] ?? size(50, 2));
const RUNS = Number(process.argv[4] ?? size(3, 1));
const REGIONS = ['eu', 'us', 'ap'];

function template(i: number): KubeObject {
  const app = `app-${i}`;
  const namespace = `team-${i % 20}`;
  const labels = { app, tier: i % 3 === 0 ? 'frontend' : 'backend' };
  if (i % 4 === 3) {
    return {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `${app}-config`, namespace, labels },
      data: {
        'config.yaml': `server:\n  port: 8080\n  region: none\nfeatures:\n  - a\n  - b\n`,
        'settings.json': '{"currency":"USD","limits":{"rps":100}}',
      },
    };
  }
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: app, namespace, labels, annotations: { owner: 'team' } },
    spec: {
      replicas: 1 + (i % 5),
      selector: { matchLabels: { app } },
      template: {
        metadata: { labels: { app } },
        spec: {
          containers: [
            {
              name: 'main',
              image: `registry.example.com/${app}:1.${i % 13}.0`,
              args: ['--port=8080', '--verbose'],
              ports: [{ containerPort: 8080 }],
              resources: { requests: { cpu: '100m', memory: '128Mi' } },
            },
            { name: 'sidecar', image: 'envoyproxy/envoy:v1.30.1', args: ['-c', '/etc/envoy.yaml'] },
          ],
        },
      },
    },
  };
}

function cluster(i: number): Cluster {
  return {
    apiVersion: 'cluster.karmada.io/v1alpha1',
    kind: 'Cluster',
    metadata: {
      name: `member-${i}`,
      labels: { env: i % 2 === 0 ? 'prod' : 'staging', tier: i % 5 === 0 ? 'gold' : 'silver' },
    },
    spec: { region: REGIONS[i % REGIONS.length] as string, provider: 'example' },
  };
}

const deployments = { apiVersion: 'apps/v1', kind: 'Deployment' };
const configMaps = { apiVersion: 'v1', kind: 'ConfigMap' };
const meta = (name: string, namespace?: string) => (namespace ? { name, namespace } : { name });
const cop = (name: string, spec: OverridePolicy['spec']): OverridePolicy => ({
  apiVersion: 'policy.karmada.io/v1alpha1',
  kind: 'ClusterOverridePolicy',
  metadata: meta(name),
  spec,
});
const op = (name: string, namespace: string, spec: OverridePolicy['spec']): OverridePolicy => ({
  apiVersion: 'policy.karmada.io/v1alpha1',
  kind: 'OverridePolicy',
  metadata: meta(name, namespace),
  spec,
});
const region = (r: string) => ({
  fieldSelector: { matchExpressions: [{ key: 'region' as const, operator: 'In' as const, values: [r] }] },
});

/** Twelve policies touching every overrider; most manifests get several rules. */
function policies(): OverrideSet {
  return {
    clusterOverridePolicies: [
      cop('eu-registry', {
        resourceSelectors: [deployments],
        overrideRules: [
          {
            targetCluster: region('eu'),
            overriders: {
              imageOverrider: [{ component: 'Registry', operator: 'replace', value: 'registry.eu.example.com' }],
            },
          },
        ],
      }),
      cop('us-registry', {
        resourceSelectors: [deployments],
        overrideRules: [
          {
            targetCluster: region('us'),
            overriders: {
              imageOverrider: [{ component: 'Registry', operator: 'replace', value: 'registry.us.example.com' }],
            },
          },
        ],
      }),
      cop('env-label', {
        overrideRules: [
          { overriders: { labelsOverrider: [{ operator: 'add', value: { 'fleet.example.com/managed': 'true' } }] } },
        ],
      }),
      cop('prod-annotations', {
        overrideRules: [
          {
            targetCluster: { labelSelector: { matchLabels: { env: 'prod' } } },
            overriders: { annotationsOverrider: [{ operator: 'add', value: { 'fleet.example.com/env': 'prod' } }] },
          },
        ],
      }),
      cop('gold-replicas', {
        resourceSelectors: [{ ...deployments, labelSelector: { matchLabels: { tier: 'frontend' } } }],
        overrideRules: [
          {
            targetCluster: { labelSelector: { matchLabels: { tier: 'gold' } } },
            overriders: { plaintext: [{ path: '/spec/replicas', operator: 'replace', value: 10 }] },
          },
        ],
      }),
      cop('staging-args', {
        resourceSelectors: [deployments],
        overrideRules: [
          {
            targetCluster: { labelSelector: { matchLabels: { env: 'staging' } } },
            overriders: { argsOverrider: [{ containerName: 'main', operator: 'remove', value: ['--verbose'] }] },
          },
        ],
      }),
      cop('sidecar-tag', {
        resourceSelectors: [deployments],
        overrideRules: [
          {
            overriders: {
              imageOverrider: [
                {
                  predicate: { path: '/spec/template/spec/containers/1/image' },
                  component: 'Tag',
                  operator: 'replace',
                  value: 'v1.31.0',
                },
              ],
            },
          },
        ],
      }),
      cop('config-region', {
        resourceSelectors: [configMaps],
        overrideRules: REGIONS.map((r) => ({
          targetCluster: region(r),
          overriders: {
            fieldOverrider: [
              {
                fieldPath: '/data/config.yaml',
                yaml: [{ subPath: '/server/region', operator: 'replace' as const, value: r }],
              },
            ],
          },
        })),
      }),
      cop('config-currency', {
        resourceSelectors: [configMaps],
        overrideRules: [
          {
            targetCluster: region('eu'),
            overriders: {
              fieldOverrider: [
                {
                  fieldPath: '/data/settings.json',
                  json: [{ subPath: '/currency', operator: 'replace', value: 'EUR' }],
                },
              ],
            },
          },
        ],
      }),
      op('team-0-command', 'team-0', {
        resourceSelectors: [deployments],
        overrideRules: [
          { overriders: { commandOverrider: [{ containerName: 'main', operator: 'add', value: ['/bin/app'] }] } },
        ],
      }),
      op('team-1-legacy', 'team-1', {
        targetCluster: { clusterNames: ['member-1', 'member-2'] },
        overriders: { plaintext: [{ path: '/metadata/labels/legacy', operator: 'add', value: 'yes' }] },
      }),
      op('team-2-annotate', 'team-2', {
        overrideRules: [
          { overriders: { annotationsOverrider: [{ operator: 'add', value: { 'team-2/notice': 'x' } }] } },
        ],
      }),
    ],
    overridePolicies: [],
  };
}

function splitPolicies(all: OverrideSet): OverrideSet {
  const ops = all.clusterOverridePolicies.filter((p) => p.kind === 'OverridePolicy');
  return {
    clusterOverridePolicies: all.clusterOverridePolicies.filter((p) => p.kind !== 'OverridePolicy'),
    overridePolicies: ops,
  };
}

function floor(templates: KubeObject[], clusters: Cluster[]): number {
  let bytes = 0;
  for (const t of templates)
    for (let c = 0; c < clusters.length; c++) bytes += JSON.stringify(JSON.parse(JSON.stringify(t))).length;
  return bytes;
}

function withOverrides(
  templates: KubeObject[],
  clusters: Cluster[],
  set: OverrideSet,
): { bytes: number; failures: number } {
  let bytes = 0;
  let failures = 0;
  for (const t of templates) {
    const prepared = prepareOverrides(t, set);
    for (const c of clusters) {
      const outcome = applyPrepared(t, c, prepared);
      if (outcome.ok) bytes += JSON.stringify(outcome.manifest).length;
      else failures++;
    }
  }
  return { bytes, failures };
}

/** CPU milliseconds of one run: steadier than wall time on a shared, loaded machine. */
function cpuMs(run: () => unknown): { ms: number; wall: number; result: unknown } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = run();
  const used = process.cpuUsage(cpu);
  return { ms: (used.user + used.system) / 1000, wall: performance.now() - start, result };
}

/** Floor and overrides run alternately, so both see the same machine load; best of RUNS each. */
function measure(floorRun: () => unknown, overridesRun: () => unknown) {
  let floorBest = { ms: Number.POSITIVE_INFINITY, wall: 0, result: undefined as unknown };
  let overridesBest = floorBest;
  for (let i = 0; i < RUNS; i++) {
    const f = cpuMs(floorRun);
    if (f.ms < floorBest.ms) floorBest = f;
    const o = cpuMs(overridesRun);
    if (o.ms < overridesBest.ms) overridesBest = o;
  }
  return { floor: floorBest, overrides: overridesBest };
}

const templates = Array.from({ length: TEMPLATES }, (_, i) => template(i));
const clusters = Array.from({ length: CLUSTERS }, (_, i) => cluster(i));
const set = splitPolicies(policies());
const manifests = TEMPLATES * CLUSTERS;

const m = measure(
  () => floor(templates, clusters),
  () => withOverrides(templates, clusters, set),
);
const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
const rssMb = process.resourceUsage().maxRSS / 2 ** 10;
console.log(
  `manifests        ${manifests} (${TEMPLATES} templates × ${CLUSTERS} clusters, 12 policies), best of ${RUNS}`,
);
console.log(
  `floor (JSON clone + JSON.stringify)          cpu ${m.floor.ms.toFixed(0)} ms  wall ${m.floor.wall.toFixed(0)} ms`,
);
console.log(
  `prepare + applyPrepared + JSON.stringify  cpu ${m.overrides.ms.toFixed(0)} ms  wall ${m.overrides.wall.toFixed(0)} ms  ${JSON.stringify(m.overrides.result)}`,
);
console.log(
  `ratio ${(m.overrides.ms / m.floor.ms).toFixed(2)}× (cpu)   per manifest ${((m.overrides.ms * 1000) / manifests).toFixed(1)} µs` +
    `   heap ${heapMb.toFixed(0)} MiB   peak rss ${rssMb.toFixed(0)} MiB`,
);
