// One member never stalls a pass: a member that accepts connections and never
// answers (a black-holed address, and a kube-apiserver frozen with SIGSTOP) is
// reported failed at --member-timeout, and `apply` exits with the other members
// applied and the status branch committed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { freezeApiserver } from '../../scripts/fleet/outage.ts';
import { clusterObjects, configMap, FleetRepo } from './helpers/apply-fleet.ts';
import { cleanUpApplyProcesses, jsonClusters, labelledNames, outcome, startApply } from './helpers/apply-process.ts';
import type { ApplyExit } from './helpers/apply-process.ts';
import { apiFor, fleetKubeconfig } from './helpers/fleet.ts';
import { fleetNamespace } from './helpers/namespace.ts';
import { scratchMember } from './helpers/scratch-member.ts';

/** Short deadline; the bound on the whole command adds the CLI's start-up, the render and the status commit on a loaded machine. */
const DEADLINE_S = 8;
const EXIT_WITHIN_MS = DEADLINE_S * 1000 + 30_000;

/** A ClusterPropagationPolicy sending ConfigMaps to these members. */
function toMembers(members: readonly string[]): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: everything}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]
  placement: {clusterAffinity: {clusterNames: [${members.join(', ')}]}}
`;
}

function statusCommitOf(repo: FleetRepo): { commit: string; sourceCommit: string } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo.dir, encoding: 'utf8' }).trim();
  const summary = JSON.parse(git('show', 'status:summary.json')) as { sourceCommit: string };
  return { commit: git('rev-parse', 'status'), sourceCommit: summary.sourceCommit };
}

function expectStalledMemberOnly(exit: ApplyExit, stalled: string, applied: readonly string[]): void {
  expect(exit.code).toBe(1);
  expect(exit.ms).toBeLessThan(EXIT_WITHIN_MS);
  const clusters = jsonClusters(exit);
  expect(clusters.get(stalled)?.error).toMatch(new RegExp(`^${stalled}: not done within the member deadline of ${DEADLINE_S}s`));
  for (const member of applied) {
    const app = clusters
      .get(member)
      ?.objects.filter((o) => o.name === 'app')
      .map((o) => o.action);
    expect({ member, error: clusters.get(member)?.error, app }).toEqual({ member, error: null, app: ['created'] });
  }
  expect(exit.stderr).not.toMatch(/status branch not written/);
}

describe('a member that accepts connections and never answers', { timeout: 180_000 }, () => {
  const namespace = fleetNamespace('stall');
  cleanUpApplyProcesses();
  let hole: Server;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    hole = createServer((socket) => {
      sockets.add(socket);
      socket.on('data', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => hole.close(() => resolve()));
  });

  it('is reported failed at the deadline; apply exits with the others applied and the status committed', async () => {
    const ns = namespace();
    const { port } = hole.address() as { port: number };
    const config = parse(readFileSync(fleetKubeconfig(), 'utf8')) as Record<string, unknown[]>;
    config['clusters']!.push({ name: 'blackhole', cluster: { server: `https://127.0.0.1:${port}`, 'insecure-skip-tls-verify': true } });
    config['users']!.push({ name: 'blackhole', user: { token: 'nobody-answers' } });
    config['contexts']!.push({ name: 'blackhole', context: { cluster: 'blackhole', user: 'blackhole' } });
    const kubeconfig = join(mkdtempSync(join(tmpdir(), 'flotilla-kc-')), 'config');
    writeFileSync(kubeconfig, stringify(config));
    const members = ['member1', 'member2', 'blackhole'];
    const repo = new FleetRepo(ns);
    repo.commit({ 'clusters.yaml': clusterObjects(members), 'policy.yaml': toMembers(members), 'app.yaml': configMap(ns, 'app', { k: 'v' }) });
    const exit = await startApply([
      '--repo',
      repo.dir,
      '--kubeconfig',
      kubeconfig,
      '--inventory-name',
      repo.inventoryName,
      '--prune',
      '--member-timeout',
      `${DEADLINE_S}s`,
      '-o',
      'json',
    ]).exit;
    expectStalledMemberOnly(exit, 'blackhole', ['member1', 'member2']);
    expect(await labelledNames('member2', ns)).toEqual(['app']);
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo.dir, encoding: 'utf8' }).trim();
    expect(statusCommitOf(repo).sourceCommit).toBe(head);
  });
});

describe('a member whose kube-apiserver is frozen with SIGSTOP', { timeout: 300_000 }, () => {
  const scratch = scratchMember('frozen', { region: 'us-west-2', zone: 'us-west-2a', nodes: { count: 1, cpu: '4', memory: '8Gi', pods: 110 } }, [
    'member1',
    'member2',
  ]);
  const namespace = fleetNamespace('frozen');
  cleanUpApplyProcesses();

  it('is reported failed at the deadline; apply exits with the others applied, and the next apply catches up after SIGCONT', async () => {
    const ns = namespace();
    const { member: frozen, kubeconfig } = scratch();
    await apiFor(frozen.name, CoreV1Api, kubeconfig).createNamespace({ body: { metadata: { name: ns } } });
    const members = ['member1', 'member2', frozen.name];
    const repo = new FleetRepo(ns);
    repo.commit({ 'clusters.yaml': clusterObjects(members), 'policy.yaml': toMembers(members), 'app.yaml': configMap(ns, 'app', { k: 'v' }) });
    const args = (deadline: string) => [
      '--repo',
      repo.dir,
      '--kubeconfig',
      kubeconfig,
      '--inventory-name',
      repo.inventoryName,
      '--prune',
      '--member-timeout',
      deadline,
      '-o',
      'json',
    ];
    const thaw = await freezeApiserver(frozen);
    let exit: ApplyExit;
    try {
      exit = await startApply(args(`${DEADLINE_S}s`)).exit;
    } finally {
      thaw();
    }
    expectStalledMemberOnly(exit, frozen.name, ['member1', 'member2']);
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo.dir, encoding: 'utf8' }).trim();
    const first = statusCommitOf(repo);
    expect(first.sourceCommit).toBe(head);

    // Thawed, the member answers again: the next pass applies to it and records it.
    const again = await startApply(args('2m')).exit;
    expect(outcome(again)).toEqual([0, '']);
    expect(await labelledNames(frozen.name, ns, kubeconfig)).toEqual(['app']);
    expect(statusCommitOf(repo).commit).not.toBe(first.commit);
  });
});
