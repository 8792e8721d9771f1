/**
 * Scheduler benchmark (issue 4): 10,000 bindings over 100 clusters, a mix of every strategy.
 * Run: `node bench/scheduler.ts`. Prints the total and the per-binding P50 / P90 / P99, first with the
 * general estimator, then with every cluster's nodes observed (the accurate estimator, issue 31), and
 * the ratio of their CPU times.
 * Target: under 2 s in total on a 2-core machine (Karmada: 12 / 15 / 32 ms P50 / P90 / P99).
 */
import { performance } from 'node:perf_hooks';
import type { Cluster, Placement } from '../src/model/index.ts';
import { createScheduler, type MemberNodes, type SchedulingInput } from '../src/scheduler/index.ts';
import { size } from './lib/size.ts';

const CLUSTERS = size(100, 5);
const BINDINGS = size(10_000, 20);

/** A fixed linear congruential generator: the same fleet and bindings on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const rand = random(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const regions = ['us-east', 'us-west', 'eu-central', 'ap-south', 'sa-east'];
const providers = ['aws', 'gcp', 'azure'];

function makeCluster(i: number): Cluster {
  const region = regions[i % regions.length] as string;
  const nodes = 3 + Math.floor(rand() * 20);
  return {
    apiVersion: 'cluster.karmada.io/v1alpha1',
    kind: 'Cluster',
    metadata: {
      name: `member-${String(i).padStart(3, '0')}`,
      labels: { env: pick(['prod', 'staging']), tier: pick(['gold', 'silver']) },
    },
    spec: {
      provider: pick(providers),
      region,
      zones: [`${region}-a`, `${region}-b`],
      ...(i % 17 === 0 ? { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' as const }] } : {}),
    },
    status: {
      conditions: [{ type: 'Ready', status: i % 31 === 0 ? 'False' : 'True' }],
      resourceSummary: {
        allocatable: { cpu: `${nodes * 8}`, memory: `${nodes * 32}Gi`, pods: `${nodes * 110}` },
        allocated: { cpu: `${nodes * 2500}m`, memory: `${nodes * 10}Gi`, pods: `${nodes * 30}` },
        allocating: { cpu: '500m', pods: '2' },
      },
    },
  };
}

const divided = (extra: NonNullable<Placement['replicaScheduling']>): Placement['replicaScheduling'] => ({
  replicaSchedulingType: 'Divided',
  ...extra,
});

function makePlacement(kind: number): Placement {
  switch (kind) {
    case 0:
      return { clusterAffinity: { labelSelector: { matchLabels: { env: 'prod' } } } };
    case 1:
      return {
        replicaScheduling: divided({
          replicaDivisionPreference: 'Weighted',
          weightPreference: {
            staticWeightList: [
              { targetCluster: { labelSelector: { matchLabels: { tier: 'gold' } } }, weight: 3 },
              {
                targetCluster: {
                  fieldSelector: {
                    matchExpressions: [{ key: 'region', operator: 'In', values: ['us-east', 'eu-central'] }],
                  },
                },
                weight: 1,
              },
            ],
          },
        }),
      };
    case 2:
      return {
        replicaScheduling: divided({
          replicaDivisionPreference: 'Weighted',
          weightPreference: { dynamicWeight: 'AvailableReplicas' },
        }),
      };
    case 3:
      return {
        clusterAffinity: {
          fieldSelector: { matchExpressions: [{ key: 'provider', operator: 'In', values: ['aws', 'gcp'] }] },
        },
        replicaScheduling: divided({ replicaDivisionPreference: 'Aggregated' }),
      };
    case 4:
      return {
        spreadConstraints: [
          { spreadByField: 'region', minGroups: 2, maxGroups: 3 },
          { spreadByField: 'cluster', minGroups: 3, maxGroups: 6 },
        ],
        replicaScheduling: divided({
          replicaDivisionPreference: 'Weighted',
          weightPreference: { dynamicWeight: 'AvailableReplicas' },
        }),
      };
    default:
      return {
        clusterAffinities: [
          { affinityName: 'primary', labelSelector: { matchLabels: { env: 'staging', tier: 'gold' } } },
          { affinityName: 'backup', labelSelector: { matchLabels: { env: 'prod' } } },
        ],
        clusterTolerations: [{ key: 'dedicated', operator: 'Exists' }],
        spreadConstraints: [{ spreadByField: 'cluster', minGroups: 1, maxGroups: 4 }],
        replicaScheduling: divided({ replicaDivisionPreference: 'Aggregated' }),
      };
  }
}

function makeInput(i: number): SchedulingInput {
  const kind = i % 6;
  return {
    resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: `team-${i % 50}`, name: `app-${i}` },
    replicas: 1 + Math.floor(rand() * 50),
    replicaRequirements: {
      resourceRequest: { cpu: pick(['100m', '250m', '1']), memory: pick(['128Mi', '512Mi', '1Gi']) },
    },
    placement: makePlacement(kind),
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const clusters = Array.from({ length: CLUSTERS }, (_, i) => makeCluster(i));
const inputs = Array.from({ length: BINDINGS }, (_, i) => makeInput(i));

/** Every cluster's nodes as `run` observes them (3 to 22 nodes of 8 cores, a fifth of them busy), for the accurate estimator. */
function observedNodes(): MemberNodes {
  return new Map(
    clusters.map((c) => {
      const count = Math.round(Number(c.status?.resourceSummary?.allocatable?.['cpu'] ?? 8) / 8);
      const nodes = Array.from({ length: count }, (_, n) => ({
        name: `${c.metadata.name}-node-${n}`,
        labels: { 'kubernetes.io/hostname': `${c.metadata.name}-node-${n}` },
        taints: [],
        unschedulable: false,
        idle: { milliCpu: n % 5 === 0 ? 500 : 5500, memory: 22 * 2 ** 30, ephemeralStorage: 0, pods: 80, scalars: {} },
      }));
      return [c.metadata.name, nodes];
    }),
  );
}

/** Schedules every binding with one prepared scheduler; prints the totals, returns the CPU milliseconds. */
function measure(label: string, nodes: MemberNodes): number {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const scheduler = createScheduler(clusters, nodes);
  const times: number[] = [];
  let failed = 0;
  for (const input of inputs) {
    const t0 = performance.now();
    const result = scheduler(input);
    times.push(performance.now() - t0);
    if (result.error) failed += 1;
  }
  const total = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  times.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(3)} ms`;
  console.log(
    `${label}: ${BINDINGS} bindings over ${CLUSTERS} clusters in ${total.toFixed(0)} ms (${Math.round(BINDINGS / (total / 1000))} bindings/s, ${failed} unschedulable)`,
  );
  console.log(`  CPU time ${cpuMs.toFixed(0)} ms (wall time includes preemption on a shared machine)`);
  console.log(
    `  per binding: P50 ${ms(percentile(times, 50))}, P90 ${ms(percentile(times, 90))}, P99 ${ms(percentile(times, 99))}`,
  );
  return cpuMs;
}

const general = measure('scheduler (general estimator)', new Map());
const accurate = measure('scheduler (accurate estimator on every cluster)', observedNodes());
console.log(`accurate / general CPU time: ${(accurate / general).toFixed(2)}`);
