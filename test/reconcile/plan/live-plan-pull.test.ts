// A live plan schedules a Pull member on its agent's report, as apply does: one that never reported
// gets no replicas, one whose report is fresh gets its share, both in the plan and in the pass.
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentReport } from '../../../src/model/index.ts';
import type { KubeClient } from '../../../src/apply/kube-client.ts';
import { applyPass } from '../../../src/reconcile/pass/apply-pass.ts';
import { planLive } from '../../../src/reconcile/plan/live-plan.ts';
import { openStatusStore, publishReport } from '../../../src/status/index.ts';
import type { TemplateBinding } from '../../../src/render/works/template-binding.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';
import { PUSH_AND_PULL_CLUSTERS } from '../helpers/fake-fleet.ts';

afterAll(removeFixtures);

const FLEET = `${PUSH_AND_PULL_CLUSTERS}apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 4
  selector: {matchLabels: {app: web}}
  template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  placement:
    clusterAffinity: {clusterNames: [member1, edge]}
    replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Weighted}
`;

const report = (heartbeat: Date): AgentReport => ({
  cluster: 'edge',
  heartbeat: heartbeat.toISOString(),
  heartbeatSeconds: 60,
  holder: 'h',
  clusterStatus: { conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady' }] },
  objects: [],
  pruned: [],
});

describe('a live plan with a Pull member', { timeout: 60_000 }, () => {
  it.each<[string, boolean, string]>([
    ['that never reported schedules nothing onto it', false, 'member1=4'],
    ['whose agent reported just now gives it its share', true, 'edge=2,member1=2'],
  ])('%s, as the pass does', async (_name, reported, split) => {
    const repo = createGitRepo();
    repo.write('fleet.yaml', FLEET);
    repo.commit('fleet');
    if (reported) await publishReport(await openStatusStore({ repo: repo.dir }, 'works', { fetch: false }), report(new Date()), new Date());
    const member1 = new FakeKubeClient('member1');
    const access = { kubeconfig: {}, client: {}, connect: async () => new Map<string, KubeClient | Error>([['member1', member1]]) };
    const splitOf = (bindings: readonly TemplateBinding[]) =>
      bindings
        .find((b) => b.binding?.resource.name === 'web')
        ?.binding?.clusters.map((c) => `${c.name}=${c.replicas}`)
        .sort()
        .join(',');
    const plan = await planLive({ source: { repo: repo.dir }, access });
    expect(splitOf(plan.rendered.bindings)).toBe(split);
    const applied = await applyPass({ source: { repo: repo.dir }, access, prune: {}, runner: {} });
    expect(splitOf(applied.rendered.bindings)).toBe(split);
  });
});
