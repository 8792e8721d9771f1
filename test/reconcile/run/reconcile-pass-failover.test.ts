import { afterAll, describe, expect, it } from 'vitest';
import type { KubeClient } from '../../../src/apply/kube-client.ts';
import { FailoverController } from '../../../src/controllers/failover/failover-controller.ts';
import type { ProbeResult } from '../../../src/controllers/failover/member-health.ts';
import { createReconcilePass } from '../../../src/reconcile/run/reconcile-pass.ts';
import type { PassStatusInput, ReconcileResult } from '../../../src/reconcile/run/reconcile-pass.ts';
import { passStatusStep } from '../../../src/reconcile/pass/pass-status-step.ts';
import { FakeKubeClient } from '../../fakes/kube-client.ts';
import { createGitRepo, removeFixtures, type GitFixture } from '../../source/helpers/git-fixture.ts';

afterAll(removeFixtures);

const MEMBERS = ['member1', 'member2', 'member3'];
const WEB = 'apps/v1/Deployment/shop/web';
const WEB_FILE = 'resources/apps/Deployment/shop/web.yaml';
const FLEET = {
  'clusters.yaml': MEMBERS.map((n) => `apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: ${n}}\nspec: {}\n`).join('---\n'),
  'policy.yaml': `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: all}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
  placement:
    clusterAffinity: {clusterNames: [member1, member2, member3]}
    replicaScheduling: {replicaSchedulingType: Duplicated}
`,
  // Its copies never report ready: the new placement never settles, so an eviction task lasts until its timeout.
  'web.yaml': `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}
`,
};

/** Members that answer unless `down` says otherwise; the clock is shared by every process of the test. */
function world() {
  const repo = createGitRepo();
  for (const [file, text] of Object.entries(FLEET)) repo.write(file, text);
  repo.commit('fleet');
  const clients = new Map(MEMBERS.map((n) => [n, new FakeKubeClient(n)]));
  const down = new Set<string>();
  let clock = 0;
  return {
    repo,
    down,
    at(ms: number) {
      clock = ms;
    },
    now: () => clock,
    client: (name: string): KubeClient | Error => (down.has(name) ? new Error(`${name}: connection refused`) : clients.get(name)!),
  };
}

/**
 * One `flotilla run` process: its own failover state and pass, the status step as `run` wires it;
 * with `shard`, one replica of `run --shards` owning those members, on a clock `skewMs` ahead.
 */
function runProcess(w: ReturnType<typeof world>, shard?: { owned: readonly string[]; skewMs: number }) {
  const failover = new FailoverController({ graceMs: 30_000, evictionTimeoutMs: 600_000, taintOnFailure: true });
  const inputs: PassStatusInput[] = [];
  const results: ReconcileResult[] = [];
  const now = () => w.now() + (shard?.skewMs ?? 0);
  const pass = createReconcilePass({
    source: { repo: w.repo.dir },
    prune: {},
    runner: {},
    controllers: [failover],
    now,
    ...(shard ? { owns: (c: string) => shard.owned.includes(c) } : {}),
    access: { kubeconfig: {}, client: {}, connect: async (cs) => new Map(cs.map((c) => [c.metadata.name, w.client(c.metadata.name)])) },
    status: async (input) => {
      inputs.push(input);
      return passStatusStep({ repo: w.repo.dir }, shard !== undefined, { now: () => new Date(now()) })(input);
    },
    onResult: (r) => results.push(r),
  });
  return {
    failover,
    inputs,
    results,
    probe(member2: ProbeResult, at: number) {
      failover.recordProbes(new Map(MEMBERS.map((c) => [c, c === 'member2' ? member2 : ('ready' as const)])), at + (shard?.skewMs ?? 0));
    },
    async pass(at: number) {
      w.at(at);
      await pass({ signals: [], abort: new AbortController().signal });
      return (results.at(-1)?.rendered.bindings[0]?.binding?.clusters ?? []).map((c) => c.name).sort();
    },
  };
}

const show = (repo: GitFixture, file: string) => repo.git('show', `status:${file}`);

describe('the reconcile pass and the status branch under failover', () => {
  it("records a failed member's taint and its eviction tasks, and a restarted process carries on with them", async () => {
    const w = world();
    const first = runProcess(w);
    expect(await first.pass(0)).toEqual(MEMBERS);
    expect(show(w.repo, 'clusters/member2.yaml')).not.toContain('taints');
    expect(show(w.repo, WEB_FILE)).not.toContain('gracefulEvictionTasks');

    w.down.add('member2');
    first.probe('unreachable', 0);
    first.probe('unreachable', 30_000);
    expect(await first.pass(30_000)).toEqual(['member1', 'member3']);
    const taint = { key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: '1970-01-01T00:00:00.000Z' };
    const task = {
      fromCluster: 'member2',
      purgeMode: 'Gracefully',
      reason: 'TaintUntolerated',
      producer: 'TaintManager',
      replicas: 2,
      creationTimestamp: '1970-01-01T00:00:30.000Z',
    };
    const input = first.inputs.at(-1)!;
    expect(input.records.failover.taints).toEqual(new Map([['member2', [taint]]]));
    expect(input.records.failover.tasks).toEqual(new Map([[WEB, [task]]]));

    expect(show(w.repo, 'clusters/member2.yaml')).toContain(
      ['spec:', '  taints:', '  - effect: NoExecute', '    key: cluster.karmada.io/unreachable', '    timeAdded: "1970-01-01T00:00:00.000Z"', 'status:'].join(
        '\n',
      ),
    );
    expect(show(w.repo, 'clusters/member2.yaml')).toMatch(/reason: ClusterNotReachable\n\s+status: "False"\n\s+type: Ready/);
    expect(show(w.repo, WEB_FILE)).toContain(
      [
        '  gracefulEvictionTasks:',
        '  - creationTimestamp: "1970-01-01T00:00:30.000Z"',
        '    fromCluster: member2',
        '    producer: TaintManager',
        '    purgeMode: Gracefully',
        '    reason: TaintUntolerated',
        '    replicas: 2',
      ].join('\n'),
    );
    expect(show(w.repo, 'STATUS.md')).toContain(
      '| [Deployment/shop/web](resources/apps/Deployment/shop/web.yaml) | member2 | TaintUntolerated | Gracefully | 1970-01-01T00:00:30.000Z |',
    );
    const tip = w.repo.git('rev-parse', 'status');

    // kill -9, and a new process 70 s later: member2 is still down, nothing has probed it yet.
    const second = runProcess(w);
    expect(await second.pass(100_000)).toEqual(['member1', 'member3']);
    expect(second.results[0]?.statusWarnings).toEqual([]);
    expect(second.inputs[0]?.records.failover.taints).toEqual(new Map([['member2', [taint]]]));
    expect(second.inputs[0]?.records.failover.tasks).toEqual(new Map([[WEB, [task]]]));
    // The same failover, the same fleet: the restarted pass has nothing new to commit.
    expect(w.repo.git('rev-parse', 'status')).toBe(tip);
    expect(second.failover.nextDue()).toBe(100_000);

    // The task ends at its own creation + the eviction timeout, not ten minutes after the restart.
    second.probe('unreachable', 629_000);
    await second.pass(629_999);
    expect(second.inputs.at(-1)?.records.failover.tasks.get(WEB)).toEqual([task]);
    await second.pass(630_000);
    expect(second.inputs.at(-1)?.records.failover.tasks.size).toBe(0);
    expect(show(w.repo, WEB_FILE)).not.toContain('gracefulEvictionTasks');
  });

  it('a malformed record is logged and that piece starts afresh; the rest is restored', async () => {
    const w = world();
    const first = runProcess(w);
    await first.pass(0);
    w.down.add('member2');
    first.probe('not-ready', 0);
    first.probe('not-ready', 30_000);
    await first.pass(30_000);
    // Someone breaks the task on the branch by hand.
    const status = createGitRepo();
    status.git('fetch', '-q', w.repo.dir, 'status:status');
    status.git('checkout', '-q', 'status');
    status.write(WEB_FILE, show(w.repo, WEB_FILE).replace('purgeMode: Gracefully', 'purgeMode: Eventually'));
    status.commit('hand edit');
    w.repo.git('fetch', '-q', status.dir, '+status:status');

    const second = runProcess(w);
    second.probe('not-ready', 40_000);
    expect(await second.pass(40_000)).toEqual(['member1', 'member3']);
    expect(second.results[0]?.statusWarnings).toEqual([
      `${WEB_FILE}: spec.gracefulEvictionTasks[0]: purgeMode "Eventually" is not one of Directly, Gracefully, Never; ignored`,
    ]);
    expect(second.failover.failedMembers(40_000)).toEqual(['member2']);
    // The task itself is gone (the binding is no longer on member2, so no new one is made); the taint still keeps member2 out.
    expect(second.inputs[0]?.records.failover.tasks.size).toBe(0);
    expect(second.inputs[0]?.records.failover.taints.get('member2')).toEqual([
      { key: 'cluster.karmada.io/not-ready', effect: 'NoExecute', timeAdded: '1970-01-01T00:00:00.000Z' },
    ]);
    expect(await second.pass(40_010)).toEqual(['member1', 'member3']);
    expect(show(w.repo, WEB_FILE)).not.toContain('gracefulEvictionTasks');
  });

  it("with shards, member2's owner decides its eviction task: the other replica, 7 s ahead, records and schedules with the owner's, and neither commits again", async () => {
    const w = world();
    const owner = runProcess(w, { owned: ['member2'], skewMs: 0 });
    const other = runProcess(w, { owned: ['member1', 'member3'], skewMs: 7_000 });
    expect(await owner.pass(0)).toEqual(MEMBERS);
    expect(await other.pass(0)).toEqual(MEMBERS);

    w.down.add('member2');
    for (const p of [owner, other]) {
      p.probe('unreachable', 0);
      p.probe('unreachable', 30_000);
    }
    expect(await owner.pass(30_000)).toEqual(['member1', 'member3']);
    expect(show(w.repo, WEB_FILE)).toContain('  - creationTimestamp: "1970-01-01T00:00:30.000Z"\n    fromCluster: member2');
    const member2 = show(w.repo, 'clusters/member2.yaml');
    // The other replica decided the same eviction on its own clock...
    expect(await other.pass(30_000)).toEqual(['member1', 'member3']);
    expect(
      other.inputs
        .at(-1)
        ?.records.failover.tasks.get(WEB)
        ?.map((t) => t.creationTimestamp),
    ).toEqual(['1970-01-01T00:00:37.000Z']);
    // ...but writes the owner's, and carries on with it.
    expect(show(w.repo, WEB_FILE)).toContain('  - creationTimestamp: "1970-01-01T00:00:30.000Z"\n    fromCluster: member2');
    expect(show(w.repo, WEB_FILE)).not.toContain('00:00:37');
    expect(show(w.repo, 'clusters/member2.yaml')).toBe(member2);
    expect(
      other.failover
        .record()
        .tasks.get(WEB)
        ?.map((t) => t.creationTimestamp),
    ).toEqual(['1970-01-01T00:00:30.000Z']);

    const tip = w.repo.git('rev-parse', 'status');
    for (const at of [40_000, 50_000]) {
      expect(await owner.pass(at)).toEqual(['member1', 'member3']);
      expect(await other.pass(at)).toEqual(['member1', 'member3']);
    }
    expect(w.repo.git('rev-parse', 'status')).toBe(tip);
  });
});
