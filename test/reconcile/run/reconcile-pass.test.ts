import { afterAll, describe, expect, it } from 'vitest';
import { FailoverController } from '../../../src/controllers/failover/failover-controller.ts';
import { createReconcilePass } from '../../../src/reconcile/run/reconcile-pass.ts';
import type { ReconcileResult } from '../../../src/reconcile/run/reconcile-pass.ts';
import { feedbackFromStatus } from '../../../src/reconcile/pass/status-feedback.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const FLEET = {
  'clusters.yaml': ['member1', 'member2']
    .map((n) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${n}}\nspec: {}\n`)
    .join('---\n'),
  'policy.yaml': `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: all}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]
  placement: {clusterAffinity: {clusterNames: [member1, member2]}}
`,
};
const cm = (value: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app, namespace: shop}\ndata: {k: "${value}"}\n`;

function setup(owns: (c: string) => boolean = () => true) {
  const repo = createGitRepo();
  for (const [file, text] of Object.entries(FLEET)) repo.write(file, text);
  repo.write('app.yaml', cm('1'));
  repo.commit('fleet');
  const clients = new Map(['member1', 'member2'].map((n) => [n, new FakeKubeClient(n)]));
  const results: ReconcileResult[] = [];
  const pass = createReconcilePass({
    source: { repo: repo.dir },
    prune: {},
    runner: {},
    controllers: [new FailoverController()],
    owns,
    access: { kubeconfig: {}, client: {}, connect: async (cs) => new Map(cs.map((c) => [c.metadata.name, clients.get(c.metadata.name)!])) },
    feedback: async () => feedbackFromStatus(undefined),
    onResult: (r) => results.push(r),
  });
  const live = (cluster: string) => [...clients.get(cluster)!.objects.values()].find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'app')?.['data'];
  return { repo, pass, results, live, clients };
}

const request = (aborted = false) => {
  const abort = new AbortController();
  if (aborted) abort.abort();
  return { signals: [], abort: abort.signal };
};

describe('createReconcilePass', () => {
  it('applies the commit, then renders only the changed template on the next one', async () => {
    const s = setup();
    expect(await s.pass(request())).toMatchObject({ ok: true });
    expect(s.live('member2')).toEqual({ k: '1' });
    s.repo.write('app.yaml', cm('2'));
    const commit = s.repo.commit('change');
    expect(await s.pass(request())).toEqual({ commit, ok: true });
    expect(s.live('member1')).toEqual({ k: '2' });
    expect(s.results.map((r) => [r.render.mode, r.render.rerendered])).toEqual([
      ['full', 1],
      ['incremental', 1],
    ]);
  });

  it('applies only the clusters this replica owns', async () => {
    const s = setup((c) => c === 'member2');
    await s.pass(request());
    expect(s.live('member2')).toEqual({ k: '1' });
    expect(s.live('member1')).toBeUndefined();
    expect(s.clients.get('member1')!.calls).toEqual([]);
  });

  it('throws when the source cannot be read, touching no cluster', async () => {
    const s = setup();
    const broken = createReconcilePass({
      source: { repo: `${s.repo.dir}/missing` },
      prune: {},
      runner: {},
      controllers: [new FailoverController()],
      access: {
        kubeconfig: {},
        client: {},
        connect: async () => {
          throw new Error('must not connect');
        },
      },
    });
    await expect(broken(request())).rejects.toThrow();
  });

  it('skips the apply step when the loop is stopping', async () => {
    const s = setup();
    expect(await s.pass(request(true))).toMatchObject({ ok: false });
    expect(s.results[0]?.aborted).toBe(true);
    expect(s.clients.get('member1')!.calls).toEqual([]);
  });
});
