import { afterAll, describe, expect, it } from 'vitest';
import type { ClusterApplyResult } from '../../../src/apply/events.ts';
import type { KubeClient } from '../../../src/apply/kube-client.ts';
import { refKey, refOf } from '../../../src/model/index.ts';
import type { GracefulEvictionTask, KubeObject } from '../../../src/model/index.ts';
import { readFleet } from '../../../src/reconcile/pass/read-fleet.ts';
import { statusStep, type StatusStepInput } from '../../../src/reconcile/pass/status-step.ts';
import { renderFleet, type Rendered } from '../../../src/render/render-fleet.ts';
import { openStatusStore, readStatusBranch } from '../../../src/status/index.ts';
import type { FailoverView } from '../../../src/controllers/index.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { createGitRepo, removeFixtures, type GitFixture } from '../../source/helpers/git-fixture.ts';
import { RECORD_SECTIONS } from '../../../src/controllers/index.ts';

afterAll(removeFixtures);

const MEMBERS = ['member1', 'member2', 'member3'];
const FLEET = {
  'clusters.yaml': MEMBERS.map((n) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: ${n}\nspec: {}\n`).join('---\n'),
  'policy.yaml': `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata:
  name: all
spec:
  resourceSelectors:
    - {apiVersion: apps/v1, kind: Deployment}
  placement:
    clusterAffinity: {clusterNames: [member1, member2, member3]}
    replicaScheduling: {replicaSchedulingType: Duplicated}
`,
  'web.yaml': `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: nginx}]}
`,
};

/** Members as their controllers left them: member2's web has none of its 2 replicas available. */
function members(rendered: Rendered): Map<string, FakeKubeClient> {
  return new Map(
    MEMBERS.map((name) => {
      const client = new FakeKubeClient(name);
      client.put({
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: `${name}-node` },
        status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
      });
      const available = name === 'member2' ? 0 : 2;
      for (const item of rendered.works.get(name) ?? []) {
        const live: KubeObject = {
          ...structuredClone(item.manifest),
          status: { observedGeneration: 1, replicas: 2, updatedReplicas: 2, readyReplicas: available, availableReplicas: available },
        };
        live.metadata.generation = 1;
        client.put(live);
      }
      return [name, client];
    }),
  );
}

async function fleetRepo(): Promise<{ repo: GitFixture; input: Omit<StatusStepInput, 'clients' | 'owns'>; clients: Map<string, FakeKubeClient> }> {
  const repo = createGitRepo();
  for (const [file, text] of Object.entries(FLEET)) repo.write(file, text);
  repo.commit('fleet');
  const source = await readFleet({ repo: repo.dir });
  const rendered = renderFleet(source.fleet, source.interpreter, {
    sourceCommit: source.snapshot.commit,
    detect: {},
    previousSchedules: new Map(),
    observedClusters: new Map(),
  });
  const applied: ClusterApplyResult[] = MEMBERS.map((cluster) => ({
    cluster,
    pruned: [],
    inventoryWritten: true,
    objects: (rendered.works.get(cluster) ?? []).map((i) => ({ cluster, ref: refOf(i.manifest), action: 'created' as const })),
  }));
  return { repo, input: { sourceOptions: { repo: repo.dir }, source, rendered, applied, previousClusters: new Map() }, clients: members(rendered) };
}

/** One replica's step: it owns `owned` and is connected to those members only. */
function replica(base: Awaited<ReturnType<typeof fleetRepo>>, owned: readonly string[], at: string, failover?: FailoverView) {
  const clients = new Map<string, KubeClient | Error>(owned.map((name) => [name, base.clients.get(name) as KubeClient]));
  return statusStep(
    {
      ...base.input,
      applied: base.input.applied.filter((a) => owned.includes(a.cluster)),
      clients,
      owns: (c) => owned.includes(c),
      ...(failover ? { records: { failover } } : {}),
    },
    { now: () => new Date(at) },
  );
}

/** A replica's failover memory with member2 failed over since `since` and web evicted from it at `evicted`, on its own clock. */
function member2FailedOver(web: string, since: string, evicted: string): FailoverView {
  const task: GracefulEvictionTask = {
    fromCluster: 'member2',
    purgeMode: 'Gracefully',
    reason: 'TaintUntolerated',
    producer: 'TaintManager',
    creationTimestamp: evicted,
  };
  return {
    taints: new Map([['member2', [{ key: 'cluster.karmada.io/not-ready', effect: 'NoExecute' as const, timeAdded: since }]]]),
    tasks: new Map([[web, [task]]]),
    unhealthySince: new Map(),
  };
}

async function tree(repo: GitFixture): Promise<Map<string, string>> {
  const files = repo.git('ls-tree', '-r', '--name-only', 'status').split('\n');
  return new Map(files.filter((f) => f !== 'summary.json').map((f) => [f, repo.git('show', `status:${f}`)]));
}

describe('statusStep with shards', () => {
  it('each replica writes its own members; together they write what one replica of the whole fleet writes', async () => {
    const whole = await fleetRepo();
    await statusStep({ ...whole.input, clients: new Map<string, KubeClient | Error>(whole.clients) }, { now: () => new Date('2026-01-01T00:00:00Z') });

    const sharded = await fleetRepo();
    const first = await replica(sharded, ['member1', 'member3'], '2026-01-01T00:00:00Z');
    // Alone so far: member2 has no cluster document, and web lacks its member2 item.
    expect(first.report.clusters.map((c) => c.name)).toEqual(['member1', 'member3']);
    expect(first.report.templates[0]?.aggregatedStatus.map((i) => i.clusterName)).toEqual(['member1', 'member3']);
    expect(first.report.templates[0]?.health).toBe('Unknown');
    expect(sharded.clients.get('member2')?.calls).toEqual([]);

    const second = await replica(sharded, ['member2'], '2026-01-01T00:00:05Z');
    expect(second.changed).toBe(true);
    expect(second.report.templates[0]?.aggregatedStatus.map((i) => [i.clusterName, i.health])).toEqual([
      ['member1', 'Healthy'],
      ['member2', 'Unhealthy'],
      ['member3', 'Healthy'],
    ]);
    expect(second.report.templates[0]?.health).toBe('Unhealthy');
    expect(second.report.templates[0]?.resourceStatus).toMatchObject({ replicas: 6, availableReplicas: 4 });
    expect(second.report.clusters.map((c) => c.name)).toEqual(MEMBERS);
    expect(await tree(sharded.repo)).toEqual(await tree(whole.repo));
    const view = await readStatusBranch((await openStatusStore({ repo: sharded.repo.dir }, 'status')).store, RECORD_SECTIONS);
    expect(view?.summary?.counts).toMatchObject({ templates: 1, unhealthy: 1, clusters: 3, readyClusters: 3 });
    expect(sharded.repo.git('log', '-1', '--format=%s', 'status')).toMatch(/0\/1 templates healthy, 1 unhealthy, 3\/3 clusters ready$/);

    // Nothing changed for either replica: no more commits.
    expect(await replica(sharded, ['member1', 'member3'], '2026-01-01T00:01:00Z')).toMatchObject({ changed: false, commit: second.commit });
    expect(await replica(sharded, ['member2'], '2026-01-01T00:01:00Z')).toMatchObject({ changed: false, commit: second.commit });
    expect(sharded.repo.git('rev-list', '--count', 'status')).toBe('2');
  });

  it('two replicas writing at the same moment both land, each merged on the other', async () => {
    const base = await fleetRepo();
    const results = await Promise.all([replica(base, ['member1'], '2026-01-01T00:00:00Z'), replica(base, ['member2', 'member3'], '2026-01-01T00:00:00Z')]);
    expect(results.every((r) => r.changed)).toBe(true);
    expect(base.repo.git('rev-list', '--count', 'status')).toBe('2');
    const tip = results.find((r) => r.commit === base.repo.git('rev-parse', 'status'));
    expect(tip?.report.templates[0]?.aggregatedStatus.map((i) => i.clusterName)).toEqual(MEMBERS);
    expect(base.repo.git('ls-tree', '--name-only', 'status:clusters').split('\n')).toEqual(MEMBERS.map((m) => `${m}.yaml`));
  });

  it("drops the tip's item of a member the template has left, and keeps a member's document until its owner writes", async () => {
    const base = await fleetRepo();
    await replica(base, ['member2'], '2026-01-01T00:00:00Z');
    // The template now leaves member2: this replica's render holds it on member1 and member3 only.
    const works = new Map(base.input.rendered.works);
    works.set('member2', []);
    const moved = { ...base, input: { ...base.input, rendered: { ...base.input.rendered, works } } };
    const result = await replica(moved, ['member1', 'member3'], '2026-01-01T00:00:05Z');
    expect(result.report.templates[0]?.aggregatedStatus.map((i) => i.clusterName)).toEqual(['member1', 'member3']);
    expect(result.report.clusters.map((c) => c.name)).toEqual(MEMBERS);
    expect(base.repo.git('show', 'status:clusters/member2.yaml')).toContain('name: member2');
  });

  it("records member2's failover as its owner does: the other replica, on another clock, changes none of it, and neither commits again", async () => {
    const base = await fleetRepo();
    const works = new Map(base.input.rendered.works);
    works.set('member2', []);
    const evicted = { ...base, input: { ...base.input, rendered: { ...base.input.rendered, works } } };
    const web = refKey(refOf(base.input.rendered.bindings[0]!.template.object));
    const owner = () => replica(evicted, ['member2'], '2026-01-01T00:01:00Z', member2FailedOver(web, '2026-01-01T00:00:10.000Z', '2026-01-01T00:00:40.000Z'));
    const other = () =>
      replica(evicted, ['member1', 'member3'], '2026-01-01T00:01:07Z', member2FailedOver(web, '2026-01-01T00:00:13.000Z', '2026-01-01T00:00:47.000Z'));
    const document = (file: string) => evicted.repo.git('show', `status:${file}`);

    const first = await owner();
    expect(first.report.templates[0]?.gracefulEvictionTasks?.map((t) => [t.fromCluster, t.creationTimestamp])).toEqual([
      ['member2', '2026-01-01T00:00:40.000Z'],
    ]);
    const binding = document('resources/apps/Deployment/default/web.yaml');
    const cluster = document('clusters/member2.yaml');
    expect(binding).toContain('creationTimestamp: "2026-01-01T00:00:40.000Z"');
    expect(cluster).toContain('timeAdded: "2026-01-01T00:00:10.000Z"');

    const second = await other();
    expect(second.changed).toBe(true);
    expect(second.report.templates[0]?.gracefulEvictionTasks?.map((t) => [t.fromCluster, t.creationTimestamp])).toEqual([
      ['member2', '2026-01-01T00:00:40.000Z'],
    ]);
    expect(document('clusters/member2.yaml')).toBe(cluster);
    expect(document('resources/apps/Deployment/default/web.yaml')).toContain('creationTimestamp: "2026-01-01T00:00:40.000Z"');
    expect(document('resources/apps/Deployment/default/web.yaml')).not.toContain('00:00:47');

    expect(await owner()).toMatchObject({ changed: false, commit: second.commit });
    expect(await other()).toMatchObject({ changed: false, commit: second.commit });
    expect(evicted.repo.git('rev-list', '--count', 'status')).toBe('2');
  });
});
