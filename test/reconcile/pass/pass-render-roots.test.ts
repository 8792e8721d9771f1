// A pass over a fleet whose templates come from a Kustomize root: a Pull member's Work on the works
// branch holds the rendered objects (its agent never runs kustomize), and a second pass with the
// same memory, as `run` keeps it, sees a one-file change in the root; helmCharts render for the
// version the members answered live in the last pass, before the status branch's record.
import { afterAll, describe, expect, it } from 'vitest';
import { recordedControllers } from '../../../src/controllers/registry.ts';
import { emptyPassMemory, reconcile } from '../../../src/reconcile/pass/pass.ts';
import type { PassOptions } from '../../../src/reconcile/pass/pass.ts';
import type { PassWorksInput } from '../../../src/reconcile/pass/pull-step.ts';
import type { AgentReports } from '../../../src/status/index.ts';
import { feedbackFromStatus } from '../../../src/reconcile/pass/status-feedback.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { createGitRepo, removeFixtures, type GitFixture } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const FLEET = `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: edge}
spec: {syncMode: Pull}
---
apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: all}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]
  placement: {clusterAffinity: {clusterNames: [edge]}}
`;

const overlay = (level: string) =>
  `resources:\n  - ../base\nnamePrefix: prod-\nconfigMapGenerator:\n  - name: level\n    namespace: shop\n    literals:\n      - level=${level}\n`;

// The edge agent reports in, Ready: its Work is written, never applied from here.
const edgeReady = async (): Promise<AgentReports> =>
  new Map([
    [
      'edge',
      {
        report: {
          cluster: 'edge',
          heartbeat: '2026-01-01T00:00:00.000Z',
          heartbeatSeconds: 60,
          holder: 'h',
          clusterStatus: { conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady' }] },
          objects: [],
          pruned: [],
        },
      },
    ],
  ]);

/** A pass writing the edge member's Work into `written`, its status step `status`. */
function passOptions(repo: string, written: PassWorksInput[], status: PassOptions['status']): PassOptions {
  return {
    source: { repo },
    connect: async () => new Map(),
    prune: { enabled: true },
    runner: {},
    controllers: recordedControllers(),
    owns: () => true,
    now: () => Date.parse('2026-01-01T00:00:00Z'),
    feedback: async () => feedbackFromStatus(undefined),
    agentReports: edgeReady,
    works: async (input) => {
      written.push(input);
      return { commit: 'c'.repeat(40), changed: true, attempts: 1, workBlobs: new Map() };
    },
    onEvent: () => undefined,
    status,
  };
}

/** A vendored chart printing `.Capabilities.KubeVersion` into ConfigMap `kube`, released by `app/kustomization.yaml`. */
function writeKubeChart(repo: GitFixture): void {
  repo.write('charts/kube/Chart.yaml', 'apiVersion: v2\nname: kube\nversion: 0.1.0\n');
  repo.write('charts/kube/values.yaml', '{}\n');
  repo.write(
    'charts/kube/templates/cm.yaml',
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: kube, namespace: shop}\ndata: {version: {{ .Capabilities.KubeVersion.Version | quote }}}\n',
  );
  repo.write('app/kustomization.yaml', 'helmGlobals: {chartHome: ../charts}\nhelmCharts:\n  - name: kube\n    releaseName: kube\n');
}

describe('a pass over render roots', () => {
  it("puts the rendered objects in a Pull member's Work, and a later pass sees a change in the root", async () => {
    const repo = createGitRepo();
    repo.write('fleet.yaml', FLEET);
    repo.write('app/base/kustomization.yaml', 'resources:\n  - cm.yaml\n');
    repo.write('app/base/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app, namespace: shop}\ndata: {k: v}\n');
    repo.write('app/prod/kustomization.yaml', overlay('gold'));
    repo.commit('fleet');
    const written: PassWorksInput[] = [];
    const options = passOptions(repo.dir, written, async (input) => ({ observedClusters: input.previousClusters }));
    const names = (pass: number) => written[pass]?.input.works.flatMap((w) => w.items.map((i) => `${i.manifest.kind}/${i.manifest.metadata.name}`));
    const memory = emptyPassMemory();

    const first = await reconcile(options, memory);
    expect(first.diagnostics).toEqual([]);
    expect(first.ok).toBe(true);
    expect(names(0)).toEqual(['Namespace/shop', 'ConfigMap/prod-app', expect.stringMatching(/^ConfigMap\/prod-level-\w{10}$/)]);

    repo.write('app/prod/kustomization.yaml', overlay('silver'));
    repo.commit('silver');
    expect((await reconcile(options, memory)).ok).toBe(true);
    const level = written[1]?.input.works[0]?.items.find((i) => i.manifest.metadata.name?.startsWith('prod-level-'));
    expect(level?.manifest.data).toEqual({ level: 'silver' });
    expect(names(1)?.[2]).not.toBe(names(0)?.[2]);
  });

  it('renders helmCharts for the Kubernetes version the members answered in the last pass', async () => {
    const repo = createGitRepo();
    repo.write('fleet.yaml', FLEET);
    writeKubeChart(repo);
    repo.commit('fleet');
    const written: PassWorksInput[] = [];
    const live = new Map([['edge', { kubernetesVersion: 'v1.31.4+k3s1' }]]);
    const options = passOptions(repo.dir, written, async () => ({ observedClusters: live }));
    const memory = emptyPassMemory();
    expect((await reconcile(options, memory)).diagnostics).toEqual([]);
    expect((await reconcile(options, memory)).diagnostics).toEqual([]);
    // The first pass has no record and no answer yet (helm's default); the second, the live answer.
    const versions = written.map((w) => w.input.works[0]?.items.find((i) => i.manifest.metadata.name === 'kube')?.manifest.data);
    expect(versions).toHaveLength(2);
    expect(versions[0]).not.toEqual({ version: 'v1.31.4' });
    expect(versions[1]).toEqual({ version: 'v1.31.4' });
  });

  it("renders helmCharts in the first pass for the version the Push members answer now, not the status branch's record", async () => {
    const repo = createGitRepo();
    repo.git('checkout', '-q', '--orphan', 'status');
    repo.write('clusters/hub.yaml', 'name: hub\nkubernetesVersion: v1.36.3\n');
    repo.commit('status');
    repo.git('checkout', '-q', '--orphan', 'main');
    repo.git('rm', '-rq', '--cached', '.');
    repo.git('clean', '-fdq');
    repo.write('fleet.yaml', `${FLEET}---\napiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: hub}\nspec: {syncMode: Push}\n`);
    writeKubeChart(repo);
    repo.commit('fleet');
    const hub = new FakeKubeClient('hub');
    hub.rawAnswers.set('/version', { status: 200, body: JSON.stringify({ gitVersion: 'v1.29.7-eks-1' }) });
    const written: PassWorksInput[] = [];
    const options = {
      ...passOptions(repo.dir, written, async (input) => ({ observedClusters: input.previousClusters })),
      connect: async () => new Map([['hub', hub]]),
    };
    expect((await reconcile(options, emptyPassMemory())).diagnostics).toEqual([]);
    const kube = written[0]?.input.works[0]?.items.find((i) => i.manifest.metadata.name === 'kube');
    expect(kube?.manifest.data).toEqual({ version: 'v1.29.7' });
  });
});
