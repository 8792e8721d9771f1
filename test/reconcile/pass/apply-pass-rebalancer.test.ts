import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { fleetFiles } from '../../../src/cli/scaffold/fleet-files.ts';
import { applyPass } from '../../../src/reconcile/pass/apply-pass.ts';
import type { ClusterAccess } from '../../../src/apply/connect.ts';
import { planLive } from '../../../src/reconcile/plan/live-plan.ts';
import { initRepository } from '../../../src/source/init-repository.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { removeFixtures, tempDir } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const DEPLOYMENT = 'resources/apps/Deployment/hello/hello.yaml';
const REBALANCER = 'rebalancers/hello-now.yaml';
const git = (dir: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  }).trim();

const DIVIDED = `    replicaScheduling:
      replicaSchedulingType: Divided
      replicaDivisionPreference: Weighted
      weightPreference:
        staticWeightList:
          - {targetCluster: {clusterNames: [staging]}, weight: 1}
          - {targetCluster: {clusterNames: [production]}, weight: 1}
`;

const WORKLOAD_REBALANCER = `apiVersion: apps.karmada.io/v1alpha1
kind: WorkloadRebalancer
metadata: {name: hello-now}
spec:
  workloads: [{apiVersion: apps/v1, kind: Deployment, namespace: hello, name: hello}]
`;

/** The `flotilla init` fleet with hello Divided 1:1 over its two members, applied once. */
async function dividedFleet() {
  const dir = join(tempDir('flotilla-apply-rebalancer-'), 'fleet');
  await initRepository(dir, fleetFiles(), 'fleet');
  const policy = join(dir, 'policies/hello.yaml');
  writeFileSync(
    policy,
    readFileSync(policy, 'utf8').replace('      clusterNames: [staging, production]\n', `      clusterNames: [staging, production]\n${DIVIDED}`),
  );
  git(dir, 'commit', '-qam', 'hello Divided');
  const members = new Map([
    ['production', new FakeKubeClient('production')],
    ['staging', new FakeKubeClient('staging')],
  ]);
  const access: ClusterAccess = {
    kubeconfig: {},
    client: {},
    connect: async (clusters) => new Map(clusters.map((c) => [c.metadata.name, members.get(c.metadata.name)!])),
  };
  const apply = async () => {
    const result = await applyPass({ source: { repo: dir }, access, prune: {}, runner: {} });
    expect(result.ok).toBe(true);
    return result.rendered.bindings.find((b) => b.binding?.resource.kind === 'Deployment')?.binding?.clusters ?? [];
  };
  return { dir, access, apply };
}

/** The status branch says hello was scheduled all on production (as an older split would have left it). */
function skewRecordedSchedule(dir: string): void {
  const tree = join(tempDir('flotilla-status-tree-'), 'status');
  git(dir, 'worktree', 'add', '-q', tree, 'status');
  const doc = parse(readFileSync(join(tree, DEPLOYMENT), 'utf8')) as { spec: Record<string, unknown> };
  doc.spec['clusters'] = [{ name: 'production', replicas: 2 }];
  writeFileSync(join(tree, DEPLOYMENT), stringify(doc));
  git(tree, 'commit', '-qam', 'an older split');
  git(dir, 'worktree', 'remove', '--force', tree);
}

const recorded = (dir: string) =>
  parse(git(dir, 'show', `status:${REBALANCER}`)) as { metadata: { annotations: Record<string, string> }; status: Record<string, unknown> };

describe('a WorkloadRebalancer through apply (the recorded form)', { timeout: 60_000 }, () => {
  it('apply reschedules a Divided workload afresh exactly once and records it; a later apply keeps the stable schedule', async () => {
    const { dir, access, apply } = await dividedFleet();
    expect(await apply()).toEqual([
      { name: 'production', replicas: 1 },
      { name: 'staging', replicas: 1 },
    ]);
    skewRecordedSchedule(dir);
    expect(await apply()).toEqual([{ name: 'production', replicas: 2 }]);

    writeFileSync(join(dir, 'rebalancer.yaml'), WORKLOAD_REBALANCER);
    git(dir, 'add', 'rebalancer.yaml');
    git(dir, 'commit', '-qm', 'rebalance hello');
    // A plan shows the fresh split without recording anything.
    const plan = await planLive({ source: { repo: dir }, access, prune: {} });
    expect(plan.document.bindings.find((b) => b.resource.kind === 'Deployment')?.clusters).toEqual([
      { name: 'production', replicas: 1 },
      { name: 'staging', replicas: 1 },
    ]);
    expect(() => git(dir, 'show', `status:${REBALANCER}`)).toThrow();

    expect(await apply()).toEqual([
      { name: 'production', replicas: 1 },
      { name: 'staging', replicas: 1 },
    ]);
    const first = recorded(dir);
    expect(first.status).toMatchObject({
      observedWorkloads: [{ workload: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'hello', name: 'hello' }, result: 'Successful' }],
      observedGeneration: 1,
    });
    expect(typeof first.status['finishTime']).toBe('string');
    expect(git(dir, 'show', 'status:STATUS.md')).toContain(
      `- [hello-now](${REBALANCER}): generation 1: 1 Successful, 0 Failed, 0 pending; finished ${first.status['finishTime'] as string}`,
    );

    skewRecordedSchedule(dir);
    expect(await apply()).toEqual([{ name: 'production', replicas: 2 }]);
    expect(recorded(dir)).toEqual(first);
  });

  it('a workload no policy binds fails with ReferencedBindingNotFound', async () => {
    const { dir, apply } = await dividedFleet();
    writeFileSync(join(dir, 'rebalancer.yaml'), WORKLOAD_REBALANCER.replace('name: hello}', 'name: nowhere}'));
    git(dir, 'add', 'rebalancer.yaml');
    git(dir, 'commit', '-qm', 'rebalance a workload that is not there');
    await apply();
    expect(recorded(dir).status['observedWorkloads']).toEqual([
      { workload: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'hello', name: 'nowhere' }, result: 'Failed', reason: 'ReferencedBindingNotFound' },
    ]);
  });
});
