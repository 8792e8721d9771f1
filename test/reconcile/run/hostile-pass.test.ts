import { afterAll, describe, expect, it } from 'vitest';
import { FailoverController } from '../../../src/controllers/failover/failover-controller.ts';
import { createReconcilePass } from '../../../src/reconcile/run/reconcile-pass.ts';
import type { ReconcileResult } from '../../../src/reconcile/run/reconcile-pass.ts';
import { feedbackFromStatus } from '../../../src/reconcile/pass/status-feedback.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { CLUSTER, GOOD, HOSTILE, PIN, POLICY } from '../../fixtures/hostile-repos.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const VICTIM = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: victim, namespace: default}\ndata: {a: b}\n';

/**
 * The run loop reads whatever is pushed. A pass over a hostile file ends within seconds, names the
 * file, applies the rest, prunes nothing (the file's objects must not look deleted) and never
 * shows a Secret's value.
 */
describe('a run-loop pass over a hostile commit', { timeout: 120_000 }, () => {
  it.each(HOSTILE)('%s', async (_name, _file, content, message) => {
    const repo = createGitRepo();
    repo.write('cluster.yaml', CLUSTER);
    repo.write('policy.yaml', POLICY);
    repo.write('good.yaml', GOOD);
    repo.write('victim.yaml', VICTIM);
    repo.commit('fleet');
    const member = new FakeKubeClient('member1');
    const results: ReconcileResult[] = [];
    const pass = createReconcilePass({
      source: { repo: repo.dir },
      prune: { enabled: true, allowMassPrune: true },
      runner: {},
      controllers: [new FailoverController()],
      access: { kubeconfig: {}, client: {}, connect: async () => new Map([['member1', member]]) },
      feedback: async () => feedbackFromStatus(undefined),
      onResult: (r) => results.push(r),
    });
    const request = { signals: [], abort: new AbortController().signal };
    expect(await pass(request)).toMatchObject({ ok: true });

    repo.write('victim.yaml', content());
    repo.commit('hostile');
    const started = Date.now();
    expect(await pass(request)).toMatchObject({ ok: false });
    expect(Date.now() - started).toBeLessThan(30_000);
    const result = results.at(-1)!;
    const named = result.diagnostics.filter((d) => d.severity === 'error' && d.file === 'victim.yaml');
    expect(named.map((d) => d.message).join('\n')).toMatch(message);
    const names = [...member.objects.values()].filter((o) => o.kind === 'ConfigMap').map((o) => o.metadata.name);
    expect(names).toEqual(expect.arrayContaining(['good', 'victim']));
    expect(JSON.stringify({ diagnostics: result.diagnostics, clusters: result.clusters })).not.toContain(PIN);
  });
});
