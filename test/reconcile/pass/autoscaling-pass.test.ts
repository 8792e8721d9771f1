// A FederatedHPA through real passes — a git repository, the status branch, in-memory members:
// the run loop's passes and its autoscaling controller's sync scale web and record it; a
// FederatedHPA that fails validation leaves web as it was; `apply` and `plan` (passes without
// memory) replay the record; removing the FederatedHPA returns web to its template's replicas.
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { AutoscalingController } from '../../../src/controllers/autoscaling/autoscaling-controller.ts';
import { liveControllers } from '../../../src/controllers/registry.ts';
import { painter } from '../../../src/cli/color.ts';
import { planText } from '../../../src/cli/output/plan-text.ts';
import type { KubeObject } from '../../../src/model/index.ts';
import { applyPass } from '../../../src/reconcile/pass/apply-pass.ts';
import { emptyPassMemory, reconcile } from '../../../src/reconcile/pass/pass.ts';
import type { PassOptions } from '../../../src/reconcile/pass/pass.ts';
import { passStatusStep } from '../../../src/reconcile/pass/pass-status-step.ts';
import { planOffline } from '../../../src/reconcile/plan/plan.ts';
import { readPlanningFeedback } from '../../../src/reconcile/pass/status-feedback.ts';
import { federatedHPA, members, runWork, tick, webYaml } from '../../controllers/autoscaling/autoscaling-loop.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const replicasOn = (clients: ReturnType<typeof members>, name: string): number | undefined =>
  (clients.get(name)?.objects.get('apps/Deployment/shop/web') as (KubeObject & { spec?: { replicas?: number } }) | undefined)?.spec?.replicas;

describe('a FederatedHPA through passes', { timeout: 60_000 }, () => {
  it('run scales and records it, apply and plan replay it, removing the FederatedHPA returns web to its template', async () => {
    const repo = createGitRepo();
    repo.write('web.yaml', webYaml(4));
    repo.write('hpa.yaml', federatedHPA());
    repo.commit('web with a FederatedHPA');
    const clients = members();
    const source = { repo: repo.dir };
    const connect: PassOptions['connect'] = async (clusters) => new Map(clusters.map((c) => [c.metadata.name, clients.get(c.metadata.name)!]));
    const controllers = liveControllers({ failover: {}, autoscaling: { processZone: 'UTC' } });
    const autoscaling = controllers.find((c) => c.name === 'autoscaling') as AutoscalingController;
    let now = Date.parse('2026-03-02T08:00:00Z');
    const options: PassOptions = {
      source,
      connect,
      prune: { enabled: true },
      runner: {},
      controllers,
      owns: () => true,
      now: () => now,
      feedback: readPlanningFeedback,
      status: passStatusStep(source, false),
      onEvent: () => undefined,
    };
    const memory = emptyPassMemory();
    const first = await reconcile(options, memory);
    expect(first.ok).toBe(true);
    expect([replicasOn(clients, 'member1'), replicasOn(clients, 'member2')]).toEqual([2, 2]);

    runWork(clients, first.rendered, 200, now);
    now += 1000;
    expect(await tick(autoscaling, clients, now)).toContainEqual(expect.objectContaining({ kind: 'scaled', from: 4, to: 8 }));
    now += 1000;
    expect((await reconcile(options, memory)).ok).toBe(true);
    expect([replicasOn(clients, 'member1'), replicasOn(clients, 'member2')]).toEqual([4, 4]);
    const hpa = parse(repo.git('show', 'status:autoscaling/federatedhpas/shop/web.yaml')) as { status: { currentReplicas: number; desiredReplicas: number } };
    expect(hpa.status).toMatchObject({ currentReplicas: 4, desiredReplicas: 8 });
    expect(repo.git('show', 'status:STATUS.md')).toContain('Deployment/shop/web: 8 replicas (FederatedHPA shop/web; template says 4)');

    // A typo Karmada's webhook would refuse leaves the FederatedHPA out of the fleet: web keeps its count.
    repo.write('hpa.yaml', federatedHPA().replace('minReplicas: 1', 'minReplicas: 0'));
    repo.commit('a FederatedHPA Karmada refuses');
    now += 1000;
    expect((await reconcile(options, memory)).sourceHasErrors).toBe(true);
    expect([replicasOn(clients, 'member1'), replicasOn(clients, 'member2')]).toEqual([4, 4]);
    expect(repo.git('show', 'status:autoscaling/workloads.yaml')).toContain('replicas: 8');
    const typo = planText((await planOffline({ source })).document, painter(true), { diffs: false });
    expect(typo).toContain('8 replicas (FederatedHPA shop/web; template says 4) → member1: 4, member2: 4');
    repo.write('hpa.yaml', federatedHPA());
    repo.commit('the typo mended');

    // A pass without memory (a fresh `apply`) replays the record, and so does a plan.
    expect((await applyPass({ source, access: { kubeconfig: {}, client: {}, connect }, prune: {}, runner: {} })).ok).toBe(true);
    expect([replicasOn(clients, 'member1'), replicasOn(clients, 'member2')]).toEqual([4, 4]);
    const plan = await planOffline({ source });
    expect(planText(plan.document, painter(true), { diffs: false })).toContain('8 replicas (FederatedHPA shop/web; template says 4) → member1: 4, member2: 4');
    // Controller state is not a change: a commit planned against itself changes nothing, replicas included.
    const same = await planOffline({ source, base: 'HEAD' });
    expect(Object.values(same.document.changes ?? {}).flatMap((list) => list.filter((c) => c.action !== 'unchanged'))).toEqual([]);
    expect(same.document.replicaMoves ?? []).toEqual([]);

    repo.git('rm', '-q', 'hpa.yaml');
    repo.commit('no more FederatedHPA');
    expect((await applyPass({ source, access: { kubeconfig: {}, client: {}, connect }, prune: {}, runner: {} })).ok).toBe(true);
    expect([replicasOn(clients, 'member1'), replicasOn(clients, 'member2')]).toEqual([2, 2]);
    expect(() => repo.git('show', 'status:autoscaling/federatedhpas/shop/web.yaml')).toThrow();
  });
});
