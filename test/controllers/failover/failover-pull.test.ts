// The failover controller and Pull members: its monitor never probes one (the hub has no client for
// it); the readiness another controller found for it this pass counts as that member's probe.
import { describe, expect, it } from 'vitest';
import { FailoverController } from '../../../src/controllers/failover/failover-controller.ts';
import type { Cluster } from '../../../src/model/index.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { waitFor } from '../../helpers/wait.ts';

const cluster = (name: string, syncMode: 'Push' | 'Pull'): Cluster => ({
  apiVersion: 'cluster.karmada.io/v1alpha1',
  kind: 'Cluster',
  metadata: { name },
  spec: { syncMode },
});

describe('failover and Pull members', () => {
  it('probes only the Push members between passes', async () => {
    const asked: string[][] = [];
    const controller = new FailoverController({ probeIntervalMs: 10 });
    const monitor = controller.start({
      access: {
        kubeconfig: {},
        client: {},
        connect: async (clusters) => {
          asked.push(clusters.map((c) => c.metadata.name));
          return new Map(clusters.map((c) => [c.metadata.name, new FakeKubeClient(c.metadata.name)]));
        },
      },
      clusters: () => [cluster('member1', 'Push'), cluster('member3', 'Pull')],
      now: () => 0,
      requestPass: () => undefined,
      memberProbed: () => undefined,
      warn: () => undefined,
    });
    await waitFor('a round of probes', async () => asked[0], { timeoutMs: 2_000, intervalMs: 10 });
    await monitor.close();
    expect(new Set(asked.flat())).toEqual(new Set(['member1']));
  });
});
