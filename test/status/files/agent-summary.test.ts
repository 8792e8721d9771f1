import { describe, expect, it } from 'vitest';
import { clusterDocument, parseClusterDocument, statusMarkdown } from '../../../src/status/index.ts';
import type { ClusterReport, StatusReport } from '../../../src/status/index.ts';

const PULL: ClusterReport = {
  name: 'edge',
  status: { conditions: [{ type: 'Ready', status: 'Unknown', reason: 'ClusterStatusUnknown', message: 'silent' }] },
  agent: { lastHeartbeat: '2026-01-01T00:00:00.000Z', heartbeatSeconds: 60, graceSeconds: 180, worksCommit: 'w'.repeat(40), sourceCommit: 'a'.repeat(40) },
};
const PUSH: ClusterReport = { name: 'core', status: { conditions: [{ type: 'Ready', status: 'True' }] } };

describe('a Pull member on the status branch', () => {
  it("writes syncMode Pull and the agent's last heartbeat in the cluster document, and reads them back", () => {
    const doc = clusterDocument(PULL);
    expect(doc).toMatchObject({ spec: { syncMode: 'Pull' }, status: { agent: { lastHeartbeat: '2026-01-01T00:00:00.000Z', graceSeconds: 180 } } });
    const back = parseClusterDocument(JSON.parse(JSON.stringify(doc)));
    expect(back).toEqual(PULL);
    expect(back?.status).not.toHaveProperty('agent');
  });

  it('leaves a Push member’s document as it was', () => {
    expect(clusterDocument(PUSH)).toEqual({ apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster', metadata: { name: 'core' }, status: PUSH.status });
  });

  it('lists the Pull members in STATUS.md with their mode and last heartbeat, and no section without one', () => {
    const report: StatusReport = { sourceCommit: 's'.repeat(40), reconciledAt: 'now', clusters: [PUSH, PULL], templates: [] };
    expect(statusMarkdown(report, [])).toContain(
      '## Pull members\n\n- [edge](clusters/edge.yaml): Pull: last heartbeat 2026-01-01T00:00:00.000Z (every 60s; NotReady after 180s without one); applied source commit aaaaaaaaaaaa\n',
    );
    expect(statusMarkdown({ ...report, clusters: [PUSH] }, [])).not.toContain('Pull members');
  });
});
