import { describe, expect, it } from 'vitest';
import { replicaMoves } from '../../../src/reconcile/plan/plan-document.ts';
import type { PlanBinding } from '../../../src/reconcile/plan/plan-document.ts';

function binding(name: string, replicas: number, clusters: [string, number][], kind = 'Deployment'): PlanBinding {
  return {
    resource: { apiVersion: 'apps/v1', kind, namespace: 'shop', name },
    policy: { kind: 'PropagationPolicy', namespace: 'shop', name },
    replicas,
    hasReplicas: true,
    clusters: clusters.map(([n, r]) => ({ name: n, replicas: r })),
    error: null,
  };
}

describe('replicaMoves', () => {
  it('lists the clusters whose count changes, in name order', () => {
    const before = [
      binding('web', 6, [
        ['member2', 4],
        ['member1', 2],
      ]),
    ];
    const after = [
      binding('web', 6, [
        ['member1', 3],
        ['member2', 3],
      ]),
    ];
    expect(replicaMoves(before, after)).toEqual([
      {
        resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' },
        replicas: { before: 6, after: 6 },
        clusters: [
          { name: 'member1', before: 2, after: 3 },
          { name: 'member2', before: 4, after: 3 },
        ],
      },
    ]);
  });

  it('leaves out unchanged clusters and unchanged templates', () => {
    const before = [
      binding('api', 4, [
        ['member1', 3],
        ['member2', 1],
      ]),
      binding('web', 6, [
        ['member1', 4],
        ['member2', 2],
      ]),
    ];
    const after = [
      binding('api', 4, [
        ['member1', 3],
        ['member2', 1],
      ]),
      binding('web', 7, [
        ['member1', 5],
        ['member2', 2],
      ]),
    ];
    expect(replicaMoves(before, after)).toEqual([
      expect.objectContaining({
        replicas: { before: 6, after: 7 },
        clusters: [{ name: 'member1', before: 4, after: 5 }],
      }),
    ]);
  });

  it('counts a cluster that leaves or joins, and added or removed templates, from or to 0', () => {
    const before = [binding('web', 4, [['member1', 4]]), binding('old', 2, [['member3', 2]])];
    const after = [binding('web', 4, [['member2', 4]]), binding('new', 1, [['member1', 1]])];
    expect(replicaMoves(before, after).map((m) => [m.resource.name, m.clusters])).toEqual([
      ['new', [{ name: 'member1', before: 0, after: 1 }]],
      ['old', [{ name: 'member3', before: 2, after: 0 }]],
      [
        'web',
        [
          { name: 'member1', before: 4, after: 0 },
          { name: 'member2', before: 0, after: 4 },
        ],
      ],
    ]);
  });

  it('ignores templates without replicas, whose clusters carry no counts', () => {
    const before = [binding('cfg', 0, [['member1', 0]], 'ConfigMap')];
    const after = [
      binding(
        'cfg',
        0,
        [
          ['member1', 0],
          ['member2', 0],
        ],
        'ConfigMap',
      ),
    ];
    expect(replicaMoves(before, after)).toEqual([]);
  });
});
