// What each registered controller shows of itself (ViewSection, src/model/controller-view.ts),
// from its records as the status branch holds them: the readers iterate the registry.
import { describe, expect, it } from 'vitest';
import type { RecordedRebalancer, ViewSection } from '../../src/model/index.ts';
import { controllerViews } from '../../src/controllers/registry.ts';
import { emptyControllerRecords } from '../../src/controllers/index.ts';
import type { ControllerRecords } from '../../src/controllers/index.ts';

const REBALANCER: RecordedRebalancer = {
  name: 'hello-now',
  specDigest: '0123456789abcdef',
  status: {
    observedWorkloads: [{ workload: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'hello', name: 'hello' }, result: 'Successful' }],
    observedGeneration: 1,
    finishTime: '2026-01-01T00:00:00.000Z',
  },
};
const TAINT = { key: 'cluster.karmada.io/not-ready', effect: 'NoExecute' as const, timeAdded: '2026-01-01T00:00:00Z' };
const TASK = {
  fromCluster: 'member1',
  purgeMode: 'Gracefully' as const,
  reason: 'TaintUntolerated' as const,
  producer: 'TaintManager' as const,
  creationTimestamp: '2026-01-01T00:00:05Z',
};

const records = (more: Partial<ControllerRecords>): ControllerRecords => ({ ...emptyControllerRecords(), ...more });
/** The tables of each section; a section of text alone (a quiet controller's note) is left out. */
const summary = (sections: ViewSection[]) =>
  sections
    .filter((s) => s.blocks.some((b) => b.kind !== 'text'))
    .map((s) => [
      s.controller,
      s.title,
      s.blocks.map((b) => (b.kind === 'table' ? b.rows.map((r) => r.map((c) => `${c.text}${c.tone ? ` (${c.tone})` : ''}`).join(' | ')) : [])),
    ]);

describe('controllerViews: every registered controller as a section, without the reader knowing which', () => {
  it.each([
    ['nothing recorded shows no table', records({}), []],
    [
      'a finished rebalancer',
      records({ 'workload-rebalancer': new Map([[REBALANCER.name, REBALANCER]]) }),
      [
        [
          'workload-rebalancer',
          'Workload rebalancers',
          [['hello-now | generation 1: 1 Successful, 0 Failed, 0 pending; finished 2026-01-01T00:00:00.000Z (ok)']],
        ],
      ],
    ],
    [
      'a member failed over, and a template evicted from it',
      records({
        failover: { taints: new Map([['member1', [TAINT]]]), tasks: new Map([['apps/v1/Deployment/shop/web', [TASK]]]), unhealthySince: new Map() },
      }),
      [
        [
          'failover',
          'Failover and evictions',
          [
            ['member1 | cluster.karmada.io/not-ready:NoExecute (error) | 2026-01-01T00:00:00Z'],
            ['apps/v1/Deployment/shop/web | member1 | TaintUntolerated (warn) | Gracefully |  | 2026-01-01T00:00:05Z'],
          ],
        ],
      ],
    ],
    [
      'a registry whose copy of one kind is out of sync',
      records({
        'search-cache': [
          {
            name: 'apps',
            cached: [
              { cluster: 'member1', apiVersion: 'apps/v1', kind: 'Deployment', objects: 2, syncedAt: '2026-01-01T00:00:00Z' },
              { cluster: 'member2', apiVersion: 'apps/v1', kind: 'Deployment', objects: 0, error: 'watch failed' },
            ],
          },
        ],
      }),
      [
        [
          'search-cache',
          'Search cache',
          [
            [
              'apps | member1 apps/v1 Deployment (all namespaces): 2 objects, synced 2026-01-01T00:00:00Z (ok)',
              'apps | member2 apps/v1 Deployment (all namespaces): 0 objects, out of sync: watch failed (warn)',
            ],
          ],
        ],
      ],
    ],
    [
      'a multi-cluster service whose consumer could not be written',
      records({
        'multicluster-services': new Map([
          [
            'MultiClusterService/shop/web',
            {
              kind: 'MultiClusterService' as const,
              namespace: 'shop',
              name: 'web',
              providers: [{ cluster: 'member1', ready: true, slices: 1, endpoints: 3 }],
              consumers: [{ cluster: 'member2', slices: 0, endpoints: 0, dispatched: false, message: 'forbidden' }],
            },
          ],
        ]),
      }),
      [
        [
          'multicluster-services',
          'Multi-cluster services',
          [['MultiClusterService shop/web | providers member1 (3 endpoints); consumers member2 (0 endpoints, not dispatched: forbidden) (warn)']],
        ],
      ],
    ],
    [
      'a workload an autoscaler scaled',
      records({
        autoscaling: {
          federatedHPAs: [],
          cronFederatedHPAs: [],
          workloads: [
            {
              resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' },
              replicas: 8,
              templateReplicas: 4,
              by: 'FederatedHPA shop/web',
            },
          ],
        },
      }),
      [['autoscaling', 'Autoscaling', [['Deployment/shop/web: 8 replicas (FederatedHPA shop/web; template says 4)']]]],
    ],
  ])('%s', (_name, given, expected) => {
    expect(summary(controllerViews(given))).toEqual(expected);
  });

  it('always shows failover and autoscaling, with a note when they have nothing to show', () => {
    const quiet = controllerViews(records({})).filter((s) => s.blocks.every((b) => b.kind === 'text'));
    expect(quiet.map((s) => [s.controller, s.title, s.blocks])).toEqual([
      ['failover', 'Failover and evictions', [{ kind: 'text', text: 'No member is failed over and no eviction is pending.' }]],
      ['autoscaling', 'FederatedHPA and CronFederatedHPA', [{ kind: 'text', text: 'No FederatedHPA or CronFederatedHPA in the fleet.' }]],
    ]);
  });
});
