import { describe, expect, it } from 'vitest';
import { collectionKey, dispatchPlan, type Collection } from '../../../src/controllers/multicluster-services/dispatch-plan.ts';
import type { ExportedService } from '../../../src/controllers/multicluster-services/exported-services.ts';
import type { MemberView } from '../../../src/controllers/multicluster-services/member-views.ts';
import { slice } from './fixtures.ts';

const mcs: ExportedService = {
  kind: 'MultiClusterService',
  key: 'networking.karmada.io/MultiClusterService/shop/web',
  namespace: 'shop',
  name: 'web',
  consumerService: 'web',
  providers: ['member1', 'member2'],
  consumers: ['member1', 'member2', 'member3'],
};
const exported: ExportedService = {
  ...mcs,
  kind: 'ServiceExport',
  key: 'multicluster.x-k8s.io/ServiceExport/shop/web',
  consumerService: 'derived-web',
  providers: ['member1'],
  consumers: ['member1', 'member3'],
};
const backend: ExportedService = {
  ...mcs,
  kind: 'MultiClusterIngress',
  key: 'v1/Service/shop/web',
  providers: ['member1', 'member2'],
  consumers: ['member1', 'member2'],
  ingresses: ['web-ingress'],
};
const up: MemberView = { ready: true, servesSlices: true };
const views = (overrides: Record<string, MemberView> = {}) => new Map(['member1', 'member2', 'member3'].map((m) => [m, overrides[m] ?? up]));
const synced = (...slices: ReturnType<typeof slice>[]): Collection => ({ synced: true, slices: new Map(slices.map((s) => [s.metadata.name ?? '', s])) });
const collections = new Map([
  [collectionKey('member1', 'shop', 'web'), synced(slice('web-a1', ['10.1.0.1', '10.1.0.2']))],
  [collectionKey('member2', 'shop', 'web'), synced(slice('web-b1', ['10.2.0.1']))],
]);

/** Per member, the names of the slices it must hold, and what stays frozen. */
function summary(plan: ReturnType<typeof dispatchPlan>) {
  return Object.fromEntries([...plan].map(([m, p]) => [m, { slices: [...p.slices.values()].map((s) => s.metadata.name).sort(), frozen: [...p.frozen] }]));
}

describe('dispatchPlan: which EndpointSlices each consumer holds', () => {
  it.each<[string, ExportedService[], ReadonlyMap<string, MemberView>, ReadonlyMap<string, Collection>, unknown]>([
    [
      "a MultiClusterService: every consumer holds every other provider's slices, as <provider>-<slice>",
      [mcs],
      views(),
      collections,
      {
        member1: { slices: ['member2-web-b1'], frozen: [] },
        member2: { slices: ['member1-web-a1'], frozen: [] },
        member3: { slices: ['member1-web-a1', 'member2-web-b1'], frozen: [] },
      },
    ],
    [
      "a MultiClusterIngress's backend: each member running it holds the others' slices, as <provider>-<slice>",
      [backend],
      views(),
      collections,
      {
        member1: { slices: ['member2-web-b1'], frozen: [] },
        member2: { slices: ['member1-web-a1'], frozen: [] },
        member3: { slices: [], frozen: [] },
      },
    ],
    [
      'a ServiceExport: the consumers of its ServiceImport hold imported-<provider>-<slice>, the provider itself too',
      [exported],
      views(),
      collections,
      {
        member1: { slices: ['imported-member1-web-a1'], frozen: [] },
        member2: { slices: [], frozen: [] },
        member3: { slices: ['imported-member1-web-a1'], frozen: [] },
      },
    ],
    [
      'a provider that is not Ready (failed over) provides nothing',
      [mcs],
      views({ member2: { ready: false, servesSlices: true } }),
      collections,
      { member1: { slices: [], frozen: [] }, member3: { slices: ['member1-web-a1'], frozen: [] } },
    ],
    [
      'a member without EndpointSlices neither provides nor consumes',
      [mcs],
      views({ member1: { ready: true, servesSlices: false } }),
      collections,
      { member2: { slices: [], frozen: [] }, member3: { slices: ['member2-web-b1'], frozen: [] } },
    ],
    [
      'a Pull member neither provides nor consumes: the hub does not reach it',
      [mcs],
      views({ member2: { ready: true, servesSlices: true, pull: true } }),
      collections,
      { member1: { slices: [], frozen: [] }, member3: { slices: ['member1-web-a1'], frozen: [] } },
    ],
    [
      'a provider not read yet freezes what the consumers hold from it',
      [mcs],
      views(),
      new Map([...collections, [collectionKey('member2', 'shop', 'web'), { synced: false, slices: new Map() }]]),
      {
        member1: { slices: [], frozen: [`${mcs.key}|member2`] },
        member2: { slices: ['member1-web-a1'], frozen: [] },
        member3: { slices: ['member1-web-a1'], frozen: [`${mcs.key}|member2`] },
      },
    ],
    [
      'no exported Service: every usable member holds nothing',
      [],
      views(),
      collections,
      { member1: { slices: [], frozen: [] }, member2: { slices: [], frozen: [] }, member3: { slices: [], frozen: [] } },
    ],
  ])('%s', (_name, services, v, c, want) => {
    expect(summary(dispatchPlan(services, v, c))).toEqual(want);
  });

  it("labels and annotates a copy as Karmada's dispatch controller does, with Flotilla's tracking, and copies the endpoints and ports", () => {
    const plan = dispatchPlan([mcs, exported], views(), collections);
    const copies = [...(plan.get('member3')?.slices.values() ?? [])].filter((s) => s.metadata.name?.endsWith('web-a1'));
    expect(copies).toEqual([
      {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: {
          name: 'member1-web-a1',
          namespace: 'shop',
          labels: {
            'kubernetes.io/service-name': 'web',
            'endpointslice.kubernetes.io/managed-by': 'endpointslice-dispatch-controller.karmada.io',
            'flotilla.io/managed-by': 'flotilla',
          },
          annotations: { 'endpointslice.karmada.io/provision-cluster': 'member1', 'flotilla.io/template': mcs.key },
        },
        addressType: 'IPv4',
        endpoints: slice('x', ['10.1.0.1', '10.1.0.2']).endpoints,
        ports: [{ name: 'http', port: 80, protocol: 'TCP' }],
      },
      expect.objectContaining({
        metadata: expect.objectContaining({
          name: 'imported-member1-web-a1',
          labels: expect.objectContaining({ 'kubernetes.io/service-name': 'derived-web' }),
        }),
      }),
    ]);
  });
});
