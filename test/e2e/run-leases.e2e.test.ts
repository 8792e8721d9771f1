// flotilla run replicas coordinating through Leases in a host cluster (member1 of
// the local fleet): members split between two shards, never applied by both, and
// a killed replica's members taken over once its Lease expires.
import { execFileSync } from 'node:child_process';
import { CoordinationV1Api, CoreV1Api } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { shardOf } from '../../src/reconcile/leases/shard-of.ts';
import { configMap, FleetRepo, policy } from './helpers/apply-fleet.ts';
import { apiFor, fleetKubeconfig, memberNames } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { cleanUpRunProcesses, metricValue, startRun } from './helpers/run-process.ts';
import { waitFor } from './helpers/wait.ts';

const CONFIGMAPS = policy([['v1', 'ConfigMap']]);

function replica(repo: string, ns: string, identity: string) {
  return startRun([
    '--repo', repo, '--kubeconfig', fleetKubeconfig(), '--metrics-addr', '127.0.0.1:0', '--probe-interval', '1h', '--resync', '0',
    '--shards', '2', '--host-kubeconfig', fleetKubeconfig(), '--host-context', 'member1', '--lease-namespace', ns,
    '--lease-duration', '3s', '--identity', identity,
  ]);
}

/** Shard holders, by shard index, read from the host cluster. */
async function holders(ns: string): Promise<string[]> {
  const leases = await apiFor('member1', CoordinationV1Api).listNamespacedLease({ namespace: ns });
  return [0, 1].map((i) => leases.items.find((l) => l.metadata?.name === `flotilla-shard-${i}`)?.spec?.holderIdentity ?? '');
}

function allHold(member: string, ns: string, value: string): Promise<true> {
  return waitFor(`${member} to hold k=${value}`, async () => {
    const cm = await apiFor(member, CoreV1Api).readNamespacedConfigMap({ name: 'sharded', namespace: ns });
    return cm.data?.['k'] === value ? true : undefined;
  }, { timeoutMs: 60_000, intervalMs: 200 });
}

describe('flotilla run with Leases', () => {
  const namespace = fleetNamespace('run-leases');
  cleanUpRunProcesses();

  it('splits the members between two replicas, never applies one from both, and takes over a killed replica\'s members', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'sharded', { k: '1' }) });
    const a = replica(repo.dir, ns, 'replica-a');
    await waitFor('replica-a to hold both shards', async () => ((await holders(ns)).every((h) => h === 'replica-a') ? true : undefined), { timeoutMs: 30_000 });
    await Promise.all(memberNames.map((m) => allHold(m, ns, '1')));

    const b = replica(repo.dir, ns, 'replica-b');
    const split = await waitFor('the shards to be split between the replicas', async () => {
      const h = await holders(ns);
      return new Set(h).size === 2 && h.every((x) => x !== '') ? h : undefined;
    }, { timeoutMs: 30_000 });
    const ownerOf = (member: string): string => split[shardOf(member, 2)] ?? '';

    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'sharded', { k: '2' }) });
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo.dir, encoding: 'utf8' }).trim();
    await Promise.all([a, b].map((r) => r.waitForLog('both replicas to reconcile the commit', (x) => x['msg'] === 'pass finished' && x['commit'] === head)));
    await Promise.all(memberNames.map((m) => allHold(m, ns, '2')));
    const [textA, textB] = await Promise.all([a.metrics(), b.metrics()]);
    for (const member of memberNames) {
      const series = `flotilla_objects_applied_total{cluster="${member}",action="configured"}`;
      const [mine, theirs] = ownerOf(member) === 'replica-a' ? [textA, textB] : [textB, textA];
      expect(metricValue(mine, series), `${member} configured by its owner (${split.join(', ')})\n${mine.split('\n').filter((l) => l.startsWith('flotilla_objects')).join('\n')}`).toBe(1);
      expect(metricValue(theirs, series), `${member} not configured by the other replica`).toBeUndefined();
    }

    await b.kill();
    await waitFor('replica-a to take over both shards', async () => ((await holders(ns)).every((h) => h === 'replica-a') ? true : undefined), { timeoutMs: 30_000 });
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': configMap(ns, 'sharded', { k: '3' }) });
    await Promise.all(memberNames.map((m) => allHold(m, ns, '3')));
    expect(await a.stop()).toBe(0);
    expect((await holders(ns)).every((h) => h === '')).toBe(true);
  });
});
