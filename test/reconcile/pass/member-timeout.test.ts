import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemberTimeoutError } from '../../../src/apply/errors/index.ts';
import { fleetFiles } from '../../../src/cli/scaffold/fleet-files.ts';
import { applyPass } from '../../../src/reconcile/pass/apply-pass.ts';
import type { ClusterAccess } from '../../../src/apply/connect.ts';
import { planLive } from '../../../src/reconcile/plan/live-plan.ts';
import { FailoverController } from '../../../src/controllers/failover/failover-controller.ts';
import { createReconcilePass } from '../../../src/reconcile/run/reconcile-pass.ts';
import type { ReconcileResult } from '../../../src/reconcile/run/reconcile-pass.ts';
import { feedbackFromStatus } from '../../../src/reconcile/pass/status-feedback.ts';
import { initRepository } from '../../../src/source/init-repository.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { removeFixtures, tempDir } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

/** The `flotilla init` fleet with staging frozen: it takes requests and never answers. */
async function fleetWithFrozenStaging() {
  const dir = join(tempDir('flotilla-member-timeout-'), 'fleet');
  await initRepository(dir, fleetFiles(), 'fleet');
  const production = new FakeKubeClient('production');
  const staging = new FakeKubeClient('staging');
  for (const method of ['discover', 'get', 'list', 'apply', 'delete', 'raw'] as const) staging.hangWhen(method);
  const members = new Map([
    ['production', production],
    ['staging', staging],
  ]);
  const access: ClusterAccess = {
    kubeconfig: {},
    client: {},
    memberTimeoutMs: 300,
    connect: async (clusters) => new Map(clusters.map((c) => [c.metadata.name, members.get(c.metadata.name)!])),
  };
  return { dir, production, staging, access };
}

describe('a member that never answers', { timeout: 30_000 }, () => {
  it('fails at its deadline in apply; the other member is applied and the status committed', async () => {
    const { dir, production, access } = await fleetWithFrozenStaging();
    const started = Date.now();
    const result = await applyPass({ source: { repo: dir }, access, prune: { enabled: true }, runner: {} });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.ok).toBe(false);
    const staging = result.clusters.find((c) => c.cluster === 'staging');
    expect(staging?.error).toBeInstanceOf(MemberTimeoutError);
    expect(staging?.error?.message).toMatch(/^staging: not done within the member deadline of 300ms/);
    expect(result.clusters.find((c) => c.cluster === 'production')?.error).toBeUndefined();
    expect([...production.objects.values()].some((o) => o.kind === 'Deployment')).toBe(true);
    expect(result.status).not.toBeInstanceOf(Error);
    expect(result.status instanceof Error ? undefined : result.status.commit).toMatch(/^[0-9a-f]{40}$/);
    const observed = result.status instanceof Error ? undefined : result.status?.observedClusters.get('staging');
    expect(observed?.conditions?.find((c) => c.type === 'Ready')?.status).not.toBe('True');
  });

  it('fails at its deadline in a live plan, which still plans the other member', async () => {
    const { dir, access } = await fleetWithFrozenStaging();
    const plan = await planLive({ source: { repo: dir }, access });
    expect(plan.clusterPlans.find((p) => p.cluster === 'staging')?.error).toBeInstanceOf(MemberTimeoutError);
    expect(plan.document.changes?.['production']?.map((c) => c.action)).toContain('create');
    expect(plan.diagnostics.some((d) => d.severity === 'error' && d.object === 'Cluster/staging' && /member deadline/.test(d.message))).toBe(true);
  });

  it('fails at its deadline in each pass of the run loop, with a fresh deadline every pass', async () => {
    const { dir, staging, access } = await fleetWithFrozenStaging();
    const results: ReconcileResult[] = [];
    const pass = createReconcilePass({
      source: { repo: dir },
      prune: {},
      runner: {},
      controllers: [new FailoverController()],
      access,
      feedback: async () => feedbackFromStatus(undefined),
      onResult: (r) => results.push(r),
    });
    const request = { signals: [], abort: new AbortController().signal };
    expect(await pass(request)).toMatchObject({ ok: false });
    expect(results[0]?.clusters.find((c) => c.cluster === 'staging')?.error).toBeInstanceOf(MemberTimeoutError);
    expect(results[0]?.clusters.find((c) => c.cluster === 'production')?.error).toBeUndefined();
    staging.clearFailures();
    expect(await pass(request)).toMatchObject({ ok: true });
  });
});
