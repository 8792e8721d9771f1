import { describe, expect, it } from 'vitest';
import type { AgentReport } from '../../../src/model/index.ts';
import { parseReport, serializeReport } from '../../../src/status/index.ts';

const REPORT: AgentReport = {
  cluster: 'edge',
  heartbeat: '2026-01-01T00:00:00.000Z',
  heartbeatSeconds: 60,
  holder: 'node-1/7/flotilla agent',
  work: { worksCommit: 'w'.repeat(40), sourceCommit: 's'.repeat(40), blob: 'b'.repeat(40) },
  clusterStatus: { conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady', message: 'ok' }] },
  objects: [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      namespace: 'shop',
      name: 'web',
      digest: 'd',
      action: 'unchanged',
      template: 'apps/v1/Deployment/shop/web',
      applied: true,
      health: 'Healthy',
      status: { replicas: 2 },
    },
    { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'cfg', applied: false, appliedMessage: 'forbidden', health: 'Unknown' },
  ],
  pruned: [{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'old', action: 'deleted' }],
  pruneBlocked: { reason: 'mass-prune', message: 'too many' },
};

function edited(change: (r: Record<string, unknown>) => void): string {
  const doc = JSON.parse(serializeReport(REPORT)) as Record<string, unknown>;
  change(doc);
  return JSON.stringify(doc);
}

describe('report.json', () => {
  it('reads back what the agent wrote', () => {
    expect(parseReport(serializeReport(REPORT), 'edge')).toEqual(REPORT);
  });

  it.each([
    ['not JSON', 'nope', /not JSON/],
    ['not an object', '[]', /expected an object/],
    ["another member's report", edited((r) => (r['cluster'] = 'core')), /cluster: names "core", not edge/],
    ['a heartbeat that is not a time', edited((r) => (r['heartbeat'] = 'yesterday')), /heartbeat: expected an RFC 3339 time/],
    ['a heartbeat interval of zero', edited((r) => (r['heartbeatSeconds'] = 0)), /heartbeatSeconds: expected a positive number/],
    ['no cluster status', edited((r) => delete r['clusterStatus']), /clusterStatus: expected an object/],
    ['conditions that are not a list', edited((r) => (r['clusterStatus'] = { conditions: 'Ready' })), /clusterStatus\.conditions/],
    ['a health Flotilla does not know', edited((r) => ((r['objects'] as Record<string, unknown>[])[0]!['health'] = 'Fine')), /objects\[0\]\.health/],
    ['applied as a string', edited((r) => ((r['objects'] as Record<string, unknown>[])[1]!['applied'] = 'no')), /objects\[1\]\.applied/],
    ['a prune action Flotilla does not know', edited((r) => ((r['pruned'] as Record<string, unknown>[])[0]!['action'] = 'gone')), /pruned\[0\]\.action/],
    ['a work without its blob', edited((r) => delete (r['work'] as Record<string, unknown>)['blob']), /work\.blob: expected a string/],
  ])('refuses %s, naming the field', (_name, text, message) => {
    const parsed = parseReport(text, 'edge');
    expect(parsed).toBeInstanceOf(Error);
    expect((parsed as Error).message).toMatch(/^report\.json: /);
    expect((parsed as Error).message).toMatch(message);
  });
});
