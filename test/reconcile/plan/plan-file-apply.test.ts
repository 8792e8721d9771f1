import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../src/model/index.ts';
import { applyPass } from '../../../src/reconcile/pass/apply-pass.ts';
import { StalePlanError } from '../../../src/reconcile/errors/index.ts';
import { planLive } from '../../../src/reconcile/plan/live-plan.ts';
import type { ClusterAccess } from '../../../src/apply/connect.ts';
import { loadSavedPlan, planFileOf, writePlanFile } from '../../../src/reconcile/plan/plan-file.ts';
import type { FakeKubeClient } from '../../fakes/kube-client.ts';
import { removeFixtures, tempDir } from '../../source/helpers/git-fixture.ts';
import { initFakeFleet } from '../helpers/fake-fleet.ts';

afterAll(removeFixtures);

/** The `flotilla init` fleet (clusters production and staging) with in-memory members. */
async function fleet() {
  const { dir, members, access } = await initFakeFleet('flotilla-planfile-');
  return { dir, members, access };
}

const deployments = (client: FakeKubeClient) => [...client.objects.values()].filter((o) => o.kind === 'Deployment');

describe('a live plan saved and applied', { timeout: 60_000 }, () => {
  it('applies exactly the saved Work when the members are as the plan saw them', async () => {
    const { dir, members, access } = await fleet();
    const file = join(tempDir('flotilla-plan-'), 'live.plan');
    const planned = await planLive({ source: { repo: dir }, access });
    await writePlanFile(file, planFileOf(planned));

    let connects = 0;
    const counted: ClusterAccess = {
      ...access,
      connect: async (clusters) => {
        connects += 1;
        return access.connect!(clusters);
      },
    };
    const saved = await loadSavedPlan(file, { source: { repo: dir }, access: counted });
    expect(saved.plan.state.kind).toBe('live');
    const result = await applyPass({ source: saved.source, works: saved.works, prepared: saved.prepared, access: counted, prune: {}, runner: {} });
    // The freshness check's connections serve the apply: the members are not connected twice.
    expect(connects).toBe(1);
    expect(result.source).toBe(saved.prepared.source);
    expect(result.clusters.map((c) => [c.cluster, c.error?.message])).toEqual([
      ['production', undefined],
      ['staging', undefined],
    ]);
    for (const [name, client] of members) {
      const want = saved.works
        .get(name)!
        .filter((i) => i.manifest.kind === 'Deployment')
        .map((i) => i.manifest.spec);
      expect(deployments(client).map((d: KubeObject) => d.spec)).toEqual(want);
    }
  });

  it('refuses when an object of the Work changed in a member since the plan', async () => {
    const { dir, members, access } = await fleet();
    const file = join(tempDir('flotilla-plan-'), 'live.plan');
    await writePlanFile(file, planFileOf(await planLive({ source: { repo: dir }, access })));
    const staging = members.get('staging')!;
    const work = (await loadSavedPlan(file, { source: { repo: dir }, access })).works.get('staging')!;
    const deployment = work.find((i) => i.manifest.kind === 'Deployment')!.manifest;
    staging.put({ ...deployment, spec: { ...(deployment.spec as object), replicas: 7 } });

    const error = await loadSavedPlan(file, { source: { repo: dir }, access }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StalePlanError);
    expect((error as StalePlanError).data.reasons).toEqual([
      'the state of cluster staging changed since the plan: objects of its Work or objects to prune, in the member cluster',
    ]);
    expect(staging.writes()).toEqual([]);
  });
});
