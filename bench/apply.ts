// `node bench/apply.ts` (the local fleet must be up: npm run clusters:up). 500 objects to each of
// the 3 members with Flotilla's runner (clusters in parallel) against `kubectl apply --server-side`
// of the same manifests cluster after cluster; then a no-op re-apply of the 1,500 objects, whose
// writes are counted. Each contender gets its own fresh namespace. Next to wall time: the client's
// CPU and the members' (their API servers, etcd and controllers share the machine's cores with the
// client, so what they spend per object bounds how fast any client can apply).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectKubeClient } from '../src/apply/client-node-kube-client.ts';
import type { KubeClient } from '../src/apply/kube-client.ts';
import { loadKubeconfig } from '../src/apply/kubeconfig.ts';
import { runApply } from '../src/apply/runner.ts';
import type { DesiredObject } from '../src/apply/triage.ts';
import { childrenCpuSeconds, fleetCpuSeconds } from './lib/fleet-cpu.ts';
import { size } from './lib/size.ts';

const FLEET = join(import.meta.dirname, '..', '.flotilla-dev');
const KUBECONFIG = join(FLEET, 'kubeconfig');
const KUBECTL = join(
  process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'),
  'flotilla',
  'bin',
  'kubernetes-v1.36.3',
  'kubectl',
);
const MEMBERS = ['member1', 'member2', 'member3'];
const N = size(500, 5);
if (!existsSync(KUBECONFIG)) throw new Error('the local fleet is not up: run npm run clusters:up first');

function objects(ns: string): DesiredObject[] {
  const labels = { 'flotilla.io/managed-by': 'flotilla', app: 'bench' };
  const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns, labels } };
  const items = Array.from({ length: N - 1 }, (_, i) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: `cm-${i}`, namespace: ns, labels, annotations: { 'flotilla.io/conflict-resolution': 'abort' } },
    data: { index: String(i), payload: 'x'.repeat(200) },
  }));
  return [namespace, ...items].map((manifest) => ({ manifest, suspended: false, preserveOnDeletion: false }));
}

/**
 * The client with its writes counted. Every method of the interface is passed on by name: a spread
 * of the client loses the methods of its class (withSignal), and an object inheriting from it
 * cannot reach the class's private fields.
 */
/** Writes of the applied objects (n), and of the inventory's Lease. */
interface Writes {
  n: number;
  lease: number;
}

function counting(client: KubeClient, writes: Writes): KubeClient {
  return {
    cluster: client.cluster,
    discover: () => client.discover(),
    get: (r) => client.get(r),
    list: (q) => client.list(q),
    listWithVersion: (q) => client.listWithVersion(q),
    watch: (q, onEvent, signal) => client.watch(q, onEvent, signal),
    raw: (p, accept) => client.raw(p, accept),
    apply: (o, r) => {
      // The inventory's Lease is taken and given back on every apply: a lock, not a change.
      if (!r.dryRun) writes[o.kind === 'Lease' ? 'lease' : 'n']++;
      return client.apply(o, r);
    },
    delete: (r, p) => {
      writes.n++;
      return client.delete(r, p);
    },
    withSignal: (signal) => counting(client.withSignal(signal), writes),
  };
}

/** Wall time, the client's CPU and the members' CPU of one run, in seconds. */
interface Cost {
  wall: number;
  client: number;
  members: number;
}

/** As the CLI connects: `--qps`/`--burst` (BENCH_QPS, BENCH_BURST) given or not. */
const QPS = process.env['BENCH_QPS'];
const BURST = process.env['BENCH_BURST'];
const clientOptions = {
  ...(QPS ? { qps: Number(QPS) } : {}),
  ...(BURST ? { burst: Number(BURST) } : {}),
  yieldToFlowControl: QPS === undefined && BURST === undefined,
};

async function flotilla(ns: string, writes: Writes): Promise<Cost> {
  const config = await loadKubeconfig({ kubeconfig: KUBECONFIG });
  const targets = await Promise.all(
    MEMBERS.map(async (m) => ({
      cluster: m,
      client: counting(await connectKubeClient(m, m, config, clientOptions), writes),
      items: objects(ns),
    })),
  );
  const start = performance.now();
  const cpu = process.cpuUsage();
  const members = fleetCpuSeconds(FLEET);
  for await (const event of runApply(targets, { inventoryName: `bench-${ns}` })) {
    if (event.type === 'cluster-finished' && (event.result.error || event.result.objects.some((o) => o.error)))
      throw event.result.error ?? event.result.objects.find((o) => o.error)?.error;
  }
  const used = process.cpuUsage(cpu);
  return {
    wall: (performance.now() - start) / 1000,
    client: (used.user + used.system) / 1e6,
    members: fleetCpuSeconds(FLEET) - members,
  };
}

function kubectl(ns: string): Cost {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-apply-')), 'objects.json');
  writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects(ns).map((o) => o.manifest) }));
  const start = performance.now();
  const members = fleetCpuSeconds(FLEET);
  const children = childrenCpuSeconds();
  for (const m of MEMBERS)
    execFileSync(
      KUBECTL,
      [
        '--kubeconfig',
        KUBECONFIG,
        '--context',
        m,
        'apply',
        '--server-side',
        '--field-manager',
        'kubectl-bench',
        '-f',
        file,
      ],
      { stdio: 'ignore' },
    );
  return {
    wall: (performance.now() - start) / 1000,
    client: childrenCpuSeconds() - children,
    members: fleetCpuSeconds(FLEET) - members,
  };
}

function cleanup(ns: string): void {
  for (const m of MEMBERS)
    execFileSync(
      KUBECTL,
      ['--kubeconfig', KUBECONFIG, '--context', m, 'delete', 'namespace', ns, '--wait=false', '--ignore-not-found'],
      { stdio: 'ignore' },
    );
}

const cores = availableParallelism();
const suffix = Date.now().toString(36);
const [nsF, nsK] = [`bench-flotilla-${suffix}`, `bench-kubectl-${suffix}`];
try {
  const k = kubectl(nsK);
  const first = { n: 0, lease: 0 };
  const f = await flotilla(nsF, first);
  const noop = { n: 0, lease: 0 };
  const again = await flotilla(nsF, noop);
  const cost = (c: Cost) =>
    `${c.wall.toFixed(2)} s (CPU: client ${c.client.toFixed(2)} s, members ${c.members.toFixed(2)} s)`;
  console.log(`apply ${N} objects x ${MEMBERS.length} clusters`);
  console.log(`  flotilla: ${cost(f)}, ${first.n} writes, ${first.lease} of the inventory Lease`);
  console.log(`  kubectl apply --server-side, cluster after cluster: ${cost(k)}`);
  console.log(`  ratio (kubectl wall / flotilla wall): ${(k.wall / f.wall).toFixed(1)}x`);
  console.log(
    `  bound on this machine (kubectl wall / the members' CPU of the flotilla run spread over ${cores} cores): ${(k.wall / (f.members / cores)).toFixed(1)}x`,
  );
  console.log(
    `no-op re-apply of ${N * MEMBERS.length} objects: ${cost(again)}, ${noop.n} writes (${noop.lease} of the inventory Lease)`,
  );
} finally {
  cleanup(nsF);
  cleanup(nsK);
}
