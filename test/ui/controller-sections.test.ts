import { describe, expect, it } from 'vitest';
import type { StatusBranchView } from '../../src/status/index.ts';
import { controllerSections } from '../../src/ui/controller-sections.ts';

const view: StatusBranchView = {
  commit: 'c'.repeat(40),
  clusters: [
    { name: 'member1', status: {}, taints: [{ key: 'cluster.karmada.io/not-ready', effect: 'NoExecute', timeAdded: '2026-12-04T08:00:00Z' }] },
    { name: 'edge', status: {}, agent: { graceSeconds: 60, problem: 'no report' } },
  ],
  templates: [],
  placements: [
    {
      resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' },
      policy: null,
      replicas: 2,
      clusters: [],
      unhealthySince: [{ clusterName: 'member2', since: '2026-12-04T07:00:00Z' }],
    },
  ],
  quotas: [],
  warnings: [],
  records: {
    autoscaling: {
      federatedHPAs: [
        {
          namespace: 'shop',
          name: 'web',
          scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
          status: { currentReplicas: 4, desiredReplicas: 4 },
          scaleEvents: [
            { time: '2026-12-04T09:30:00Z', from: 3, to: 4, reason: 'up' },
            { time: '2026-12-04T09:00:00Z', from: 2, to: 3, reason: 'up' },
          ],
        },
      ],
      cronFederatedHPAs: [],
      workloads: [],
    },
  },
};

const section = (name: string) => controllerSections(view).find((s) => s.controller === name)!;

describe('controllerSections', () => {
  it('has no section without a status branch', () => {
    expect(controllerSections(undefined)).toEqual([]);
  });

  it("charts a FederatedHPA's decisions in time order, starting from the count before the first", () => {
    const series = section('autoscaling').blocks.find((b) => b.kind === 'series');
    expect(series?.kind === 'series' && series.points).toEqual([
      { at: '2026-12-04T09:00:00Z', series: 'FederatedHPA shop/web', value: 2 },
      { at: '2026-12-04T09:00:00Z', series: 'FederatedHPA shop/web', value: 3 },
      { at: '2026-12-04T09:30:00Z', series: 'FederatedHPA shop/web', value: 4 },
    ]);
  });

  it.each([
    ['failover', 'Members failed over', [['member1', 'cluster.karmada.io/not-ready:NoExecute', '2026-12-04T08:00:00Z']]],
    ['failover', 'Unhealthy since', [['apps/v1/Deployment/shop/web', 'member2', '2026-12-04T07:00:00Z']]],
    ['pull-members', 'Agents', [['edge', 'never', '', 'no report']]],
  ])('%s: %s', (controller, title, rows) => {
    const table = section(controller).blocks.find((b) => b.kind === 'table' && b.title === title);
    expect(table?.kind === 'table' && table.rows.map((r) => r.map((c) => c.text))).toEqual(rows);
  });
});
