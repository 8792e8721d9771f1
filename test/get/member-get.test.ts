import { describe, expect, it } from 'vitest';
import type { ClusterAccess } from '../../src/apply/connect.ts';
import { ClusterUnreachableError, ContextNotFoundError } from '../../src/apply/errors/index.ts';
import type { KubeClient } from '../../src/apply/kube-client.ts';
import type { Cluster, KubeObject } from '../../src/model/index.ts';
import { getFromMembers } from '../../src/get/member-get.ts';
import { FakeKubeClient } from '../fakes/kube-client.ts';

const cluster = (name: string): Cluster => ({ apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster', metadata: { name }, spec: {} }) as Cluster;
const deploy = (name: string, namespace: string, labels: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace, labels },
  spec: { replicas: 1 },
});

function fleet(members: Record<string, FakeKubeClient | Error>): { clusters: Cluster[]; access: ClusterAccess } {
  for (const m of Object.values(members))
    if (m instanceof FakeKubeClient)
      for (const r of m.resources) if (r.kind === 'Deployment') Object.assign(r, { singular: 'deployment', shortNames: ['deploy'] });
  return {
    clusters: Object.keys(members).map(cluster),
    access: { kubeconfig: {}, client: {}, connect: async () => new Map<string, KubeClient | Error>(Object.entries(members)) },
  };
}

const table = (rows: [string, string][]) =>
  JSON.stringify({
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    columnDefinitions: [
      { name: 'Name', type: 'string', priority: 0 },
      { name: 'Ready', type: 'string', priority: 0 },
      { name: 'Images', type: 'string', priority: 1 },
    ],
    rows: rows.map(([name, ready]) => ({ cells: [name, ready, 'nginx'], object: { kind: 'PartialObjectMetadata', metadata: { name, namespace: 'shop' } } })),
  });

describe('getFromMembers', () => {
  it('lists whole objects from every member, resolving a short name through discovery', async () => {
    const m1 = new FakeKubeClient('member1', [deploy('web', 'shop'), deploy('db', 'data')]);
    const m2 = new FakeKubeClient('member2', [deploy('web', 'shop')]);
    const { clusters, access } = fleet({ member2: m2, member1: m1 });
    const outcome = await getFromMembers(clusters, access, { type: 'deploy', namespace: 'shop', shape: 'objects' });
    expect(outcome.failures).toEqual([]);
    expect(outcome.resource?.resource).toBe('deployments');
    expect(outcome.items.map((i) => `${i.cluster}/${i.object.metadata.name}`)).toEqual(['member1/web', 'member2/web']);
  });

  it('passes label and field selectors, and reads one object by name', async () => {
    const m1 = new FakeKubeClient('member1', [deploy('web', 'shop', { app: 'web' }), deploy('api', 'shop', { app: 'api' })]);
    const { clusters, access } = fleet({ member1: m1 });
    const labelled = await getFromMembers(clusters, access, { type: 'deployments', labelSelector: 'app=api', shape: 'objects' });
    expect(labelled.items.map((i) => i.object.metadata.name)).toEqual(['api']);
    const fielded = await getFromMembers(clusters, access, { type: 'Deployment', fieldSelector: 'metadata.name=web', shape: 'objects' });
    expect(fielded.items.map((i) => i.object.metadata.name)).toEqual(['web']);
    const named = await getFromMembers(clusters, access, { type: 'deployment', name: 'web', namespace: 'shop', shape: 'objects' });
    expect(named.items.map((i) => i.object.metadata.name)).toEqual(['web']);
    const absent = await getFromMembers(clusters, access, { type: 'deployment', name: 'nope', namespace: 'shop', shape: 'objects' });
    expect(absent).toMatchObject({ items: [], failures: [] });
  });

  it('one failure line per member that did not answer; the others still answer', async () => {
    const m1 = new FakeKubeClient('member1', [deploy('web', 'shop')]);
    const m3 = new FakeKubeClient('member3');
    m3.failWhen(
      'discover',
      () => true,
      () => new ClusterUnreachableError('member3', 'https://127.0.0.1:1', 'connect ECONNREFUSED'),
    );
    const { clusters, access } = fleet({ member1: m1, member2: new Error('kubeconfig context member2 not found'), member3: m3 });
    const outcome = await getFromMembers(clusters, access, { type: 'deploy', shape: 'objects' });
    expect(outcome.items.map((i) => i.cluster)).toEqual(['member1']);
    expect(outcome.failures).toEqual([
      { cluster: 'member2', message: 'cluster member2: kubeconfig context member2 not found' },
      { cluster: 'member3', message: 'cluster member3: API server https://127.0.0.1:1 is unreachable: connect ECONNREFUSED' },
    ]);
  });

  it.each<[string, boolean, string[], string[]]>([
    ['skips a Pull member the kubeconfig has no context for', false, ['member1'], ['member3']],
    ['fails it when --clusters names it', true, ['member1', 'member3'], []],
  ])('%s', async (_name, chosen, failed, skipped) => {
    const m2 = new FakeKubeClient('member2', [deploy('web', 'shop')]);
    const missing = (name: string) => new ContextNotFoundError(name, name, ['/tmp/hub.kubeconfig']);
    const { clusters, access } = fleet({ member1: missing('member1'), member2: m2, member3: missing('member3') });
    const pull = clusters.map((c) => (c.metadata.name === 'member3' ? ({ ...c, spec: { syncMode: 'Pull' } } as Cluster) : c));
    const outcome = await getFromMembers(pull, access, { type: 'deploy', shape: 'objects' }, chosen);
    expect(outcome.items.map((i) => i.cluster)).toEqual(['member2']);
    expect(outcome.failures.map((f) => f.cluster)).toEqual(failed);
    expect((outcome.skipped ?? []).map((f) => f.message)).toEqual(
      skipped.map((c) => `cluster ${c}: a Pull member with no context in the kubeconfig; not asked`),
    );
  });

  it('names a type a member does not serve, in kubectl’s words', async () => {
    const { clusters, access } = fleet({ member1: new FakeKubeClient('member1') });
    const outcome = await getFromMembers(clusters, access, { type: 'widgets', shape: 'objects' });
    expect(outcome.failures).toEqual([{ cluster: 'member1', message: 'cluster member1: the server doesn\'t have a resource type "widgets"' }]);
  });

  it('reads Table rows, cells aligned by column name across members that order them differently', async () => {
    const m1 = new FakeKubeClient('member1');
    const m2 = new FakeKubeClient('member2');
    m1.rawAnswers.set('/apis/apps/v1/namespaces/shop/deployments?limit=500', { status: 200, body: table([['web', '1/1']]) });
    const reordered = JSON.parse(table([['web', '0/1']]));
    reordered.columnDefinitions.reverse();
    for (const row of reordered.rows) row.cells.reverse();
    m2.rawAnswers.set('/apis/apps/v1/namespaces/shop/deployments?limit=500', { status: 200, body: JSON.stringify(reordered) });
    const { clusters, access } = fleet({ member1: m1, member2: m2 });
    const outcome = await getFromMembers(clusters, access, { type: 'deploy', namespace: 'shop', shape: 'table' });
    expect(outcome.columns?.map((c) => c.name)).toEqual(['Name', 'Ready', 'Images']);
    expect(outcome.items.map((i) => [i.cluster, i.object.metadata.namespace, ...(i.cells ?? [])])).toEqual([
      ['member1', 'shop', 'web', '1/1', 'nginx'],
      ['member2', 'shop', 'web', '0/1', 'nginx'],
    ]);
  });

  it('reports a member’s refusal of a Table request with its status', async () => {
    const m1 = new FakeKubeClient('member1');
    m1.rawAnswers.set('/apis/apps/v1/deployments?limit=500', {
      status: 403,
      body: JSON.stringify({ kind: 'Status', reason: 'Forbidden', message: 'deployments.apps is forbidden' }),
    });
    const { clusters, access } = fleet({ member1: m1 });
    const outcome = await getFromMembers(clusters, access, { type: 'deploy', shape: 'table' });
    expect(outcome.failures[0]?.message).toBe('cluster member1: GET /apis/apps/v1/deployments: 403 Forbidden: deployments.apps is forbidden');
  });
});
