import { describe, expect, it } from 'vitest';
import { readStoredInventory } from '../../../src/apply/inventory-store.ts';
import { readConsumerState, sliceInventoryName, syncConsumer } from '../../../src/controllers/multicluster-services/consumer-sync.ts';
import { dispatchedSlice, type ConsumerPlan } from '../../../src/controllers/multicluster-services/dispatch-plan.ts';
import type { ExportedService } from '../../../src/controllers/multicluster-services/exported-services.ts';
import { refOf } from '../../../src/model/index.ts';
import type { EndpointSlice, KubeObject } from '../../../src/model/index.ts';
import type { KubeClient } from '../../../src/apply/kube-client.ts';
import { objectId } from '../../../src/apply/object-id.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { slice } from './fixtures.ts';

const INVENTORY = 'fleet-a';
const service: ExportedService = {
  kind: 'MultiClusterService',
  key: 'networking.karmada.io/MultiClusterService/shop/web',
  namespace: 'shop',
  name: 'web',
  consumerService: 'web',
  providers: ['member1'],
  consumers: ['member3'],
};
const copy = (name: string, addresses: string[]): EndpointSlice => dispatchedSlice(service, 'member1', slice(name, addresses));
const plan = (slices: EndpointSlice[], frozen: string[] = []): ConsumerPlan => ({
  slices: new Map(slices.map((s) => [objectId(refOf(s)), s])),
  frozen: new Set(frozen),
});
const ref = (name: string) => ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', namespace: 'shop', name });

async function listed(member: FakeKubeClient): Promise<string[]> {
  return (await readStoredInventory(member, sliceInventoryName(INVENTORY))).entries.map((e) => e.id.split('_')[1] ?? '');
}
const live = (member: FakeKubeClient): string[] =>
  [...member.objects.values()]
    .filter((o) => o.kind === 'EndpointSlice')
    .map((o) => o.metadata.name ?? '')
    .sort();

async function sync(member: FakeKubeClient, p: ConsumerPlan) {
  return syncConsumer(member, p, await readConsumerState(member, INVENTORY), INVENTORY);
}

describe('syncConsumer: a consumer brought to its plan through its own inventory', () => {
  it('lists new slices in the inventory before it creates them, then holds exactly the plan', async () => {
    const member = new FakeKubeClient('member3');
    const seen: string[][] = [];
    const view = member.withSignal(new AbortController().signal);
    const wrapped: KubeClient = {
      ...view,
      apply: async (o: KubeObject, r) => {
        if (o.kind === 'EndpointSlice') seen.push(await listed(member));
        return view.apply(o, r);
      },
    };
    const result = await syncConsumer(
      wrapped,
      plan([copy('web-a', ['10.1.0.1']), copy('web-b', ['10.1.0.2'])]),
      await readConsumerState(member, INVENTORY),
      INVENTORY,
    );
    expect(result).toMatchObject({ applied: 2, deleted: 0 });
    expect(result.error).toBeUndefined();
    expect(seen).toEqual([
      ['member1-web-a', 'member1-web-b'],
      ['member1-web-a', 'member1-web-b'],
    ]);
    expect(live(member)).toEqual(['member1-web-a', 'member1-web-b']);
    expect(await listed(member)).toEqual(['member1-web-a', 'member1-web-b']);
  });

  it('writes nothing when the consumer already holds the plan, and only what changed otherwise', async () => {
    const member = new FakeKubeClient('member3');
    const first = await sync(member, plan([copy('web-a', ['10.1.0.1']), copy('web-b', ['10.1.0.2'])]));
    member.calls.length = 0;
    const again = await syncConsumer(member, plan([copy('web-a', ['10.1.0.1']), copy('web-b', ['10.1.0.2'])]), first.state, INVENTORY);
    expect(member.writes()).toEqual([]);
    const scaled = await syncConsumer(member, plan([copy('web-a', ['10.1.0.1', '10.1.0.3']), copy('web-b', ['10.1.0.2'])]), again.state, INVENTORY);
    expect(scaled.applied).toBe(1);
    expect(member.writes().map((c) => `${c.method} ${c.target}`)).toEqual([
      'apply discovery.k8s.io/EndpointSlice/shop/member1-web-a',
      'apply /ConfigMap/flotilla-system/fleet-a-endpointslices',
    ]);
    expect((member.objects.get('discovery.k8s.io/EndpointSlice/shop/member1-web-a') as EndpointSlice).endpoints?.length).toBe(2);
  });

  it('deletes what the plan no longer holds, then unlists it; a frozen provider keeps its copies', async () => {
    const member = new FakeKubeClient('member3');
    await sync(member, plan([copy('web-a', ['10.1.0.1']), copy('web-b', ['10.1.0.2'])]));
    const frozen = await sync(member, plan([], [`${service.key}|member1`]));
    expect(frozen).toMatchObject({ applied: 0, deleted: 0 });
    expect(live(member)).toEqual(['member1-web-a', 'member1-web-b']);
    const result = await sync(member, plan([copy('web-b', ['10.1.0.2'])]));
    expect(result).toMatchObject({ applied: 0, deleted: 1 });
    expect(live(member)).toEqual(['member1-web-b']);
    expect(await listed(member)).toEqual(['member1-web-b']);
  });

  it("never writes over a slice of the same name it did not make, nor deletes another fleet's", async () => {
    const member = new FakeKubeClient('member3');
    member.put({ ...slice('member1-web-a', ['192.0.2.1']), metadata: { name: 'member1-web-a', namespace: 'shop' } });
    const other = copy('web-z', ['10.9.0.1']);
    member.put(other);
    const result = await sync(member, plan([copy('web-a', ['10.1.0.1'])]));
    expect(result.error?.message).toBe("EndpointSlice shop/member1-web-a exists and is not Flotilla's: left alone");
    expect((member.objects.get('discovery.k8s.io/EndpointSlice/shop/member1-web-a') as EndpointSlice).endpoints?.[0]?.addresses).toEqual(['192.0.2.1']);
    expect(live(member)).toEqual(['member1-web-a', 'member1-web-z']);
    expect(await listed(member)).toEqual([]);
  });

  it('never writes over a slice of a name it listed that someone else made after its own went, and unlists it', async () => {
    const member = new FakeKubeClient('member3');
    await sync(member, plan([copy('web-a', ['10.1.0.1'])]));
    member.remove(ref('member1-web-a'));
    member.put({ ...slice('member1-web-a', ['192.0.2.1']), metadata: { name: 'member1-web-a', namespace: 'shop' } });
    member.calls.length = 0;
    const result = await sync(member, plan([copy('web-a', ['10.1.0.1'])]));
    expect(result.error?.message).toBe("EndpointSlice shop/member1-web-a exists and is not Flotilla's: left alone");
    expect(member.writes().map((c) => `${c.method} ${c.target}`)).toEqual(['apply /ConfigMap/flotilla-system/fleet-a-endpointslices']);
    expect((member.objects.get('discovery.k8s.io/EndpointSlice/shop/member1-web-a') as EndpointSlice).endpoints?.[0]?.addresses).toEqual(['192.0.2.1']);
    expect(await listed(member)).toEqual([]);
  });

  it.each<[string, (s: EndpointSlice) => EndpointSlice, EndpointSlice, number]>([
    [
      'a copy without endpoints or ports, which the server reads back as null, is not written again',
      (s) => ({ ...s, endpoints: null, ports: null }),
      { ...copy('web-a', []), ports: [] },
      0,
    ],
    [
      'a field the provider dropped from an endpoint is dropped from the copy',
      (s) => ({ ...s, endpoints: (s.endpoints ?? []).map((e) => ({ ...e, zone: 'zone-a' })) }),
      copy('web-a', ['10.1.0.1']),
      1,
    ],
  ])('%s', async (_name, asServed, want, applied) => {
    const member = new FakeKubeClient('member3');
    await sync(member, plan([want]));
    member.put(asServed(member.objects.get('discovery.k8s.io/EndpointSlice/shop/member1-web-a') as EndpointSlice));
    member.calls.length = 0;
    expect(await sync(member, plan([want]))).toMatchObject({ applied, deleted: 0 });
    expect(member.writes()).toHaveLength(applied);
  });

  it('forgets, without deleting, a slice whose labels were taken off, and an entry whose slice is gone', async () => {
    const member = new FakeKubeClient('member3');
    await sync(member, plan([copy('web-a', ['10.1.0.1']), copy('web-b', ['10.1.0.2'])]));
    const taken = member.objects.get('discovery.k8s.io/EndpointSlice/shop/member1-web-a') as EndpointSlice;
    member.put({ ...taken, metadata: { ...taken.metadata, labels: { 'kubernetes.io/service-name': 'web' } } });
    member.remove(ref('member1-web-b'));
    const result = await sync(member, plan([]));
    expect(result).toMatchObject({ applied: 0, deleted: 0 });
    expect(live(member)).toEqual(['member1-web-a']);
    expect(await listed(member)).toEqual([]);
  });

  it('after a process died between listing and creating, a later sync creates what is still planned and drops the rest', async () => {
    const member = new FakeKubeClient('member3');
    member.failWhen(
      'apply',
      (t) => t.startsWith('discovery.k8s.io/EndpointSlice/'),
      () => new Error('killed'),
    );
    await sync(member, plan([copy('web-a', ['10.1.0.1']), copy('web-b', ['10.1.0.2'])]));
    expect(await listed(member)).toEqual(['member1-web-a', 'member1-web-b']);
    expect(live(member)).toEqual([]);
    member.clearFailures();
    await sync(member, plan([copy('web-b', ['10.1.0.2'])]));
    expect(live(member)).toEqual(['member1-web-b']);
    expect(await listed(member)).toEqual(['member1-web-b']);
  });
});
