import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cluster, Placement, ReplicaSchedulingStrategy } from '../../src/model/index.ts';
import { schedule, type SchedulingInput } from '../../src/scheduler/index.ts';
import { byName, cluster, deployment } from './helpers.ts';

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f'];

const clusterArb: fc.Arbitrary<Cluster[]> = fc
  .subarray(NAMES, { minLength: 1 })
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc
          .record({ pods: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }), tainted: fc.boolean() })
          .map(({ pods, tainted }) =>
            cluster(
              name,
              tainted ? { taints: [{ key: 'k', effect: 'NoSchedule' }] } : {},
              pods === undefined ? {} : { status: { resourceSummary: { allocatable: { pods } } } },
            ),
          ),
      ),
    ),
  );

const strategyArb: fc.Arbitrary<ReplicaSchedulingStrategy | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant<ReplicaSchedulingStrategy>({ replicaSchedulingType: 'Duplicated' }),
  fc.constant<ReplicaSchedulingStrategy>({ replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Weighted' }),
  fc.constant<ReplicaSchedulingStrategy>({ replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Aggregated' }),
  fc.constant<ReplicaSchedulingStrategy>({
    replicaSchedulingType: 'Divided',
    replicaDivisionPreference: 'Weighted',
    weightPreference: { dynamicWeight: 'AvailableReplicas' },
  }),
  fc
    .array(fc.record({ name: fc.constantFrom(...NAMES), weight: fc.integer({ min: 1, max: 9 }) }), { minLength: 1, maxLength: 4 })
    .map<ReplicaSchedulingStrategy>((list) => ({
      replicaSchedulingType: 'Divided',
      replicaDivisionPreference: 'Weighted',
      weightPreference: { staticWeightList: list.map((w) => ({ targetCluster: { clusterNames: [w.name] }, weight: w.weight })) },
    })),
);

const placementArb: fc.Arbitrary<Placement> = fc
  .record({
    replicaScheduling: strategyArb,
    names: fc.option(fc.subarray(NAMES, { minLength: 1 }), { nil: undefined }),
    maxGroups: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  })
  .map(({ replicaScheduling, names, maxGroups }) => ({
    ...(replicaScheduling ? { replicaScheduling } : {}),
    ...(names ? { clusterAffinity: { clusterNames: names } } : {}),
    ...(maxGroups ? { spreadConstraints: [{ spreadByField: 'cluster' as const, minGroups: 1, maxGroups }] } : {}),
  }));

const inputArb = fc.record({
  replicas: fc.integer({ min: 0, max: 60 }),
  placement: placementArb,
  evicted: fc.subarray(NAMES),
});

const toInput = (i: { replicas: number; placement: Placement; evicted: string[] }): SchedulingInput => ({
  resource: deployment,
  replicas: i.replicas,
  placement: i.placement,
  evictedClusters: i.evicted,
});

const isDivided = (p: Placement) => p.replicaScheduling?.replicaSchedulingType === 'Divided';

const regionalArb: fc.Arbitrary<Cluster[]> = clusterArb.chain((clusters) =>
  fc
    .tuple(...clusters.map(() => fc.constantFrom(undefined, 'east', 'west', 'north')))
    .map((regions) => clusters.map((c, i) => (regions[i] ? { ...c, spec: { ...c.spec, region: regions[i] } } : c))),
);

const spreadArb: fc.Arbitrary<Placement> = fc
  .record({
    replicaScheduling: strategyArb,
    regionMin: fc.integer({ min: 0, max: 3 }),
    regionMax: fc.integer({ min: 0, max: 3 }),
    clusterMin: fc.integer({ min: 0, max: 4 }),
    clusterMax: fc.integer({ min: 0, max: 6 }),
  })
  .map(({ replicaScheduling, regionMin, regionMax, clusterMin, clusterMax }) => ({
    ...(replicaScheduling ? { replicaScheduling } : {}),
    spreadConstraints: [
      { spreadByField: 'region' as const, minGroups: regionMin, maxGroups: regionMax },
      { spreadByField: 'cluster' as const, minGroups: clusterMin, maxGroups: clusterMax },
    ],
  }));

describe('schedule invariants (fast-check)', () => {
  it('never throws, and divides exactly, under region and cluster spread constraints', () => {
    fc.assert(
      fc.property(regionalArb, spreadArb, fc.integer({ min: 0, max: 60 }), (clusters, placement, replicas) => {
        const result = schedule({ resource: deployment, replicas, placement }, clusters);
        const regions = new Set(clusters.filter((c) => c.spec.region).map((c) => c.metadata.name));
        for (const t of result.clusters) expect(regions).toContain(t.name);
        if (result.error || !isDivided(placement) || replicas === 0) return;
        expect(result.clusters.reduce((s, t) => s + t.replicas, 0)).toBe(replicas);
      }),
    );
  });

  it('changes nothing when rescheduled with its own result as the previous one', () => {
    fc.assert(
      fc.property(clusterArb, inputArb, (clusters, i) => {
        const input = { ...toInput(i), placement: { ...i.placement, spreadConstraints: [] } };
        const first = schedule(input, clusters);
        if (first.error) return;
        expect(schedule({ ...input, previous: first.clusters }, clusters).clusters).toEqual(first.clusters);
      }),
    );
  });

  it('divides exactly the requested replicas whenever it succeeds', () => {
    fc.assert(
      fc.property(clusterArb, inputArb, (clusters, i) => {
        const result = schedule(toInput(i), clusters);
        if (result.error || !isDivided(i.placement) || i.replicas === 0) return;
        expect(result.clusters.reduce((s, t) => s + t.replicas, 0)).toBe(i.replicas);
      }),
    );
  });

  it('never places replicas on a cluster the filters remove', () => {
    fc.assert(
      fc.property(clusterArb, inputArb, (clusters, i) => {
        const allowed = i.placement.clusterAffinity?.clusterNames;
        const feasible = clusters
          .filter((c) => !c.spec.taints && !i.evicted.includes(c.metadata.name))
          .filter((c) => !allowed || allowed.includes(c.metadata.name))
          .map((c) => c.metadata.name);
        for (const t of schedule(toInput(i), clusters).clusters) expect(feasible).toContain(t.name);
      }),
    );
  });

  it('never takes replicas away from a cluster when scaling up', () => {
    const noSpread = placementArb.map(({ spreadConstraints: _, ...rest }) => rest);
    fc.assert(
      fc.property(clusterArb, noSpread, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (clusters, placement, first, extra) => {
        const before = schedule({ resource: deployment, replicas: first, placement }, clusters);
        if (before.error) return;
        const after = schedule({ resource: deployment, replicas: first + extra, placement, previous: before.clusters }, clusters);
        if (after.error) return;
        const now = byName(after.clusters);
        for (const t of before.clusters) expect(now[t.name] ?? 0).toBeGreaterThanOrEqual(t.replicas);
      }),
    );
  });

  it('gives the same output for the same input, whatever the cluster order', () => {
    fc.assert(
      fc.property(clusterArb, inputArb, (clusters, i) => {
        const once = schedule(toInput(i), clusters);
        expect(schedule(toInput(i), clusters)).toEqual(once);
        expect(schedule(toInput(i), [...clusters].reverse())).toEqual(once);
      }),
    );
  });
});
