import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClusterStatus } from '../../../src/model/index.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { startReconciler } from '../../../src/reconcile/run/reconciler.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';
import { controllerSettingsOf } from '../../../src/controllers/index.ts';

afterAll(removeFixtures);

const schedulable: ClusterStatus = {
  conditions: [
    { type: 'Ready', status: 'True', reason: 'ClusterReady', message: '' },
    { type: 'CompleteAPIEnablements', status: 'True', reason: 'Complete', message: '' },
  ],
  apiEnablements: [{ groupVersion: 'v1', resources: [{ name: 'configmaps', kind: 'ConfigMap' }] }],
};

describe('startReconciler: a member the status step sees schedulable', () => {
  it('asks for no pass while the loop fails the member over (its probes fail): passes do not follow one another', async () => {
    const repo = createGitRepo();
    repo.write('clusters.yaml', 'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: m1\nspec: {}\n');
    repo.commit('fleet');
    let passes = 0;
    const reconciler = await startReconciler({
      source: { repo: repo.dir },
      // No kubeconfig entry for m1: every probe fails, and with no grace the member is failed over at once.
      access: { kubeconfig: { kubeconfig: path.join(repo.dir, 'no-kubeconfig') }, client: {} },
      prune: {},
      triggers: { resyncMs: 0 },
      controllerSettings: controllerSettingsOf({ 'probe-interval': '50ms', 'failover-grace': '0s' }),
      // The status step (its own connection) observes the member Ready with complete API enablements.
      status: async () => {
        passes++;
        return { observedClusters: new Map([['m1', schedulable]]) };
      },
      log: createLogger({ level: 'silent', pretty: false, write: () => undefined }),
      now: () => Date.now(),
    });
    try {
      await sleep(2_000);
      // The first pass, and the one the member's failover asks for; not one after every pass.
      expect(passes).toBeGreaterThan(0);
      expect(passes).toBeLessThanOrEqual(3);
    } finally {
      await reconciler.stop();
    }
  });
});
