import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { applyPass } from '../../../src/reconcile/pass/apply-pass.ts';
import { planLive } from '../../../src/reconcile/plan/live-plan.ts';
import type { FakeKubeClient } from '../../fakes/kube-client.ts';
import { removeFixtures, tempDir } from '../../source/helpers/git-fixture.ts';
import { initFakeFleet } from '../helpers/fake-fleet.ts';

afterAll(removeFixtures);

const DEPLOYMENT = 'resources/apps/Deployment/hello/hello.yaml';
const TASK = {
  fromCluster: 'staging',
  purgeMode: 'Never',
  reason: 'ApplicationFailure',
  producer: 'resource-binding-application-failover-controller',
  suppressDeletion: true,
  creationTimestamp: '2026-11-29T17:00:00Z',
};
const git = (dir: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  }).trim();

/** The `flotilla init` fleet applied once, then the run loop's Never eviction of hello from staging recorded on the status branch. */
async function fleetWithRecordedEviction() {
  const { dir, members, access } = await initFakeFleet('flotilla-apply-failover-');
  expect((await applyPass({ source: { repo: dir }, access, prune: {}, runner: {} })).ok).toBe(true);
  const tree = join(tempDir('flotilla-status-tree-'), 'status');
  git(dir, 'worktree', 'add', '-q', tree, 'status');
  const doc = parse(readFileSync(join(tree, DEPLOYMENT), 'utf8')) as { spec: Record<string, unknown> };
  doc.spec['gracefulEvictionTasks'] = [TASK];
  writeFileSync(join(tree, DEPLOYMENT), stringify(doc));
  git(tree, 'commit', '-qam', 'the run loop evicts hello from staging');
  git(dir, 'worktree', 'remove', '--force', tree);
  return { dir, members, access };
}

const hello = (client: FakeKubeClient) => [...client.objects.values()].filter((o) => o.kind === 'Deployment' && o.metadata.name === 'hello');

describe("apply and plan with the run loop's eviction recorded on the status branch", { timeout: 60_000 }, () => {
  it('apply schedules around the evicted member, keeps its Never copy even with prune, and carries the task on', async () => {
    const { dir, members, access } = await fleetWithRecordedEviction();
    const result = await applyPass({ source: { repo: dir }, access, prune: { enabled: true, allowMassPrune: true }, runner: {} });
    expect(result.ok).toBe(true);
    expect(result.rendered.bindings.find((b) => b.binding?.resource.kind === 'Deployment')?.binding?.clusters.map((c) => c.name)).toEqual(['production']);
    expect(hello(members.get('staging')!)).toHaveLength(1);
    expect(result.clusters.find((c) => c.cluster === 'staging')?.pruned.map((p) => [p.ref.kind, p.action])).toEqual([['Deployment', 'skipped']]);
    const written = parse(git(dir, 'show', `status:${DEPLOYMENT}`)) as { spec: { gracefulEvictionTasks?: { creationTimestamp: string }[] } };
    expect(written.spec.gracefulEvictionTasks).toMatchObject([{ fromCluster: 'staging', purgeMode: 'Never', suppressDeletion: true }]);
    expect(Date.parse(written.spec.gracefulEvictionTasks![0]!.creationTimestamp)).toBe(Date.parse(TASK.creationTimestamp));
  });

  it('a live plan lists no deletion of the kept copy', async () => {
    const { dir, access } = await fleetWithRecordedEviction();
    // Past the mass-prune guard, which would hide any deletion here.
    const plan = await planLive({ source: { repo: dir }, access, prune: { allowMassPrune: true } });
    expect(plan.document.changes?.['staging']?.filter((c) => c.action === 'delete')).toEqual([]);
  });
});
