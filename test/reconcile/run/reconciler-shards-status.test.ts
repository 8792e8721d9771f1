import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../helpers/wait.ts';
import { ShardCoordinator } from '../../../src/reconcile/run/leases/shard-coordinator.ts';
import { shardOf } from '../../../src/reconcile/run/leases/shard-of.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import type { PassStatusInput } from '../../../src/reconcile/run/reconcile-pass.ts';
import { startReconciler } from '../../../src/reconcile/run/reconciler.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';
import { FakeLeaseStore } from './leases/fake-lease-store.ts';
import { controllerSettingsOf } from '../../../src/controllers/index.ts';

afterAll(removeFixtures);

/** m1 and m2 fall in shard 0 of two, m3 in shard 1. */
const CLUSTERS = ['m1', 'm2', 'm3'];

describe('startReconciler with shards: the status step', () => {
  it('is not run while the replica holds no shard, then observes exactly the members of the shard it takes', async () => {
    const repo = createGitRepo();
    repo.write(
      'clusters.yaml',
      CLUSTERS.map((n) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: ${n}\nspec: {}\n`).join('---\n'),
    );
    repo.commit('fleet');
    const leases = new FakeLeaseStore();
    const other = new ShardCoordinator(leases, { identity: 'other', shards: 2, durationSeconds: 60, now: () => Date.now() });
    await other.round();
    expect(other.held).toEqual([0, 1]);

    const me = new ShardCoordinator(leases, { identity: 'me', shards: 2, durationSeconds: 60, now: () => Date.now() });
    const statusInputs: PassStatusInput[] = [];
    const reconciler = await startReconciler({
      source: { repo: repo.dir },
      access: { kubeconfig: { kubeconfig: path.join(repo.dir, 'no-kubeconfig') }, client: {} },
      prune: {},
      triggers: { resyncMs: 0 },
      controllerSettings: controllerSettingsOf({ 'probe-interval': '1m' }),
      coordinator: { coordinator: me, shards: 2, renewMs: 50 },
      status: async (input) => {
        statusInputs.push(input);
        return { observedClusters: new Map() };
      },
      log: createLogger({ level: 'silent', pretty: false, write: () => undefined }),
      now: () => Date.now(),
    });
    try {
      // Several Lease rounds of this replica, every shard held by the other one: no pass, no status.
      await sleep(500);
      expect(me.held).toEqual([]);
      expect(statusInputs).toEqual([]);

      // The other replica now sees two replicas and gives one shard up; this one takes it.
      await other.round();
      const input = await waitFor('a status step', async () => statusInputs[0], { timeoutMs: 10_000, intervalMs: 20 });
      const held = me.held;
      expect(held).toHaveLength(1);
      const mine = CLUSTERS.filter((c) => held.includes(shardOf(c, 2)));
      expect(mine.length).toBeGreaterThan(0);
      expect(CLUSTERS.filter((c) => input.owns(c))).toEqual(mine);
      // Connections are made to its own members only.
      expect([...input.clients.keys()].sort()).toEqual(mine);
      expect(input.applied.map((a) => a.cluster)).toEqual(mine);
    } finally {
      await reconciler.stop();
    }
  });
});
