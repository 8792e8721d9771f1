import { afterAll, describe, expect, it } from 'vitest';
import type { ClusterStatus } from '../../../src/model/index.ts';
import { recordedControllers } from '../../../src/controllers/registry.ts';
import { emptyPassMemory, reconcile } from '../../../src/reconcile/pass/pass.ts';
import type { PassOptions, PassRun, PassStatusInput } from '../../../src/reconcile/pass/pass.ts';
import { renderAt } from '../../../src/reconcile/plan/plan.ts';
import { feedbackFromStatus } from '../../../src/reconcile/pass/status-feedback.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const SNAPSHOT: ClusterStatus = { conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady', message: '' }] };
const POLICY = `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: all}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]
  placement: {clusterAffinity: {clusterNames: [member1]}}
`;
const CLUSTERS = 'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: member1}\nspec: {}\n';

/** A pass without memory over one member, its status step recording what it was given. */
async function onePass(prepare: boolean) {
  const repo = createGitRepo();
  repo.write('clusters.yaml', CLUSTERS);
  repo.write('policy.yaml', POLICY);
  repo.write('app.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app, namespace: shop}\ndata: {k: v}\n');
  repo.commit('fleet');
  const feedback = { ...feedbackFromStatus(undefined), observedClusters: new Map([['member1', SNAPSHOT]]) };
  const given: PassStatusInput[] = [];
  const client = new FakeKubeClient('member1');
  const options: PassOptions = {
    source: { repo: repo.dir },
    connect: async () => new Map([['member1', client]]),
    prune: {},
    runner: {},
    controllers: recordedControllers(),
    owns: () => true,
    now: () => 0,
    feedback: async () => feedback,
    onEvent: () => undefined,
    status: async (input) => {
      given.push(input);
      return { observedClusters: input.previousClusters };
    },
  };
  const run: PassRun = prepare ? { prepared: await renderAt({ repo: repo.dir }, new Map(), feedback) } : {};
  const result = await reconcile(options, emptyPassMemory(), run);
  return { result, given };
}

describe('reconcile: one pass without memory (apply)', () => {
  it.each([
    ['reading and rendering itself', false],
    ["with the read and render a saved plan's check prepared", true],
  ])("%s: applies and gives the status step the status branch's cluster snapshot", async (_name, prepare) => {
    const { result, given } = await onePass(prepare);
    expect(result.ok).toBe(true);
    expect(result.clusters.map((c) => [c.cluster, c.objects.map((o) => o.action)])).toEqual([['member1', ['created', 'created']]]);
    expect(given.map((g) => g.previousClusters.get('member1'))).toEqual([SNAPSHOT]);
  });
});
