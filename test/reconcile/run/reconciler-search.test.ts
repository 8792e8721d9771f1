// startReconciler with --search-addr on fake members: the first pass's ResourceRegistry makes the
// server serve its kind, a commit without it stops serving it, and stop closes the server.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { KubeClient } from '../../../src/apply/kube-client.ts';
import type { Cluster } from '../../../src/model/index.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { startReconciler } from '../../../src/reconcile/run/reconciler.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { waitFor } from '../../helpers/wait.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';
import { controllerSettingsOf } from '../../../src/controllers/index.ts';

afterAll(removeFixtures);

const CLUSTERS = ['member1', 'member2'].map((n) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${n}}\nspec: {}\n`).join('---\n');
const REGISTRY = `apiVersion: search.karmada.io/v1alpha1
kind: ResourceRegistry
metadata: {name: config}
spec:
  targetCluster: {clusterNames: [member1, member2]}
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap, namespace: shop}]
`;
const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'shop' }, data: { k: 'v' } });
const PATH = '/apis/search.karmada.io/v1alpha1/search/cache/api/v1/namespaces/shop/configmaps';

describe('startReconciler with a search address', () => {
  it('serves what the commit’s ResourceRegistry selects, lists nothing of it once the registry goes, and closes on stop', async () => {
    const members: Record<string, FakeKubeClient> = { member1: new FakeKubeClient('member1', [cm('a')]), member2: new FakeKubeClient('member2', [cm('b')]) };
    const repo = createGitRepo();
    repo.write('clusters.yaml', CLUSTERS);
    repo.write('registry.yaml', REGISTRY);
    repo.commit('fleet');
    const reconciler = await startReconciler({
      source: { repo: repo.dir },
      access: {
        kubeconfig: { kubeconfig: path.join(repo.dir, 'none') },
        client: {},
        connect: async (clusters: readonly Cluster[]) =>
          new Map<string, KubeClient | Error>(clusters.map((c) => [c.metadata.name, members[c.metadata.name] ?? new Error('no member')])),
      },
      prune: {},
      triggers: { resyncMs: 0 },
      controllerSettings: controllerSettingsOf({ 'probe-interval': '1m' }),
      search: { address: '127.0.0.1:0', token: 't' },
      log: createLogger({ level: 'error', pretty: false, write: () => undefined }),
      now: () => Date.now(),
    });
    const url = `${reconciler.searchUrl}${PATH}`;
    const names = async (): Promise<string[] | undefined> => {
      const res = await fetch(url, { headers: { Authorization: 'Bearer t' } });
      if (res.status !== 200) return undefined;
      const doc = (await res.json()) as { items: { metadata: { name: string } }[] };
      return doc.items.map((i) => i.metadata.name);
    };
    try {
      expect(
        await waitFor('both members cached', async () => ((await names())?.length === 2 ? names() : undefined), { timeoutMs: 10_000, intervalMs: 20 }),
      ).toEqual(['a', 'b']);
      members.member2?.put(cm('c'));
      await waitFor('the change', async () => ((await names())?.includes('c') ? true : undefined), { timeoutMs: 5_000, intervalMs: 20 });

      repo.write('registry.yaml', '');
      repo.commit('no registry');
      // As Karmada's search API: a kind the members serve and no registry caches is an empty list.
      await waitFor('the kind no longer cached', async () => ((await names())?.length === 0 ? true : undefined), {
        timeoutMs: 10_000,
        intervalMs: 50,
      });
      expect(members.member1?.watching).toBe(0);
    } finally {
      await reconciler.stop();
    }
    await expect(fetch(url, { headers: { Authorization: 'Bearer t' } })).rejects.toThrow();
  });
});
