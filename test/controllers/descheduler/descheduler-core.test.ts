// Karmada's descheduler rules (pkg/descheduler, docs/karmada-compatibility.md#descheduler), restated as tables.
import { describe, expect, it } from 'vitest';
import { deschedulable, deschedule, loweredSchedules } from '../../../src/controllers/descheduler/descheduler-core.ts';
import type { NodeObservation, Placement, PodSnapshot, TargetCluster } from '../../../src/model/index.ts';
import type { TemplateBinding } from '../../../src/render/index.ts';

const T0 = Date.parse('2026-01-01T00:10:00Z');
const THRESHOLD = 5 * 60_000;
const dynamic: Placement = {
  replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Weighted', weightPreference: { dynamicWeight: 'AvailableReplicas' } },
};
const aggregated: Placement = { replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Aggregated' } };
const staticWeight: Placement = {
  replicaScheduling: { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Weighted', weightPreference: { staticWeightList: [] } },
};
const web = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' };

function binding(clusters: TargetCluster[], placement: Placement = dynamic, resource = web): TemplateBinding {
  return {
    template: {
      object: { ...resource, metadata: { name: resource.name, namespace: resource.namespace }, spec: { selector: { matchLabels: { app: 'web' } } } },
    },
    binding: { resource, placement, clusters, replicas: clusters.reduce((s, c) => s + c.replicas, 0), error: null },
  } as unknown as TemplateBinding;
}
const ago = (minutes: number) => new Date(T0 - minutes * 60_000).toISOString();
const pending = (minutes: number, labels = { app: 'web' }, namespace = 'shop'): PodSnapshot => ({
  namespace,
  labels,
  ready: false,
  unschedulableSince: ago(minutes),
});
const ready = (): PodSnapshot => ({ namespace: 'shop', labels: { app: 'web' }, ready: true });
const observed = (pods: Record<string, PodSnapshot[]>): Map<string, NodeObservation> =>
  new Map(Object.entries(pods).map(([name, list]) => [name, { nodes: [], pods: list }]));

describe('deschedulable: FilterBindings (supportedGVKs, IsReplicaDynamicDivided)', () => {
  it.each<[string, Placement, typeof web, boolean]>([
    ['a Deployment divided by dynamic weight', dynamic, web, true],
    ['a Deployment divided Aggregated', aggregated, web, true],
    ['a Deployment divided by static weight', staticWeight, web, false],
    ['a Duplicated Deployment', {}, web, false],
    ['a StatefulSet, whatever its placement', dynamic, { ...web, kind: 'StatefulSet' }, false],
  ])('%s → %s', (_name, placement, resource, want) => {
    expect(deschedulable(binding([{ name: 'member1', replicas: 2 }], placement, resource).binding)).toBe(want);
  });
});

describe('deschedule: updateScheduleResult per member', () => {
  it.each<[string, TargetCluster[], Record<string, PodSnapshot[]>, Record<string, number> | undefined]>([
    [
      'lowers a member by its pods unschedulable past the threshold',
      [
        { name: 'member1', replicas: 3 },
        { name: 'member2', replicas: 1 },
      ],
      { member1: [ready(), pending(6), pending(7)], member2: [ready()] },
      { member1: 1 },
    ],
    ['leaves pods unschedulable for less than the threshold', [{ name: 'member1', replicas: 3 }], { member1: [ready(), pending(4), pending(1)] }, undefined],
    ['counts only the pods past the threshold', [{ name: 'member1', replicas: 3 }], { member1: [pending(6), pending(1)] }, { member1: 2 }],
    ['leaves a member whose replicas are all ready', [{ name: 'member1', replicas: 2 }], { member1: [ready(), ready(), pending(9)] }, undefined],
    ['never goes below the ready replicas', [{ name: 'member1', replicas: 3 }], { member1: [ready(), ready(), pending(9), pending(9)] }, { member1: 2 }],
    [
      'leaves a member with more unschedulable pods than replicas (a rollout in progress)',
      [{ name: 'member1', replicas: 1 }],
      { member1: [pending(9), pending(9)] },
      undefined,
    ],
    ['counts none in a member whose pods were not observed (Pull)', [{ name: 'member3', replicas: 2 }], { member1: [pending(9)] }, undefined],
    [
      "ignores other workloads' pods",
      [{ name: 'member1', replicas: 2 }],
      { member1: [pending(9, { app: 'api' }), pending(9, { app: 'web' }, 'other')] },
      undefined,
    ],
  ])('%s', (_name, clusters, pods, want) => {
    const d = deschedule(binding(clusters), observed(pods), T0, THRESHOLD);
    expect(d && Object.fromEntries(d.clusters.map((c) => [c.name, c.target]))).toEqual(want);
  });

  it("says what it did in Karmada's event message", () => {
    const d = deschedule(binding([{ name: 'member1', replicas: 3 }]), observed({ member1: [ready(), pending(6), pending(6)] }), T0, THRESHOLD);
    expect(d?.message).toBe('Binding has been descheduled, 2 total descheduled replica(s), 2 replica(s) in cluster(member1)');
    expect(d?.at).toBe(new Date(T0).toISOString());
  });

  it('does not touch a static-weight binding, whatever its pods', () => {
    const b = binding([{ name: 'member1', replicas: 3 }], staticWeight);
    expect(deschedule(b, observed({ member1: [pending(9), pending(9)] }), T0, THRESHOLD)).toBeUndefined();
  });
});

describe('loweredSchedules', () => {
  it("lowers the descheduled members of the binding's previous schedule, leaving the rest", () => {
    const key = 'apps/v1/Deployment/shop/web';
    const previous = new Map([
      [
        key,
        {
          clusters: [
            { name: 'member1', replicas: 3 },
            { name: 'member2', replicas: 1 },
          ],
          appliedPlacement: '{}',
        },
      ],
    ]);
    const d = deschedule(binding(previous.get(key)!.clusters), observed({ member1: [pending(9), pending(9)] }), T0, THRESHOLD);
    expect(loweredSchedules(previous, d ? [d] : []).get(key)).toEqual({
      clusters: [
        { name: 'member1', replicas: 1 },
        { name: 'member2', replicas: 1 },
      ],
      appliedPlacement: '{}',
    });
  });
});
