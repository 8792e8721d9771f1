// What the agent tests share: a fleet repository with one Pull member `edge`, the Work the hub
// publishes for it on the works branch, and the options of an agent for it.
import type { AgentOptions } from '../../src/agent/agent-round.ts';
import { DEFAULT_PRUNE_SETTINGS } from '../../src/apply/prune-plan.ts';
import type { AgentReport, KubeObject } from '../../src/model/index.ts';
import type { CommitSigner } from '../../src/source/index.ts';
import { openStatusStore, publishWorks, type WorksInput } from '../../src/status/index.ts';
import { FakeKubeClient } from '../fakes/kube-client.ts';
import { createGitRepo, type GitFixture } from '../source/helpers/git-fixture.ts';

export const T0 = Date.parse('2026-01-01T00:00:00Z');

/** A ConfigMap in shop as the hub renders it: with Flotilla's tracking label and template annotation. */
export const hubConfigMap = (name: string, data = '1'): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name,
    namespace: 'shop',
    labels: { 'flotilla.io/managed-by': 'flotilla' },
    annotations: { 'flotilla.io/template': `v1/ConfigMap/shop/${name}` },
  },
  data: { data },
});

/** The options of an agent for `edge` reading `source`, applying to `member`, all timers long. */
export function edgeAgentOptions(source: AgentOptions['source'], member: FakeKubeClient) {
  return {
    cluster: 'edge',
    source,
    worksBranch: 'works',
    client: member,
    inventoryName: 'inv',
    lock: { durationSeconds: 1, retryMs: 10 },
    heartbeatMs: 60_000,
    resyncMs: 0,
    memberTimeoutMs: 10_000,
    holder: 'test/1/flotilla agent',
    onEvent: () => undefined,
  } satisfies AgentOptions;
}

/** A fleet repository with one commit, and an empty member for `edge`. */
export function edgeFleet(): { repo: GitFixture; source: string; member: FakeKubeClient } {
  const repo = createGitRepo();
  repo.write('clusters.yaml', 'kind: Cluster\n');
  const source = repo.commit('fleet');
  return { repo, source, member: new FakeKubeClient('edge') };
}

/** The works the hub writes for `edge` alone: each manifest its own template, prune on. */
export function edgeWorks(
  source: string,
  manifests: readonly KubeObject[],
  extra: { prune?: Partial<typeof DEFAULT_PRUNE_SETTINGS>; tenancy?: WorksInput['tenancy'] } = {},
): WorksInput {
  return {
    sourceCommit: source,
    prune: { ...DEFAULT_PRUNE_SETTINGS, enabled: true, allowMassPrune: true, ...extra.prune },
    works: [
      {
        cluster: 'edge',
        items: manifests.map((manifest) => ({
          manifest,
          template: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: manifest.metadata.name ?? '' },
          suspended: false,
          preserveOnDeletion: false,
        })),
        keptCopies: new Map(),
      },
    ],
    policies: new Map(),
    customizations: [],
    ...(extra.tenancy ? { tenancy: extra.tenancy } : {}),
  };
}

/** Publishes `works` on the works branch of the repository at `dir`, as the hub does at T0. */
export async function publishEdgeWorks(dir: string, works: WorksInput, sign?: CommitSigner) {
  return publishWorks(await openStatusStore({ repo: dir }, 'works'), works, {
    branch: 'works',
    members: ['edge'],
    now: () => new Date(T0),
    ...(sign ? { sign } : {}),
  });
}

/** The last report `edge`'s agent published. */
export const edgeReport = (repo: GitFixture): AgentReport => JSON.parse(repo.git('show', 'flotilla/agents/edge:report.json')) as AgentReport;
