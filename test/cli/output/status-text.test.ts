import { describe, expect, it } from 'vitest';
import { statusText } from '../../../src/cli/output/status-text.ts';
import type { StatusBranchView, TemplateStatus } from '../../../src/status/index.ts';

const web: TemplateStatus = {
  resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' },
  policy: null,
  replicas: 2,
  clusters: [{ name: 'member1', replicas: 2 }],
  conditions: [],
  aggregatedStatus: [],
  health: 'Healthy',
  problems: [],
};
const view = (failover: boolean): StatusBranchView => ({
  commit: 'b'.repeat(40),
  records: {},
  placements: [],
  warnings: [],
  quotas: [],
  clusters: [
    { name: 'member1', status: { conditions: [{ type: 'Ready', status: 'True' }] } },
    {
      name: 'member2',
      status: { conditions: [{ type: 'Ready', status: 'False' }] },
      ...(failover ? { taints: [{ key: 'cluster.karmada.io/unreachable', effect: 'NoExecute' as const, timeAdded: '2026-11-29T17:00:00.000Z' }] } : {}),
    },
  ],
  templates: [
    failover
      ? {
          ...web,
          gracefulEvictionTasks: [
            {
              fromCluster: 'member2',
              purgeMode: 'Gracefully',
              reason: 'TaintUntolerated',
              producer: 'TaintManager',
              creationTimestamp: '2026-11-29T17:00:30.000Z',
            },
          ],
        }
      : web,
  ],
});
const plain = (_format: unknown, text: string) => text;

describe('statusText: failover and quotas', () => {
  it('lists the tainted members and the eviction tasks under Failover', () => {
    expect(statusText(view(true), plain).split('\n').slice(-3)).toEqual([
      'Failover:',
      '  member2: tainted cluster.karmada.io/unreachable:NoExecute since 2026-11-29T17:00:00.000Z',
      '  Deployment/shop/web: evicted from member2 (TaintUntolerated, Gracefully) since 2026-11-29T17:00:30.000Z',
    ]);
  });

  it('shows Failover with the fleet, before the quotas and the other controllers’ sections, as STATUS.md does', () => {
    const quotas: StatusBranchView['quotas'] = [
      {
        resource: { apiVersion: 'policy.karmada.io/v1alpha1', kind: 'FederatedResourceQuota', namespace: 'shop', name: 'team' },
        status: { overall: { cpu: '10' }, overallUsed: { cpu: '1' } },
      },
    ];
    const rebalancers = [{ name: 'again', specDigest: 'd', status: { observedWorkloads: [], observedGeneration: 1 } }];
    const text = statusText({ ...view(true), quotas, records: { 'workload-rebalancer': rebalancers } }, plain);
    const at = (heading: string) => text.split('\n').indexOf(heading);
    expect(at('Failover:')).toBeGreaterThan(0);
    expect(at('Failover:')).toBeLessThan(at('Federated resource quotas:'));
    expect(at('Federated resource quotas:')).toBeLessThan(at('Workload rebalancers:'));
  });

  it('has no Failover section when nothing is failed over', () => {
    expect(statusText(view(false), plain)).not.toContain('Failover');
  });

  it("lists each federated quota's use against its limits, overall and per member, and nothing without one", () => {
    const quotas: StatusBranchView['quotas'] = [
      {
        resource: { apiVersion: 'policy.karmada.io/v1alpha1', kind: 'FederatedResourceQuota', namespace: 'shop', name: 'team' },
        status: {
          overall: { cpu: '10' },
          overallUsed: { cpu: '1500m' },
          aggregatedStatus: [
            { clusterName: 'member1', hard: { cpu: '6' }, used: { cpu: '1500m' } },
            { clusterName: 'member2', hard: { cpu: '4' } },
          ],
        },
      },
    ];
    expect(
      statusText({ ...view(false), quotas }, plain)
        .split('\n')
        .slice(-5),
    ).toEqual([
      'Federated resource quotas:',
      'QUOTA                             CLUSTER  USED/HARD',
      'FederatedResourceQuota/shop/team  overall  cpu 1500m/10',
      '                                  member1  cpu 1500m/6',
      '                                  member2  cpu 0/4',
    ]);
    expect(statusText(view(false), plain)).not.toContain('quotas');
  });
});

describe("statusText: the controllers' sections", () => {
  it('lists the workload rebalancers with their results', () => {
    const rebalancers = [
      {
        name: 'hello-now',
        specDigest: 'd',
        status: {
          observedWorkloads: [{ workload: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' }, result: 'Successful' as const }],
          observedGeneration: 1,
          finishTime: '2026-11-29T17:00:00.000Z',
        },
      },
    ];
    expect(
      statusText({ ...view(false), records: { 'workload-rebalancer': rebalancers } }, plain)
        .split('\n')
        .slice(-2),
    ).toEqual(['Workload rebalancers:', '  hello-now: generation 1: 1 Successful, 0 Failed, 0 pending; finished 2026-11-29T17:00:00.000Z']);
  });

  it('lists what the search cache holds per registry, and nothing without a registry', () => {
    const registries = [
      { name: 'apps', cached: [{ cluster: 'member1', apiVersion: 'apps/v1', kind: 'Deployment', objects: 3, syncedAt: '2026-11-29T17:00:00.000Z' }] },
      { name: 'idle', cached: [] },
    ];
    expect(
      statusText({ ...view(false), records: { 'search-cache': registries } }, plain)
        .split('\n')
        .slice(-4),
    ).toEqual([
      'Search cache:',
      '  apps:',
      '    member1 apps/v1 Deployment (all namespaces): 3 objects, synced 2026-11-29T17:00:00.000Z',
      '  idle: caches nothing',
    ]);
    expect(statusText(view(false), plain)).not.toContain('Search cache');
  });

  it('lists the multi-cluster services: providers and consumers with their endpoints, and why a write failed', () => {
    const multiClusterServices = [
      {
        kind: 'MultiClusterService' as const,
        namespace: 'shop',
        name: 'web',
        providers: [
          { cluster: 'member1', ready: true, slices: 1, endpoints: 3 },
          { cluster: 'member3', ready: false, slices: 1, endpoints: 1 },
        ],
        consumers: [
          { cluster: 'member2', slices: 1, endpoints: 3, dispatched: true },
          { cluster: 'member4', slices: 1, endpoints: 3, dispatched: false, message: 'namespaces "shop" not found' },
        ],
      },
      {
        kind: 'ServiceExport' as const,
        namespace: 'shop',
        name: 'api',
        providers: [{ cluster: 'member1', ready: true, slices: 1, endpoints: 1 }],
        consumers: [],
      },
    ];
    expect(
      statusText({ ...view(false), records: { 'multicluster-services': multiClusterServices } }, plain)
        .split('\n')
        .slice(-3),
    ).toEqual([
      'Multi-cluster services:',
      '  MultiClusterService shop/web: providers member1 (3 endpoints), member3 (1 endpoint, not dispatched); consumers member2 (3 endpoints), member4 (3 endpoints, not dispatched: namespaces "shop" not found)',
      '  ServiceExport shop/api: providers member1 (1 endpoint); consumers none',
    ]);
    expect(statusText(view(false), plain)).not.toContain('Multi-cluster');
  });
});
