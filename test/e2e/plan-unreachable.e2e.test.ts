// A live plan with one member down never reads "0 to change" for it: its changes are unknown, the
// JSON leaves it out of `changes` with an error entry, and --detailed-exitcode never says "no
// changes" (exit 1, not 0 or 2).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { runCli } from '../cli/run-cli.ts';
import { clusterObjects, configMap, FleetRepo } from './helpers/apply-fleet.ts';
import { fleetKubeconfig } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';

/** A loopback port nothing listens on: connections to it are refused at once, as to a stopped member. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The fleet's kubeconfig plus a context `stopped` whose server refuses connections. */
async function kubeconfigWithStoppedMember(): Promise<string> {
  const config = parse(readFileSync(fleetKubeconfig(), 'utf8')) as Record<string, unknown[]>;
  config['clusters']!.push({ name: 'stopped', cluster: { server: `https://127.0.0.1:${await closedPort()}`, 'insecure-skip-tls-verify': true } });
  config['users']!.push({ name: 'stopped', user: { token: 'nobody' } });
  config['contexts']!.push({ name: 'stopped', context: { cluster: 'stopped', user: 'stopped' } });
  const file = join(mkdtempSync(join(tmpdir(), 'flotilla-kc-')), 'config');
  writeFileSync(file, stringify(config));
  return file;
}

describe('a live plan with one member stopped', { timeout: 180_000 }, () => {
  const namespace = fleetNamespace('unreachable');

  it('says its changes are unknown in text and JSON, and exits 1 with --detailed-exitcode', async () => {
    const ns = namespace();
    const kubeconfig = await kubeconfigWithStoppedMember();
    const members = ['member1', 'stopped'];
    const repo = new FleetRepo(ns);
    repo.commit({
      'clusters.yaml': clusterObjects(members),
      'policy.yaml': `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: everything}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]
  placement: {clusterAffinity: {clusterNames: [member1, stopped]}}
`,
      'app.yaml': configMap(ns, 'app', { k: 'v' }),
    });
    const args = ['plan', '--repo', repo.dir, '--kubeconfig', kubeconfig, '--inventory-name', repo.inventoryName];

    const text = runCli([...args, '--no-color']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/stopped: \d+ objects; unreachable: changes unknown/);
    expect(text.stdout).not.toMatch(/stopped: \d+ objects; 0 to create/);
    expect(text.stdout).toMatch(/member1: \d+ objects; \d+ to create/);

    const json = JSON.parse(runCli([...args, '-o', 'json']).stdout) as {
      changes: Record<string, unknown[]>;
      diagnostics: { severity: string; object?: string }[];
    };
    expect(Object.keys(json.changes)).toEqual(['member1']);
    expect(json.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', object: 'Cluster/stopped' }));

    expect(runCli([...args, '--detailed-exitcode']).code).toBe(1);
  });
});
