/**
 * Endpoints controller benchmark (issue 20): what one provider change costs before anything is written — the plan of
 * every consumer's copies (the engine plans each consumer it syncs after a gathered burst of changes) and the records
 * (recomputed at most once per status interval), from every collection. S exported Services, each provided by P members with K EndpointSlices of E endpoints,
 * consumed by C members. Run: `node bench/endpoints.ts [services] [providers] [consumers] [slices] [endpoints] [runs]`.
 */
import { performance } from 'node:perf_hooks';
import {
  collectionKey,
  dispatchPlan,
  type Collection,
} from '../src/controllers/multicluster-services/dispatch-plan.ts';
import type { ExportedService } from '../src/controllers/multicluster-services/exported-services.ts';
import type { MemberView } from '../src/controllers/multicluster-services/member-views.ts';
import { serviceRecords } from '../src/controllers/multicluster-services/service-records.ts';
import type { EndpointSlice } from '../src/model/index.ts';
import { size } from './lib/size.ts';

const arg = (i: number, fallback: number): number => Number(process.argv[2 + i] ?? fallback);
const [SERVICES, PROVIDERS, CONSUMERS, SLICES, ENDPOINTS, RUNS] = [
  arg(0, size(200, 2)),
  arg(1, size(5, 1)),
  arg(2, size(10, 1)),
  arg(3, size(2, 1)),
  arg(4, size(100, 2)),
  arg(5, size(7, 1)),
] as const;
const members = Array.from({ length: PROVIDERS + CONSUMERS }, (_, i) => `member-${i}`);
const providers = members.slice(0, PROVIDERS);
const consumers = members.slice(PROVIDERS);
const views = new Map<string, MemberView>(members.map((m) => [m, { ready: true, servesSlices: true }]));

function slice(service: string, provider: number, k: number): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: `${service}-${k}`, namespace: 'shop', labels: { 'kubernetes.io/service-name': service } },
    addressType: 'IPv4',
    endpoints: Array.from({ length: ENDPOINTS }, (_, e) => ({
      addresses: [`10.${provider}.${k}.${e}`],
      conditions: { ready: true },
      nodeName: `node-${e % 10}`,
    })),
    ports: [{ name: 'http', port: 80, protocol: 'TCP' }],
  };
}

const services: ExportedService[] = Array.from({ length: SERVICES }, (_, s) => ({
  kind: 'MultiClusterService',
  key: `networking.karmada.io/MultiClusterService/shop/svc-${s}`,
  namespace: 'shop',
  name: `svc-${s}`,
  consumerService: `svc-${s}`,
  providers,
  consumers,
}));
const collections = new Map<string, Collection>();
for (const s of services) {
  for (const [pi, p] of providers.entries()) {
    const slices = new Map(Array.from({ length: SLICES }, (_, k) => [`${s.name}-${k}`, slice(s.name, pi, k)] as const));
    collections.set(collectionKey(p, 'shop', s.name), { synced: true, slices });
  }
}

const times: number[] = [];
let copies = 0;
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const plans = dispatchPlan(services, views, collections);
  serviceRecords({
    services,
    views,
    collections,
    plans,
    outcomes: new Map(),
    owned: new Set(consumers),
    restored: new Map(),
  });
  times.push(performance.now() - started);
  copies = [...plans.values()].reduce((n, p) => n + p.slices.size, 0);
}
times.sort((a, b) => a - b);
console.log(
  `${SERVICES} services x ${PROVIDERS} providers x ${SLICES} slices of ${ENDPOINTS} endpoints, ${CONSUMERS} consumers: ${copies} copies planned`,
);
console.log(
  `plan + records: median ${times[Math.floor(RUNS / 2)]?.toFixed(1)} ms, fastest ${times[0]?.toFixed(1)} ms (${RUNS} runs)`,
);
