// The status step with a Pull member: its cluster document and its objects' status come from its
// agent's report, never from a client; a FederatedResourceQuota counts what its agent reflected.
import { afterAll, describe, expect, it } from 'vitest';
import { desiredDigest } from '../../../src/apply/normalize.ts';
import type { AgentReport, KubeObject } from '../../../src/model/index.ts';
import { readFleet } from '../../../src/reconcile/pass/read-fleet.ts';
import { statusStep } from '../../../src/reconcile/pass/status-step.ts';
import { renderFleet } from '../../../src/render/render-fleet.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const NOW = new Date('2026-01-01T00:00:30Z');

const FLEET = {
  'clusters.yaml': 'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: edge}\nspec: {syncMode: Pull}\n',
  'policy.yaml': `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: all}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
  placement: {clusterAffinity: {clusterNames: [edge]}}
`,
  'web.yaml': `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}
`,
  'quota.yaml': `apiVersion: policy.karmada.io/v1alpha1
kind: FederatedResourceQuota
metadata: {name: team, namespace: shop}
spec:
  overall: {cpu: "10"}
  staticAssignments: [{clusterName: edge, hard: {cpu: "4"}}]
`,
};

describe('the status step and a Pull member', () => {
  it('records its agent-reported status, health and quota use, and its last heartbeat', async () => {
    const repo = createGitRepo();
    for (const [file, text] of Object.entries(FLEET)) repo.write(file, text);
    repo.commit('fleet');
    const source = await readFleet({ repo: repo.dir });
    const rendered = renderFleet(source.fleet, source.interpreter, {
      sourceCommit: source.snapshot.commit,
      detect: {},
      previousSchedules: new Map(),
      observedClusters: new Map([['edge', { conditions: [{ type: 'Ready', status: 'True' }] }]]),
    });
    const manifest = (kind: string): KubeObject => (rendered.works.get('edge') ?? []).find((i) => i.manifest.kind === kind)!.manifest;
    const report: AgentReport = {
      cluster: 'edge',
      heartbeat: '2026-01-01T00:00:00.000Z',
      heartbeatSeconds: 60,
      holder: 'h',
      work: { worksCommit: 'w'.repeat(40), sourceCommit: source.snapshot.commit, blob: 'b' },
      clusterStatus: { conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady' }], resourceSummary: { allocatable: { cpu: '4' } } },
      objects: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          namespace: 'shop',
          name: 'web',
          digest: desiredDigest(manifest('Deployment')),
          applied: true,
          health: 'Healthy',
          status: { readyReplicas: 2 },
        },
        {
          apiVersion: 'v1',
          kind: 'ResourceQuota',
          namespace: 'shop',
          name: 'team',
          digest: desiredDigest(manifest('ResourceQuota')),
          applied: true,
          health: 'Healthy',
          status: { hard: { cpu: '4' }, used: { cpu: '1500m' } },
        },
      ],
      pruned: [],
    };
    const result = await statusStep(
      {
        sourceOptions: { repo: repo.dir },
        source,
        rendered,
        applied: [],
        clients: new Map(),
        previousClusters: new Map(),
        agentReports: new Map([['edge', { report }]]),
      },
      { now: () => NOW },
    );
    const edge = result.report.clusters.find((c) => c.name === 'edge');
    expect(edge?.agent).toEqual({
      graceSeconds: 180,
      lastHeartbeat: report.heartbeat,
      heartbeatSeconds: 60,
      worksCommit: 'w'.repeat(40),
      sourceCommit: source.snapshot.commit,
    });
    expect(edge?.status.resourceSummary).toEqual({ allocatable: { cpu: '4' } });
    const web = result.report.templates.find((t) => t.resource.name === 'web');
    expect(web?.aggregatedStatus).toEqual([{ clusterName: 'edge', applied: true, health: 'Healthy', status: { readyReplicas: 2 } }]);
    expect(web?.health).toBe('Healthy');
    expect(result.report.quotas?.[0]?.status.overallUsed).toEqual({ cpu: '1500m' });
    expect(repo.git('show', 'status:clusters/edge.yaml')).toContain('syncMode: Pull');
  });
});
