// One pass over a fleet with a Pull member: the member is never connected; its Work, with the
// prune settings of the commit, goes to the works step; the status step and the controllers after
// the apply get what its agent reported.
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentReport } from '../../../src/model/index.ts';
import { recordedControllers } from '../../../src/controllers/registry.ts';
import { emptyPassMemory, reconcile } from '../../../src/reconcile/pass/pass.ts';
import type { PassOptions, PassStatusInput } from '../../../src/reconcile/pass/pass.ts';
import type { PassWorksInput } from '../../../src/reconcile/pass/pull-step.ts';
import { feedbackFromStatus } from '../../../src/reconcile/pass/status-feedback.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';
import { PUSH_AND_PULL_CLUSTERS } from '../helpers/fake-fleet.ts';

afterAll(removeFixtures);

const FLEET = `${PUSH_AND_PULL_CLUSTERS}apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: all}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]
  placement: {clusterAffinity: {clusterNames: [member1, edge]}}
`;

const report = (at: number): AgentReport => ({
  cluster: 'edge',
  heartbeat: new Date(at).toISOString(),
  heartbeatSeconds: 60,
  holder: 'h',
  work: { worksCommit: 'w', sourceCommit: 's', blob: 'blob-of-edge' },
  clusterStatus: { conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady' }] },
  objects: [],
  pruned: [],
});

const NOW = Date.parse('2026-01-01T00:00:00Z');

function setup(reported: AgentReport, fleet = FLEET) {
  const repo = createGitRepo();
  repo.write('fleet.yaml', fleet);
  repo.write('app.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app, namespace: shop}\ndata: {k: v}\n');
  repo.commit('fleet');
  const connected: string[][] = [];
  const written: PassWorksInput[] = [];
  const statuses: PassStatusInput[] = [];
  const options: PassOptions = {
    source: { repo: repo.dir },
    connect: async (clusters) => {
      connected.push(clusters.map((c) => c.metadata.name));
      return new Map([['member1', new FakeKubeClient('member1')]]);
    },
    prune: { enabled: true },
    runner: {},
    controllers: recordedControllers(),
    owns: () => true,
    now: () => NOW,
    feedback: async () => feedbackFromStatus(undefined),
    agentReports: async (_source, clusters) => new Map(clusters.map((c) => [c, { report: reported }])),
    works: async (input) => {
      written.push(input);
      return { commit: 'c'.repeat(40), changed: true, attempts: 1, workBlobs: new Map([['edge', 'blob-of-edge']]) };
    },
    onEvent: () => undefined,
    status: async (input) => {
      statuses.push(input);
      return { observedClusters: input.previousClusters };
    },
  };
  return { options, connected, written, statuses };
}

describe('a pass with a Pull member', () => {
  it('connects only the Push members, writes the Pull member’s Work, and hands its report to the status step', async () => {
    const { options, connected, written, statuses } = setup(report(NOW));
    const result = await reconcile(options, emptyPassMemory());
    expect(result.ok).toBe(true);
    expect(connected).toEqual([['member1']]);
    expect(result.clusters.map((c) => c.cluster)).toEqual(['member1']);
    expect(result.pullMembers).toEqual(['edge']);
    expect(written).toHaveLength(1);
    expect(written[0]?.branch).toBe('works');
    expect(written[0]?.input.prune).toMatchObject({ enabled: true, sourceHasErrors: false });
    expect(written[0]?.input.works.map((w) => [w.cluster, w.items.map((i) => `${i.manifest.kind}/${i.manifest.metadata.name}`)])).toEqual([
      ['edge', ['Namespace/shop', 'ConfigMap/app']],
    ]);
    expect(statuses[0]?.agentReports?.get('edge')?.report?.heartbeat).toBe(new Date(NOW).toISOString());
  });

  it('runs on when an agent reports a malformed cluster status: that member is unscheduled, the others applied', async () => {
    const malformed = { ...report(NOW), clusterStatus: { ...report(NOW).clusterStatus, apiEnablements: 5 } } as unknown as AgentReport;
    const { options, written } = setup(malformed);
    const result = await reconcile(options, emptyPassMemory());
    expect(result.clusters.map((c) => [c.cluster, c.error])).toEqual([['member1', undefined]]);
    expect(result.rendered.bindings[0]?.binding?.clusters.map((c) => c.name)).toEqual(['member1']);
    expect(written[0]?.input.works.map((w) => [w.cluster, w.items.length])).toEqual([['edge', 0]]);
  });

  it('asks the works step with no members once none is left, so the last one’s folder leaves the branch', async () => {
    const { options, connected, written } = setup(report(NOW), FLEET.replace('spec: {syncMode: Pull}', 'spec: {syncMode: Push}'));
    options.connect = async (clusters) => {
      connected.push(clusters.map((c) => c.metadata.name));
      return new Map(clusters.map((c) => [c.metadata.name, new FakeKubeClient(c.metadata.name)]));
    };
    const result = await reconcile(options, emptyPassMemory());
    expect(connected).toEqual([['member1', 'edge']]);
    expect(written.map((w) => [w.members, w.input.works])).toEqual([[[], []]]);
    expect(result.ok).toBe(true);
  });
});

describe('a pass where one template cannot be scheduled', () => {
  const STUCK = `apiVersion: apps/v1
kind: Deployment
metadata: {name: stuck, namespace: shop}
spec:
  replicas: 1
  selector: {matchLabels: {app: stuck}}
  template: {metadata: {labels: {app: stuck}}, spec: {containers: [{name: c, image: nginx}]}}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: stuck, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: stuck}]
  placement: {clusterAffinity: {labelSelector: {matchLabels: {no-such: label}}}}
`;

  it('holds back that template’s prune on every member, and only its: the others prune, and it is no source error', async () => {
    const { options, written, connected } = setup(report(NOW), `${FLEET}---\n${STUCK}`);
    const result = await reconcile(options, emptyPassMemory());
    expect(connected).toEqual([['member1']]);
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.heldTemplate)).toEqual(['apps/v1/Deployment/shop/stuck']);
    expect(written[0]?.input.prune).toMatchObject({ enabled: true, sourceHasErrors: false });
    const kept = written[0]?.input.works.find((w) => w.cluster === 'edge')?.keptCopies;
    expect([...(kept ?? new Map())]).toEqual([['apps/v1/Deployment/shop/stuck', expect.stringMatching(/^prune held back: .*stuck: cannot be scheduled/)]]);
  });
});
