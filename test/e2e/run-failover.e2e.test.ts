// flotilla run failing a member over: member3 is reached through a TCP proxy the
// test controls (the shared fleet's apiserver keeps running for other suites);
// closing the proxy makes member3 unreachable, its replicas move to member1 and
// member2 after the grace period, and come back when the proxy opens again.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppsV1Api } from '@kubernetes/client-node';
import { describe, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { FleetRepo } from './helpers/apply-fleet.ts';
import { apiFor, fleetKubeconfig } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { cleanUpRunProcesses, startRun } from './helpers/run-process.ts';
import { waitFor } from './helpers/wait.ts';

/** A TCP proxy to `target` that can be closed (connections refused) and opened again on the same port. */
class Proxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly target: { host: string; port: number };
  port = 0;
  constructor(target: { host: string; port: number }) {
    this.target = target;
  }

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function deployment(ns: string): string {
  return JSON.stringify({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: ns },
    spec: { replicas: 6, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
  });
}

function dividedPolicy(ns: string): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: ${ns}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  placement:
    clusterAffinity: {clusterNames: [member1, member2, member3]}
    replicaScheduling:
      replicaSchedulingType: Divided
      replicaDivisionPreference: Weighted
      weightPreference:
        staticWeightList:
          - {targetCluster: {clusterNames: [member1]}, weight: 1}
          - {targetCluster: {clusterNames: [member2]}, weight: 1}
          - {targetCluster: {clusterNames: [member3]}, weight: 1}
`;
}

/** The fleet kubeconfig with member3's server replaced by the proxy. */
function proxiedKubeconfig(port: number): string {
  const config = parse(readFileSync(fleetKubeconfig(), 'utf8')) as { clusters: { name: string; cluster: { server: string } }[] };
  for (const c of config.clusters) if (c.name === 'member3') c.cluster.server = `https://127.0.0.1:${port}`;
  const file = join(mkdtempSync(join(tmpdir(), 'flotilla-failover-')), 'kubeconfig');
  writeFileSync(file, stringify(config));
  return file;
}

function member3Target(): { host: string; port: number } {
  const config = parse(readFileSync(fleetKubeconfig(), 'utf8')) as { clusters: { name: string; cluster: { server: string } }[] };
  const url = new URL(config.clusters.find((c) => c.name === 'member3')?.cluster.server ?? '');
  return { host: url.hostname, port: Number(url.port) };
}

function replicasIn(member: string, ns: string, expected: number): Promise<true> {
  return waitFor(`Deployment ${ns}/web in ${member} to have ${expected} replicas`, async () => {
    const d = await apiFor(member, AppsV1Api).readNamespacedDeployment({ name: 'web', namespace: ns });
    return d.spec?.replicas === expected ? true : undefined;
  }, { timeoutMs: 60_000, intervalMs: 250 });
}

describe('flotilla run failover', () => {
  const namespace = fleetNamespace('run-failover');
  cleanUpRunProcesses();

  it('moves a member\'s replicas away after the grace period and back when it recovers', async () => {
    const ns = namespace();
    const proxy = new Proxy(member3Target());
    await proxy.open();
    try {
      const repo = new FleetRepo(ns);
      repo.commit({ 'policy.yaml': dividedPolicy(ns), 'app.yaml': deployment(ns) });
      startRun(['--repo', repo.dir, '--kubeconfig', proxiedKubeconfig(proxy.port), '--resync', '0', '--probe-interval', '1s', '--failover-grace', '3s']);
      await Promise.all(['member1', 'member2', 'member3'].map((m) => replicasIn(m, ns, 2)));

      await proxy.close();
      await Promise.all(['member1', 'member2'].map((m) => replicasIn(m, ns, 3)));

      await proxy.open();
      await Promise.all(['member1', 'member2', 'member3'].map((m) => replicasIn(m, ns, 2)));
    } finally {
      await proxy.close();
    }
  });
});
