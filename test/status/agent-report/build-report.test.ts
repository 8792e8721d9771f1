import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../src/model/index.ts';
import type { ClusterApplyResult } from '../../../src/apply/events.ts';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import { agentReport } from '../../../src/status/index.ts';
import type { ReportInput } from '../../../src/status/index.ts';

const deployment: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop' },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
  },
};
const secret: KubeObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'token', namespace: 'shop' }, stringData: { token: 'hunter2-very-secret' } };
const ref = (m: KubeObject) => ({ apiVersion: m.apiVersion, kind: m.kind, namespace: m.metadata.namespace ?? '', name: m.metadata.name ?? '' });

const liveDeployment: KubeObject = {
  ...deployment,
  metadata: { ...deployment.metadata, generation: 1, annotations: { 'flotilla.io/template': 'apps/v1/Deployment/shop/web' } },
  status: { observedGeneration: 1, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1 },
};

function input(overrides: Partial<ReportInput> = {}): ReportInput {
  const applied: ClusterApplyResult = {
    cluster: 'edge',
    objects: [
      { cluster: 'edge', ref: ref(deployment), action: 'unchanged' },
      { cluster: 'edge', ref: ref(secret), action: 'failed', error: new Error('Secret "token" is invalid: stringData.token: hunter2-very-secret') },
    ],
    pruned: [{ cluster: 'edge', ref: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'old' }, action: 'deleted' }],
    inventoryWritten: true,
  };
  return {
    cluster: 'edge',
    now: new Date('2026-01-01T00:00:00Z'),
    heartbeatSeconds: 30,
    holder: 'h',
    work: { worksCommit: 'w', sourceCommit: 's', blob: 'b' },
    clusterStatus: {},
    manifests: [deployment, secret],
    applied,
    inventory: [
      { id: 'shop_web_apps_Deployment', v: 'v1', digest: 'dd' },
      { id: 'shop_kept_apps_Deployment', v: 'v1', digest: 'kk' },
    ],
    live: new Map([
      ['apps/v1/Deployment/shop/web', liveDeployment],
      [
        'apps/v1/Deployment/shop/kept',
        { ...liveDeployment, metadata: { name: 'kept', namespace: 'shop', annotations: { 'flotilla.io/template': 'apps/v1/Deployment/shop/old' } } },
      ],
    ]),
    interpreter: createInterpreter([]),
    ...overrides,
  };
}

describe('agentReport', () => {
  it("gives each Work object the inventory's digest and the status step's item, and lists what the inventory holds besides", () => {
    const report = agentReport(input());
    expect(report.objects[0]).toMatchObject({
      name: 'web',
      digest: 'dd',
      action: 'unchanged',
      applied: true,
      health: 'Healthy',
      template: 'apps/v1/Deployment/shop/web',
    });
    expect(report.objects[0]?.status).toMatchObject({ readyReplicas: 1 });
    expect(report.objects[2]).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      namespace: 'shop',
      name: 'kept',
      digest: 'kk',
      template: 'apps/v1/Deployment/shop/old',
      applied: true,
      health: 'Unknown',
    });
    expect(report.pruned).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'old', action: 'deleted' }]);
    expect(report).toMatchObject({ cluster: 'edge', heartbeat: '2026-01-01T00:00:00.000Z', heartbeatSeconds: 30, work: { blob: 'b' } });
  });

  it('never carries a Secret value: its status is left out and its values are scrubbed from messages', () => {
    const report = agentReport(input());
    const item = report.objects[1];
    expect(item).toMatchObject({ kind: 'Secret', applied: false, health: 'Unknown' });
    expect(item?.status).toBeUndefined();
    expect(JSON.stringify(report)).not.toContain('hunter2');
  });

  it('says every object is not applied yet before an apply has run, and what blocked prune', () => {
    const report = agentReport(input({ applied: undefined, work: undefined, error: 'no Work for edge on works yet' }));
    expect(report.objects.slice(0, 2).map((o) => [o.applied, o.appliedMessage])).toEqual([
      [false, 'not applied yet'],
      [false, 'not applied yet'],
    ]);
    expect(report.error).toBe('no Work for edge on works yet');
    const blocked = agentReport(input({ applied: { ...input().applied!, pruneBlocked: { reason: 'source-errors', message: 'refused' } } }));
    expect(blocked.pruneBlocked).toEqual({ reason: 'source-errors', message: 'refused' });
  });
});
