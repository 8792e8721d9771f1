import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Placement } from '../../src/model/index.ts';
import { createScheduler, newTrace, schedule } from '../../src/scheduler/index.ts';
import { cluster, clusterWithRoom, deployment } from './helpers.ts';

const fleet = [
  clusterWithRoom('a', 10, { region: 'east' }),
  clusterWithRoom('b', 4, { region: 'west', taints: [{ key: 'dedicated', value: 'batch', effect: 'NoSchedule' }] }),
  clusterWithRoom('c', 6, { region: 'west' }),
  cluster('d'),
];

const divided = { replicaSchedulingType: 'Divided', replicaDivisionPreference: 'Weighted', weightPreference: { dynamicWeight: 'AvailableReplicas' } } as const;

describe('scheduling trace', () => {
  it.each<{ name: string; placement: Placement; attempts: { affinityName?: string; error?: boolean; verdicts: Record<string, string> }[] }>([
    {
      name: 'the rejecting filter per cluster, the replicas per chosen one',
      placement: { clusterAffinity: { clusterNames: ['a', 'b', 'c'] }, replicaScheduling: divided },
      attempts: [{ verdicts: { a: 'replicas 6', b: 'TaintToleration', c: 'replicas 4', d: 'ClusterAffinity' } }],
    },
    {
      name: 'a cluster left out by the spread constraints',
      placement: { spreadConstraints: [{ spreadByField: 'cluster', minGroups: 1, maxGroups: 1 }], replicaScheduling: divided },
      attempts: [{ verdicts: { a: 'replicas 10', b: 'TaintToleration', c: 'not selected', d: 'not selected' } }],
    },
    {
      name: 'clusterAffinities: a failed term, then the term that is used',
      placement: {
        clusterAffinities: [
          { affinityName: 'only-b', clusterNames: ['b'] },
          { affinityName: 'a-and-c', clusterNames: ['a', 'c'] },
        ],
        replicaScheduling: divided,
      },
      attempts: [
        { affinityName: 'only-b', error: true, verdicts: { a: 'ClusterAffinity', b: 'TaintToleration', c: 'ClusterAffinity', d: 'ClusterAffinity' } },
        { affinityName: 'a-and-c', verdicts: { a: 'replicas 6', b: 'TaintToleration', c: 'replicas 4', d: 'ClusterAffinity' } },
      ],
    },
  ])('$name', ({ placement, attempts }) => {
    const trace = newTrace();
    const result = createScheduler(fleet)({ resource: deployment, replicas: 10, placement }, trace);
    expect(trace.replicas).toBe(10);
    expect(trace.strategy).toBe('DynamicWeight');
    expect(
      trace.attempts.map((a) => ({
        ...(a.affinityName ? { affinityName: a.affinityName } : {}),
        ...(a.error ? { error: true } : {}),
        verdicts: Object.fromEntries(
          a.clusters.map((v) => [
            v.name,
            v.rejectedBy?.plugin ?? (v.replicas !== undefined ? `replicas ${v.replicas}` : v.selected === false ? 'not selected' : 'feasible'),
          ]),
        ),
      })),
    ).toEqual(attempts);
    const last = trace.attempts.at(-1)!;
    expect(result.clusters.map((t) => t.name).sort()).toEqual(
      last.clusters
        .filter((v) => v.replicas !== undefined)
        .map((v) => v.name)
        .sort(),
    );
  });

  it('never changes the result', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.subarray(['a', 'b', 'c', 'd'], { minLength: 1 }),
        fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        (replicas, names, maxGroups) => {
          const placement: Placement = {
            clusterAffinity: { clusterNames: names },
            replicaScheduling: divided,
            ...(maxGroups ? { spreadConstraints: [{ spreadByField: 'cluster' as const, minGroups: 1, maxGroups }] } : {}),
          };
          const input = { resource: deployment, replicas, placement };
          expect(createScheduler(fleet)(input, newTrace())).toEqual(schedule(input, fleet));
        },
      ),
    );
  });
});
