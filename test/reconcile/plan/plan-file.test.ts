import { chmodSync, cpSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClusterLivePlan } from '../../../src/apply/plan-cluster.ts';
import type { Cluster } from '../../../src/model/index.ts';
import { PlanFileInvalidError, StalePlanError } from '../../../src/reconcile/errors/index.ts';
import {
  createPlanFile,
  liveClusterState,
  loadSavedPlan,
  offlineClusterState,
  parsePlanFile,
  planFileOf,
  PLAN_FILE_FORMAT_VERSION,
  readPlanFile,
  stalePlanReasons,
  writePlanFile,
} from '../../../src/reconcile/plan/plan-file.ts';
import type { ClusterAccess } from '../../../src/apply/connect.ts';
import { planOffline } from '../../../src/reconcile/plan/plan.ts';
import type { WorkItem } from '../../../src/render/works/work.ts';
import { createGitRepo, removeFixtures, tempDir } from '../../source/helpers/git-fixture.ts';

const REPO_ROOT = new URL('../../../', import.meta.url).pathname;
const NO_CLUSTERS: ClusterAccess = { kubeconfig: {}, client: {}, connect: async () => new Map() };

afterAll(removeFixtures);

function cluster(name: string, status?: Cluster['status']): Cluster {
  return {
    apiVersion: 'cluster.karmada.io/v1alpha1',
    kind: 'Cluster',
    metadata: { name, labels: { env: 'prod' } },
    spec: { region: 'eu' },
    ...(status ? { status } : {}),
  } as Cluster;
}

const ITEM: WorkItem = {
  manifest: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db', namespace: 'shop' }, stringData: { password: 'real-value' } },
  template: { apiVersion: 'v1', kind: 'Secret', namespace: 'shop', name: 'db' },
  suspended: false,
  preserveOnDeletion: false,
};

function samplePlan() {
  return createPlanFile({
    source: { repo: '/fleet', ref: 'main', commit: 'a'.repeat(40), path: '' },
    state: offlineClusterState([cluster('member1'), cluster('member2')]),
    works: new Map([
      ['member1', [ITEM]],
      ['member2', []],
    ]),
  });
}

describe('the plan file format', () => {
  it('round-trips through JSON with its format version, Work and digest', async () => {
    const plan = samplePlan();
    expect(plan.formatVersion).toBe(PLAN_FILE_FORMAT_VERSION);
    expect(plan.base).toBeNull();
    expect(plan.worksDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const file = join(tempDir('flotilla-plan-'), 'fleet.plan');
    await writePlanFile(file, plan);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await readPlanFile(file)).toEqual(plan);
    expect(JSON.parse(readFileSync(file, 'utf8')).works.member1[0].manifest.stringData.password).toBe('real-value');
  });

  it('makes an existing world-readable file owner-only before writing Secret values into it', async () => {
    const file = join(tempDir('flotilla-plan-'), 'fleet.plan');
    writeFileSync(file, 'old\n', { mode: 0o644 });
    chmodSync(file, 0o644);
    await writePlanFile(file, samplePlan());
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses what is not a plan, another format version, and a Work edited after review', () => {
    const text = JSON.stringify(samplePlan());
    expect(() => parsePlanFile('not json', 'p')).toThrow(PlanFileInvalidError);
    expect(() => parsePlanFile('{"works":{}}', 'p')).toThrow('plan file p: not a Flotilla plan file (no formatVersion)');
    expect(() => parsePlanFile(text.replace('"formatVersion":1', '"formatVersion":2'), 'p')).toThrow('plan file p: format version 2 is not 1');
    expect(() => parsePlanFile(text.replace('"suspended":false', '"suspended":"no"'), 'p')).toThrow('malformed');
    expect(() => parsePlanFile(text.replace('real-value', 'other-value'), 'p')).toThrow(
      'plan file p: its Work was changed after the plan was written (digest mismatch)',
    );
  });

  it('says a missing file cannot be read', async () => {
    await expect(readPlanFile('/nonexistent/fleet.plan')).rejects.toThrow('plan file /nonexistent/fleet.plan: cannot be read');
  });
});

describe('cluster state fingerprints', () => {
  it('offline: the same Clusters give the same state, a status change another', () => {
    const a = offlineClusterState([cluster('member2'), cluster('member1')]);
    expect(Object.keys(a.clusters)).toEqual(['member1', 'member2']);
    expect(offlineClusterState([cluster('member1'), cluster('member2')])).toEqual(a);
    const notReady = offlineClusterState([cluster('member1'), cluster('member2', { conditions: [{ type: 'Ready', status: 'False' }] })]);
    expect(notReady.clusters['member1']).toBe(a.clusters['member1']);
    expect(notReady.clusters['member2']).not.toBe(a.clusters['member2']);
  });

  it('live: an object that appears, changes or goes to prune changes the state; unreachable is its own state', () => {
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'cfg' };
    const live = (before?: Record<string, string>, extra: Partial<ClusterLivePlan> = {}): ClusterLivePlan => ({
      cluster: 'member1',
      objects: [
        {
          ref,
          action: before ? 'update' : 'create',
          ...(before ? { before: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'shop' }, data: before } } : {}),
        },
      ],
      ...extra,
    });
    const absent = liveClusterState([live()]).clusters['member1'];
    const present = liveClusterState([live({ a: '1' })]).clusters['member1'];
    expect(liveClusterState([live({ a: '1' })]).clusters['member1']).toBe(present);
    expect(new Set([absent, present, liveClusterState([live({ a: '2' })]).clusters['member1']]).size).toBe(3);
    const pruning = live(
      { a: '1' },
      {
        prune: {
          deletes: [{ ref: { ...ref, name: 'old' }, live: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'old', namespace: 'shop' } } }],
          skipped: [],
          gone: [],
          kept: [],
        } as unknown as ClusterLivePlan['prune'],
      },
    );
    expect(liveClusterState([pruning]).clusters['member1']).not.toBe(present);
    expect(liveClusterState([{ cluster: 'member1', objects: [], error: new Error('unreachable') }]).clusters['member1']).toBe('unreachable');
  });
});

describe('stalePlanReasons', () => {
  const plan = samplePlan();
  const now = { commit: plan.source.commit, path: '', state: plan.state };

  it('has none when nothing moved', () => {
    expect(stalePlanReasons(plan, now)).toEqual([]);
  });

  it('names a moved source, a changed, new or gone cluster, and another fleet path', () => {
    const state = offlineClusterState([cluster('member2', { conditions: [{ type: 'Ready', status: 'False' }] }), cluster('member3')]);
    expect(stalePlanReasons(plan, { commit: 'b'.repeat(40), path: 'fleet', state })).toEqual([
      'the plan is for the fleet in "", this is "fleet"',
      'the source moved on: main is now at bbbbbbbbbbbb, the plan was computed at aaaaaaaaaaaa',
      'cluster member1 is gone since the plan',
      'the state of cluster member2 changed since the plan: its Cluster file or the status-branch snapshot (readiness, API enablements, capacity)',
      'cluster member3 is new since the plan',
    ]);
  });

  it('refuses to compare states of different kinds', () => {
    expect(stalePlanReasons(plan, { ...now, state: { kind: 'live', clusters: plan.state.clusters } })).toEqual([
      'the plan was computed against offline cluster state, it is checked against live state',
    ]);
  });
});

describe('loadSavedPlan against a repository', { timeout: 60_000 }, () => {
  function exampleRepo() {
    const repo = createGitRepo();
    cpSync(join(REPO_ROOT, 'examples/repo'), repo.dir, { recursive: true });
    repo.commit('examples/repo');
    return repo;
  }

  async function savePlan(dir: string) {
    const result = await planOffline({ source: { repo: dir } });
    const file = join(tempDir('flotilla-plan-'), 'fleet.plan');
    await writePlanFile(file, planFileOf(result));
    return { file, result };
  }

  it("gives back exactly the saved Work, pinned to the plan's commit", async () => {
    const repo = exampleRepo();
    const { file, result } = await savePlan(repo.dir);
    const saved = await loadSavedPlan(file, { source: { repo: repo.dir }, access: NO_CLUSTERS });
    expect(saved.source).toEqual({ repo: repo.dir, ref: result.document.source.commit });
    expect(saved.plan.state.kind).toBe('offline');
    expect(Object.keys(saved.plan.state.clusters)).toEqual(['member1', 'member2', 'member3']);
    expect([...saved.works.keys()]).toEqual([...result.rendered.works.keys()].sort());
    expect(saved.works.get('member1')).toEqual(result.rendered.works.get('member1'));
  });

  it("refuses when the ref has moved to another commit, and accepts --ref pinned to the plan's commit", async () => {
    const repo = exampleRepo();
    const { file, result } = await savePlan(repo.dir);
    const planned = result.document.source.commit;
    repo.write('apps/shop/extra.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n  namespace: shop\n');
    const moved = repo.commit('another change');
    const error = await loadSavedPlan(file, { source: { repo: repo.dir }, access: NO_CLUSTERS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StalePlanError);
    expect((error as StalePlanError).message).toBe(
      [
        `saved plan ${file} is stale, nothing was applied:`,
        `  - the source moved on: HEAD is now at ${moved.slice(0, 12)}, the plan was computed at ${planned.slice(0, 12)}`,
        'Run flotilla plan --plan-file again, review it, and apply the new plan.',
      ].join('\n'),
    );
    await expect(loadSavedPlan(file, { source: { repo: repo.dir, ref: planned }, access: NO_CLUSTERS })).resolves.toMatchObject({ source: { ref: planned } });
  });

  it('refuses when the status-branch snapshot of a cluster changed, the source being the same', async () => {
    const repo = exampleRepo();
    const { file } = await savePlan(repo.dir);
    repo.git('checkout', '-q', '--orphan', 'status');
    repo.git('rm', '-r', '-q', '-f', '.');
    repo.write(
      'clusters/member2.yaml',
      'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata:\n  name: member2\nstatus:\n  conditions:\n    - type: Ready\n      status: "False"\n',
    );
    repo.write('summary.json', '{"sourceCommit":"0000000000000000000000000000000000000000","reconciledAt":"2026-01-01T00:00:00Z"}\n');
    repo.commit('status: member2 not ready');
    repo.git('checkout', '-q', 'main');
    const error = await loadSavedPlan(file, { source: { repo: repo.dir }, access: NO_CLUSTERS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StalePlanError);
    expect((error as StalePlanError).data.reasons).toEqual([
      'the state of cluster member2 changed since the plan: its Cluster file or the status-branch snapshot (readiness, API enablements, capacity)',
    ]);
  });

  it('refuses a plan file it cannot read', async () => {
    const file = join(tempDir('flotilla-plan-'), 'fleet.plan');
    writeFileSync(file, '{}');
    chmodSync(file, 0o600);
    await expect(loadSavedPlan(file, { source: { repo: '.' }, access: NO_CLUSTERS })).rejects.toThrow(PlanFileInvalidError);
  });
});
