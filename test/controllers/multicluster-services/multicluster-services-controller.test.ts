import { afterEach, describe, expect, it } from 'vitest';
import type { EndpointSlice } from '../../../src/model/index.ts';
import { emptyControllerRecords } from '../../../src/controllers/index.ts';
import { waitFor } from '../../helpers/wait.ts';
import { dispatched, endpointsLoop, fakeMembers, holding, INVENTORY } from './endpoints-loop.ts';
import { exportYaml, mcsYaml, NOT_READY, slice } from './fixtures.ts';

const loops: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(loops.splice(0).map((l) => l.close()));
});
function start(...args: Parameters<typeof endpointsLoop>) {
  const loop = endpointsLoop(...args);
  loops.push(loop);
  return loop;
}
/** Members where member1 and member3 each serve one endpoint of web. */
function twoProviders(): ReturnType<typeof fakeMembers> {
  const members = fakeMembers();
  members.get('member1')?.put(slice('web-a', ['10.1.0.1']));
  members.get('member3')?.put(slice('web-c', ['10.3.0.1']));
  return members;
}
const sliceRef = (name: string) => ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', namespace: 'shop', name });
const endpointsOf = (member: ReturnType<typeof fakeMembers>, cluster: string, name: string) =>
  ((member.get(cluster)?.objects.get(`discovery.k8s.io/EndpointSlice/shop/${name}`) as EndpointSlice | undefined)?.endpoints ?? []).flatMap((e) => e.addresses);

describe('the endpoints controller through its phases, over in-memory members', () => {
  it("copies a MultiClusterService's provider slices into its consumers and follows them as they change", async () => {
    const members = fakeMembers();
    members.get('member1')?.put(slice('web-a', ['10.1.0.1', '10.1.0.2']));
    const loop = start(members);
    loop.pass(mcsYaml(['member1'], ['member2']));
    await holding(members, { member2: ['member1-web-a'] });
    expect(endpointsOf(members, 'member2', 'member1-web-a')).toEqual(['10.1.0.1', '10.1.0.2']);

    members.get('member1')?.put(slice('web-a', ['10.1.0.1', '10.1.0.2', '10.1.0.3']));
    members.get('member1')?.put(slice('web-b', ['10.1.0.4']));
    await holding(members, { member2: ['member1-web-a', 'member1-web-b'] });
    await waitFor('the scaled slice', async () => (endpointsOf(members, 'member2', 'member1-web-a').length === 3 ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 10,
    });

    members.get('member1')?.remove(sliceRef('web-b'));
    await holding(members, { member2: ['member1-web-a'] });
  });

  it('removes the copies when the export goes, and when the provider fails over', async () => {
    const members = twoProviders();
    const loop = start(members);
    loop.pass(mcsYaml(['member1', 'member3'], ['member2']));
    await holding(members, { member2: ['member1-web-a', 'member3-web-c'] });
    loop.pass(mcsYaml(['member1', 'member3'], ['member2']), new Map([['member1', NOT_READY]]));
    await holding(members, { member2: ['member3-web-c'] });
    expect(members.get('member1')?.watching).toBe(0);
    loop.pass(mcsYaml(['member1', 'member3'], ['member2']).replace(/---\napiVersion: networking[\s\S]*$/, ''));
    await holding(members, {});
  });

  it("gives a ServiceImport's consumers the ServiceExport's slices, labelled for the derived Service", async () => {
    const members = fakeMembers();
    members.get('member1')?.put(slice('web-a', ['10.1.0.1']));
    const loop = start(members);
    loop.pass(exportYaml(['member1'], ['member2', 'member3']));
    await holding(members, { member2: ['imported-member1-web-a'], member3: ['imported-member1-web-a'] });
    const copy = members.get('member3')?.objects.get('discovery.k8s.io/EndpointSlice/shop/imported-member1-web-a');
    expect(copy?.metadata.labels?.['kubernetes.io/service-name']).toBe('derived-web');
  });

  it('never collects the copies it dispatched, when members both provide and consume', async () => {
    const members = fakeMembers();
    members.get('member1')?.put(slice('web-a', ['10.1.0.1']));
    members.get('member2')?.put(slice('web-b', ['10.2.0.1']));
    const loop = start(members);
    loop.pass(mcsYaml(['member1', 'member2'], ['member1', 'member2']));
    await holding(members, { member1: ['member2-web-b'], member2: ['member1-web-a'] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await holding(members, { member1: ['member2-web-b'], member2: ['member1-web-a'] });
  });

  it('follows every Service exported from a provider over one watch, and no slice of a namespace it is not exported from', async () => {
    const members = fakeMembers();
    const provider = members.get('member1')!;
    provider.put(slice('web-a', ['10.1.0.1']));
    provider.put(slice('api-a', ['10.1.0.9'], 'api'));
    provider.put({ ...slice('web-z', ['10.9.0.1']), metadata: { ...slice('web-z', []).metadata, namespace: 'other' } });
    const loop = start(members);
    const api = mcsYaml(['member1'], ['member3']).split('---\n').slice(4).join('---\n').replaceAll('web', 'api');
    loop.pass(`${mcsYaml(['member1'], ['member2'])}---\n${api}`);
    await holding(members, { member2: ['member1-web-a'], member3: ['member1-api-a'] });
    expect(provider.watching).toBe(1);
  });

  it('keeps one watch per provider however many passes run, and closes it when the process stops', async () => {
    const members = twoProviders();
    const loop = start(members);
    const watchesOf = (m: string) => members.get(m)?.calls.filter((c) => c.method === 'watch').length;
    for (let i = 0; i < 5; i++) loop.pass(mcsYaml(['member1', 'member3'], ['member2']));
    await holding(members, { member2: ['member1-web-a', 'member3-web-c'] });
    for (let i = 0; i < 5; i++) loop.pass(mcsYaml(['member1', 'member3'], ['member2']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([members.get('member1')?.watching, members.get('member3')?.watching]).toEqual([1, 1]);
    expect([watchesOf('member1'), watchesOf('member3')]).toEqual([1, 1]);
    await loop.close();
    expect([...members.values()].map((m) => m.watching)).toEqual([0, 0, 0]);
  });

  it("waits out a failed consumer's backoff however often the providers change, and a pass cuts it short", async () => {
    const members = fakeMembers();
    const [provider, consumer] = [members.get('member1')!, members.get('member2')!];
    provider.put(slice('web-a', ['10.1.0.1']));
    consumer.failWhen(
      'get',
      () => true,
      () => new Error('connection refused'),
    );
    const loop = start(members, 60_000, INVENTORY, 60_000);
    loop.pass(mcsYaml(['member1'], ['member2']));
    await waitFor('the failed sync', async () => (loop.warnings.includes('dispatching EndpointSlices failed') ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 10,
    });
    consumer.calls.length = 0;
    for (const address of ['10.1.0.2', '10.1.0.3', '10.1.0.4']) {
      provider.put(slice('web-a', ['10.1.0.1', address]));
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(consumer.calls).toEqual([]);
    consumer.clearFailures();
    loop.pass(mcsYaml(['member1'], ['member2']));
    await holding(members, { member2: ['member1-web-a'] });
  });

  it('tries a failed consumer again once the apply is done, which may have made the namespace its copies lacked', async () => {
    const members = fakeMembers();
    const consumer = members.get('member2')!;
    members.get('member1')?.put(slice('web-a', ['10.1.0.1']));
    consumer.failWhen(
      'apply',
      (t) => t.startsWith('discovery.k8s.io/EndpointSlice/'),
      () => new Error('namespaces "shop" not found'),
    );
    const loop = start(members, 60_000, INVENTORY, 60_000);
    const pass = loop.render(mcsYaml(['member1'], ['member2']));
    await waitFor('the failed sync', async () => (loop.warnings.includes('dispatching EndpointSlices failed') ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 10,
    });
    consumer.clearFailures();
    pass.apply();
    await holding(members, { member2: ['member1-web-a'] });
  });

  it('costs a fleet without multi-cluster services one read per member, then nothing', async () => {
    const members = fakeMembers();
    const loop = start(members);
    const none = mcsYaml([], []).replace(/---\napiVersion: networking[\s\S]*$/, '');
    loop.pass(none);
    await waitFor('every member read once', async () => ([...members.values()].every((m) => m.calls.length === 2) ? true : undefined), {
      timeoutMs: 2000,
      intervalMs: 10,
    });
    for (const m of members.values()) m.calls.length = 0;
    loop.pass(none);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...members.values()].flatMap((m) => m.calls)).toEqual([]);
  });

  it('follows on when a watch ends or its version is compacted away', async () => {
    const members = fakeMembers();
    const provider = members.get('member1')!;
    provider.put(slice('web-a', ['10.1.0.1']));
    const loop = start(members);
    loop.pass(mcsYaml(['member1'], ['member2']));
    await holding(members, { member2: ['member1-web-a'] });
    provider.endWatches();
    provider.put(slice('web-b', ['10.1.0.2']));
    await holding(members, { member2: ['member1-web-a', 'member1-web-b'] });
    provider.compact();
    provider.remove(sliceRef('web-a'));
    await holding(members, { member2: ['member1-web-b'] });
  });

  it('records providers and consumers with their endpoints, and asks for a pass when the counts change', async () => {
    const members = fakeMembers();
    members.get('member1')?.put(slice('web-a', ['10.1.0.1', '10.1.0.2']));
    const loop = start(members, 50);
    loop.pass(mcsYaml(['member1'], ['member2']));
    await holding(members, { member2: ['member1-web-a'] });
    await waitFor('a pass asked for', async () => (loop.requests.length > 0 ? true : undefined), { timeoutMs: 2000, intervalMs: 10 });
    expect(loop.requests[0]).toBe('the endpoints of multi-cluster services changed');
    const records = loop.pass(mcsYaml(['member1'], ['member2']));
    expect([...(records['multicluster-services']?.values() ?? [])]).toEqual([
      {
        kind: 'MultiClusterService',
        namespace: 'shop',
        name: 'web',
        providers: [{ cluster: 'member1', ready: true, slices: 1, endpoints: 2 }],
        consumers: [{ cluster: 'member2', slices: 1, endpoints: 2, dispatched: true }],
      },
    ]);
  });
});

describe('the endpoints controller across restarts', () => {
  it('a new process changes nothing the last one left right, and its first records are the ones it resumed from', async () => {
    const members = fakeMembers();
    members.get('member1')?.put(slice('web-a', ['10.1.0.1']));
    const first = start(members);
    first.pass(mcsYaml(['member1'], ['member2']));
    await holding(members, { member2: ['member1-web-a'] });
    const recorded = first.pass(mcsYaml(['member1'], ['member2']));
    await first.close();
    for (const m of members.values()) m.calls.length = 0;
    members.get('member1')?.hangWhen('list');
    const second = start(members);
    const resumed = second.pass(mcsYaml(['member1'], ['member2']), new Map(), {
      ...emptyControllerRecords(),
      'multicluster-services': recorded['multicluster-services'] ?? new Map(),
    });
    expect(resumed['multicluster-services']).toEqual(recorded['multicluster-services']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(dispatched(members.get('member2')!)).toEqual(['member1-web-a']);
    expect(members.get('member2')?.writes()).toEqual([]);
  });

  it('a process killed with an export it dispatched leaves nothing the next one does not clean', async () => {
    const members = twoProviders();
    const killed = start(members);
    killed.pass(mcsYaml(['member1', 'member3'], ['member2']));
    await holding(members, { member2: ['member1-web-a', 'member3-web-c'] });
    await killed.close();
    const next = start(members);
    next.pass(mcsYaml(['member1'], ['member2']));
    await holding(members, { member2: ['member1-web-a'] });
    next.pass(mcsYaml(['member1'], ['member2']).replace(/---\napiVersion: networking[\s\S]*$/, ''));
    await holding(members, {});
  });

  it("a fleet leaves another fleet's copies alone", async () => {
    const members = fakeMembers();
    members.get('member1')?.put(slice('web-a', ['10.1.0.1']));
    const other = endpointsLoop(members);
    loops.push(other);
    other.pass(mcsYaml(['member1'], ['member2']));
    await holding(members, { member2: ['member1-web-a'] });
    await other.close();
    const mine = start(members, 60_000, 'fleet-b');
    mine.pass(mcsYaml(['member1'], ['member3']));
    await holding(members, { member2: ['member1-web-a'], member3: ['member1-web-a'] });
  });
});
