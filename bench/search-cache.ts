/**
 * Search cache benchmark (issue 21): 20 members x 5,000 Deployments each, as an API server returns
 * them (managedFields included), written through the cache's own path (compactObject, then the
 * in-memory store's replace per member), then list queries with label selectors, straight on the
 * store and over HTTP through the search server. Reports the heap the cache holds (after a forced
 * GC), bytes per object against the objects' JSON size, and per query the median and P99 latency.
 * Run: `node bench/search-cache.ts [members] [objectsPerMember] [runs]` (re-runs itself with
 * --expose-gc when needed).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compactObject } from '../src/controllers/search-cache/compact-object.ts';
import { MemorySearchStore } from '../src/controllers/search-cache/memory-store.ts';
import type { StoreQuery } from '../src/controllers/search-cache/search-store.ts';
import { parseLabelSelector } from '../src/controllers/search-cache/selectors.ts';
import type { KubeObject } from '../src/model/index.ts';
import { startSearchServer } from '../src/search/search-server.ts';
import { printTable } from './lib/measure.ts';
import { size } from './lib/size.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  const again = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(again.status ?? 1);
}
const collect = gc as () => void;

const MEMBERS = Number(process.argv[2] ?? size(20, 2));
const PER_MEMBER = Number(process.argv[3] ?? size(5000, 5));
const RUNS = Number(process.argv[4] ?? size(50, 1));
const TIERS = ['frontend', 'backend', 'cache', 'batch'];
const member = (m: number): string => `member${String(m + 1).padStart(2, '0')}`;

/** Deployment i of a member, about the size an API server returns (2.6 KB of JSON, a third of it managedFields). */
function deployment(m: number, i: number): KubeObject {
  const app = `app-${i % 1000}`;
  const time = '2026-11-30T12:00:00Z';
  const hex = (m * 100_000 + i).toString(16).padStart(12, '0');
  const container = {
    name: 'web',
    image: 'registry.example.com/team/web:1.27.3',
    ports: [{ containerPort: 8080, protocol: 'TCP' }],
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: `web-${i}`,
      namespace: `team-${i % 50}`,
      uid: `6f1c2e8a-1b2c-4d5e-8f90-${hex}`,
      resourceVersion: String(100_000 + i),
      generation: 1,
      creationTimestamp: time,
      labels: { app, tier: TIERS[i % 4] as string, team: `team-${i % 50}`, 'flotilla.io/managed-by': 'flotilla' },
      annotations: {
        'deployment.kubernetes.io/revision': '1',
        'flotilla.io/template': `apps/v1/Deployment/team-${i % 50}/web-${i}`,
      },
      managedFields: [
        {
          manager: 'flotilla',
          operation: 'Apply',
          apiVersion: 'apps/v1',
          time,
          fieldsType: 'FieldsV1',
          fieldsV1: {
            'f:metadata': { 'f:labels': { 'f:app': {}, 'f:tier': {}, 'f:team': {} } },
            'f:spec': {
              'f:replicas': {},
              'f:selector': {},
              'f:template': {
                'f:metadata': { 'f:labels': { 'f:app': {} } },
                'f:spec': {
                  'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:ports': {} } },
                },
              },
            },
          },
        },
        {
          manager: 'kube-controller-manager',
          operation: 'Update',
          apiVersion: 'apps/v1',
          time,
          fieldsType: 'FieldsV1',
          subresource: 'status',
          fieldsV1: {
            'f:status': {
              'f:availableReplicas': {},
              'f:conditions': {},
              'f:observedGeneration': {},
              'f:readyReplicas': {},
              'f:replicas': {},
              'f:updatedReplicas': {},
            },
          },
        },
      ],
    },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app } },
      template: {
        metadata: { labels: { app } },
        spec: {
          containers: [
            {
              ...container,
              resources: { requests: { cpu: '100m', memory: '128Mi' } },
              terminationMessagePath: '/dev/termination-log',
              terminationMessagePolicy: 'File',
              imagePullPolicy: 'IfNotPresent',
            },
          ],
          restartPolicy: 'Always',
          terminationGracePeriodSeconds: 30,
          dnsPolicy: 'ClusterFirst',
          schedulerName: 'default-scheduler',
          securityContext: {},
        },
      },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
    },
    status: {
      observedGeneration: 1,
      replicas: 2,
      updatedReplicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
      conditions: [
        {
          type: 'Available',
          status: 'True',
          lastUpdateTime: time,
          lastTransitionTime: time,
          reason: 'MinimumReplicasAvailable',
          message: 'Deployment has minimum availability.',
        },
        {
          type: 'Progressing',
          status: 'True',
          lastUpdateTime: time,
          lastTransitionTime: time,
          reason: 'NewReplicaSetAvailable',
          message: `ReplicaSet "web-${i}-7c9f8d6b5" has successfully progressed.`,
        },
      ],
    },
  };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
const ms = (n: number): string => n.toFixed(2);

collect();
const heapBefore = process.memoryUsage().heapUsed;
const store = new MemorySearchStore();
let jsonBytes = 0;
const ingestStart = performance.now();
for (let m = 0; m < MEMBERS; m++) {
  const objects = Array.from({ length: PER_MEMBER }, (_, i) => deployment(m, i));
  jsonBytes += objects.reduce((n, o) => n + Buffer.byteLength(JSON.stringify(o)), 0);
  store.replace(
    { cluster: member(m), resource: 'apps/v1/Deployment' },
    objects.map((o) => compactObject(o, member(m))),
    String(100_000 + PER_MEMBER),
  );
}
const ingestMs = performance.now() - ingestStart;
collect();
const heapCache = process.memoryUsage().heapUsed - heapBefore;
const total = MEMBERS * PER_MEMBER;

console.log(
  `${MEMBERS} members x ${PER_MEMBER} Deployments = ${total} objects; ingest (compact + replace) ${ms(ingestMs)} ms`,
);
console.log(
  `objects as the API server sends them: ${mib(jsonBytes)} MiB of JSON (${Math.round(jsonBytes / total)} B each)`,
);
console.log(
  `cache heap after GC: ${mib(heapCache)} MiB (${Math.round(heapCache / total)} B per object); process RSS ${mib(process.memoryUsage().rss)} MiB`,
);

const QUERIES: [string, Omit<StoreQuery, 'resource'>, string][] = [
  ['app=app-7 (one app, every member)', { labels: parseLabelSelector('app=app-7') }, 'labelSelector=app%3Dapp-7'],
  [
    'tier=backend, limit 500 (first page)',
    { labels: parseLabelSelector('tier=backend'), limit: 500 },
    'labelSelector=tier%3Dbackend&limit=500',
  ],
  [
    'team in (team-1,team-2),tier!=batch',
    { labels: parseLabelSelector('team in (team-1,team-2),tier!=batch') },
    `labelSelector=${encodeURIComponent('team in (team-1,team-2),tier!=batch')}`,
  ],
  ['namespace team-3, tier=frontend', { namespace: 'team-3', labels: parseLabelSelector('tier=frontend') }, ''],
];

const server = await startSearchServer({
  address: '127.0.0.1:0',
  token: 'bench',
  cache: {
    store,
    resources: () => [
      { group: 'apps', version: 'v1', kind: 'Deployment', resource: 'deployments', namespaced: true, verbs: ['list'] },
    ],
    problems: () => [],
    served: async () => undefined,
    subscribe: () => () => undefined,
  },
});
const rows: (string | number)[][] = [
  ['query', 'objects', 'store P50 ms', 'store P99 ms', 'HTTP P50 ms', 'HTTP P99 ms', 'HTTP KiB'],
];
for (const [name, query, params] of QUERIES) {
  const storeMs: number[] = [];
  const httpMs: number[] = [];
  let count = 0;
  let bytes = 0;
  const path = query.namespace
    ? `/apis/search.karmada.io/v1alpha1/search/cache/apis/apps/v1/namespaces/${query.namespace}/deployments?labelSelector=tier%3Dfrontend`
    : `/apis/search.karmada.io/v1alpha1/search/cache/apis/apps/v1/deployments?${params}`;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    count = (await store.list({ resource: 'apps/v1/Deployment', ...query })).items.length;
    storeMs.push(performance.now() - t0);
    const t1 = performance.now();
    const body = await (await fetch(`${server.url}${path}`, { headers: { Authorization: 'Bearer bench' } })).text();
    httpMs.push(performance.now() - t1);
    bytes = body.length;
  }
  rows.push([
    name,
    count,
    ms(percentile(storeMs, 50)),
    ms(percentile(storeMs, 99)),
    ms(percentile(httpMs, 50)),
    ms(percentile(httpMs, 99)),
    Math.round(bytes / 1024),
  ]);
}

// Every object, 500 at a time, following continue as kubectl and `flotilla get --from` do.
const allStart = performance.now();
let seen = 0;
let pages = 0;
let token = '';
do {
  const doc = (await (
    await fetch(
      `${server.url}/apis/search.karmada.io/v1alpha1/search/cache/apis/apps/v1/deployments?limit=500${token ? `&continue=${token}` : ''}`,
      { headers: { Authorization: 'Bearer bench' } },
    )
  ).json()) as { items: unknown[]; metadata: { continue?: string } };
  seen += doc.items.length;
  pages++;
  token = doc.metadata.continue ?? '';
} while (token);
await server.close();
printTable(rows);
console.log(
  `every object over HTTP in pages of 500: ${seen} objects, ${pages} pages, ${ms(performance.now() - allStart)} ms`,
);
