// Two writers on the same members never orphan objects: two `apply --prune`
// of different commits at once (two CI jobs), and `apply --prune` killed with
// SIGKILL at random points, against the local fleet. Each member's inventory
// Lease serialises the writers; a killed writer's Lease expires and is taken over.
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { configMap, FleetRepo, policy } from './helpers/apply-fleet.ts';
import { cleanUpApplyProcesses, labelledNames, outcome, startApply, unlisted } from './helpers/apply-process.ts';
import { fleetKubeconfig, memberNames } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';

const CONFIGMAPS = policy([['v1', 'ConfigMap']]);
/** Short, so the tests do not wait long for a killed writer's Lease to expire. */
const LEASE = '3s';

function maps(ns: string, prefix: string, count: number): string {
  return Array.from({ length: count }, (_, i) => configMap(ns, `${prefix}${i}`, { i: String(i) })).join('\n---\n');
}

/** A repository with one commit per ConfigMap set; returns their ids. */
function commits(repo: FleetRepo, ns: string, sets: readonly [string, number][]): string[] {
  return sets.map(([prefix, count]) => {
    repo.commit({ 'policy.yaml': CONFIGMAPS, 'app.yaml': maps(ns, prefix, count) });
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo.dir, encoding: 'utf8' }).trim();
  });
}

function applyArgs(repo: FleetRepo, ref: string): string[] {
  return [
    '--repo',
    repo.dir,
    '--ref',
    ref,
    '--kubeconfig',
    fleetKubeconfig(),
    '--inventory-name',
    repo.inventoryName,
    '--prune',
    '--allow-mass-prune',
    '--lease-duration',
    LEASE,
    '--member-timeout',
    '90s',
    '-o',
    'json',
  ];
}

async function expectNothingUnlisted(ns: string, inventoryName: string): Promise<void> {
  for (const member of memberNames) expect({ member, unlisted: await unlisted(member, ns, inventoryName) }).toEqual({ member, unlisted: [] });
}

describe('two writers on the same members', { timeout: 240_000 }, () => {
  const namespace = fleetNamespace('writers');
  cleanUpApplyProcesses();

  it('two apply --prune of different commits at once leave every labelled object in the inventory', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const [a, b] = commits(repo, ns, [
      ['a', 12],
      ['b', 12],
    ]);
    for (let round = 0; round < 3; round++) {
      const [first, second] = round % 2 === 0 ? [a!, b!] : [b!, a!];
      const exits = await Promise.all([startApply(applyArgs(repo, first)).exit, startApply(applyArgs(repo, second)).exit]);
      // Both succeed: the second waits for the first's Lease, then applies its commit and prunes the other's.
      expect(exits.map(outcome)).toEqual([
        [0, ''],
        [0, ''],
      ]);
      await expectNothingUnlisted(ns, repo.inventoryName);
      const left = await labelledNames('member1', ns);
      expect([...new Set(left.map((n) => n[0]))]).toHaveLength(1);
    }
  });

  it('apply --prune killed at random points, then one apply: nothing orphaned', async () => {
    const ns = namespace();
    const repo = new FleetRepo(ns);
    const refs = commits(repo, ns, [
      ['p', 20],
      ['q', 20],
      ['r', 5],
    ]);
    for (let kill = 0; kill < 4; kill++) {
      const { child, exit } = startApply(applyArgs(repo, refs[kill % 2]!));
      // Start-up takes about a second; a pass a few more: kills land before, during and after the writes.
      await sleep(800 + Math.random() * 4000);
      child.kill('SIGKILL');
      await exit;
    }
    const final = await startApply(applyArgs(repo, refs[2]!)).exit;
    expect(outcome(final)).toEqual([0, '']);
    await expectNothingUnlisted(ns, repo.inventoryName);
    for (const member of memberNames) expect({ member, live: await labelledNames(member, ns) }).toEqual({ member, live: ['r0', 'r1', 'r2', 'r3', 'r4'] });
  });
});
