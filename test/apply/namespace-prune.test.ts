import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/model/index.ts';
import { applyCluster, DEFAULT_APPLY_OPTIONS } from '../../src/apply/apply-cluster.ts';
import { foreignObjectsIn } from '../../src/apply/namespace-contents.ts';
import type { DesiredObject } from '../../src/apply/triage.ts';
import { FakeKubeClient } from '../fakes/kube-client.ts';

const MANAGED = { 'flotilla.io/managed-by': 'flotilla' };
const desired = (manifest: KubeObject): DesiredObject => ({ manifest, suspended: false, preserveOnDeletion: false });
const namespace = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: MANAGED } });
const configMap = (name: string, namespace: string, metadata: Record<string, unknown> = { labels: MANAGED }): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace, ...metadata },
  data: { a: 'b' },
});
const options = { ...DEFAULT_APPLY_OPTIONS, prune: { ...DEFAULT_APPLY_OPTIONS.prune, enabled: true, allowMassPrune: false, maxFraction: 1 } };

describe('foreignObjectsIn', () => {
  it.each<[string, KubeObject[], string[]]>([
    ["only Flotilla's objects: nothing", [configMap('mine', 'team')], []],
    [
      'what Kubernetes puts in every namespace is not foreign',
      [configMap('kube-root-ca.crt', 'team', {}), { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'team' } }],
      [],
    ],
    [
      "objects with an owner are their owner's",
      [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'team', ownerReferences: [{ kind: 'ReplicaSet', name: 'web' }] } }],
      [],
    ],
    [
      "someone else's objects are listed, sorted",
      [
        { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'theirs', namespace: 'team' } },
        configMap('handmade', 'team', {}),
        configMap('elsewhere', 'other', {}),
      ],
      ['ConfigMap/handmade', 'Secret/theirs'],
    ],
  ])('%s', async (_case, objects, expected) => {
    const client = new FakeKubeClient('member1', objects);
    expect((await foreignObjectsIn(client, ['team'], 4)).get('team') ?? []).toEqual(expected);
  });

  it('ignores read-only kinds such as PodMetrics: they are views of what is there, owned by no one', async () => {
    const podMetrics = { apiVersion: 'metrics.k8s.io/v1beta1', kind: 'PodMetrics', metadata: { name: 'web-1', namespace: 'team' } };
    const client = new FakeKubeClient('member1', [podMetrics]);
    client.serve({ group: 'metrics.k8s.io', version: 'v1beta1', kind: 'PodMetrics', resource: 'pods', namespaced: true, verbs: ['get', 'list'] });
    expect((await foreignObjectsIn(client, ['team'], 4)).get('team')).toBeUndefined();
  });

  it('reads nothing when no Namespace is about to be pruned', async () => {
    const client = new FakeKubeClient();
    expect(await foreignObjectsIn(client, [], 4)).toEqual(new Map());
    expect(client.calls).toEqual([]);
  });

  it('counts a kind it could not list: what cannot be seen is not known to be empty', async () => {
    const client = new FakeKubeClient();
    client.failWhen(
      'list',
      (t) => t.startsWith('/Secret/'),
      () => new Error('forbidden'),
    );
    expect((await foreignObjectsIn(client, ['team'], 4)).get('team')).toEqual(['Secret: could not be listed: forbidden']);
  });
});

describe('pruning a Namespace that holds objects Flotilla does not own', () => {
  async function applied(): Promise<FakeKubeClient> {
    const client = new FakeKubeClient();
    await applyCluster(client, [desired(namespace('team')), desired(configMap('mine', 'team'))], options, () => undefined);
    client.put(configMap('handmade', 'team', {}));
    return client;
  }

  it('is refused and kept in the inventory, saying why in the apply output', async () => {
    const client = await applied();
    const result = await applyCluster(client, [], options, () => undefined);
    expect(result.pruned.map((p) => [p.ref.kind, p.ref.name, p.action, p.reason])).toEqual([
      [
        'Namespace',
        'team',
        'skipped',
        expect.stringMatching(
          /^Namespace\/team: not pruned: it holds 1 object\(s\) Flotilla does not own \(ConfigMap\/handmade\), which deleting it would delete; pass --allow-mass-prune/,
        ),
      ],
      ['ConfigMap', 'mine', 'deleted', undefined],
    ]);
    expect(client.objects.has('/Namespace//team')).toBe(true);
  });

  it('goes ahead with --allow-mass-prune', async () => {
    const client = await applied();
    const result = await applyCluster(client, [], { ...options, prune: { ...options.prune, allowMassPrune: true } }, () => undefined);
    expect(result.pruned.map((p) => [p.ref.kind, p.action])).toEqual([
      ['ConfigMap', 'deleted'],
      ['Namespace', 'deleted'],
    ]);
  });

  it("goes ahead once the Namespace holds only Flotilla's objects", async () => {
    const client = new FakeKubeClient();
    await applyCluster(client, [desired(namespace('team')), desired(configMap('mine', 'team'))], options, () => undefined);
    const result = await applyCluster(client, [], options, () => undefined);
    expect(result.pruned.map((p) => [p.ref.kind, p.action])).toEqual([
      ['ConfigMap', 'deleted'],
      ['Namespace', 'deleted'],
    ]);
  });
});
