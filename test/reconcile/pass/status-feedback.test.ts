import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planOffline } from '../../../src/reconcile/plan/plan.ts';
import { feedbackFromStatus } from '../../../src/reconcile/pass/status-feedback.ts';
import { NativeGitStore } from '../../../src/source/index.ts';
import { commitMessage, statusFiles, writeStatusBranch, type StatusReport, type StatusBranchView } from '../../../src/status/index.ts';
import { REPO_ROOT } from '../../cli/run-cli.ts';
import { createGitRepo, removeFixtures } from '../../source/helpers/git-fixture.ts';
import { emptyControllerRecords, RECORD_SECTIONS } from '../../../src/controllers/index.ts';

afterAll(removeFixtures);

describe('feedbackFromStatus', () => {
  it('maps the status branch to claims, scheduling results and the cluster snapshot', () => {
    const view: StatusBranchView = {
      commit: 'f'.repeat(40),
      records: {},
      quotas: [],
      clusters: [{ name: 'member1', status: { conditions: [{ type: 'Ready', status: 'False' }] } }],
      templates: [],
      warnings: [],
      placements: [
        {
          resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' },
          policy: { kind: 'PropagationPolicy', namespace: 'shop', name: 'web' },
          replicas: 3,
          clusters: [
            { name: 'member1', replicas: 2 },
            { name: 'member2', replicas: 1 },
          ],
          affinityName: 'primary',
          appliedPlacement: '{}',
        },
        { resource: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'unclaimed' }, policy: null, replicas: 0, clusters: [] },
      ],
    };
    const feedback = feedbackFromStatus(view);
    expect(feedback.statusCommit).toBe('f'.repeat(40));
    expect([...feedback.observedClusters]).toEqual([['member1', { conditions: [{ type: 'Ready', status: 'False' }] }]]);
    expect([...feedback.previousClaims]).toEqual([['apps/v1/Deployment/shop/web', { kind: 'PropagationPolicy', namespace: 'shop', name: 'web' }]]);
    expect([...feedback.previousSchedules]).toEqual([
      [
        'apps/v1/Deployment/shop/web',
        {
          clusters: [
            { name: 'member1', replicas: 2 },
            { name: 'member2', replicas: 1 },
          ],
          affinityName: 'primary',
          appliedPlacement: '{}',
        },
      ],
    ]);
  });

  it('hands the run loop the failover the branch recorded, and what it ignored', () => {
    const taint = { key: 'cluster.karmada.io/not-ready', effect: 'NoExecute' as const, timeAdded: '2026-11-29T17:00:00.000Z' };
    const task = {
      fromCluster: 'member2',
      purgeMode: 'Gracefully' as const,
      reason: 'TaintUntolerated' as const,
      producer: 'TaintManager' as const,
      creationTimestamp: '2026-11-29T17:00:30.000Z',
    };
    const web = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' };
    const view: StatusBranchView = {
      commit: 'f'.repeat(40),
      records: {},
      templates: [],
      quotas: [],
      warnings: ['clusters/member3.yaml: spec.taints[0]: key is missing; ignored'],
      clusters: [
        { name: 'member1', status: {} },
        { name: 'member2', taints: [taint], status: {} },
      ],
      placements: [
        {
          resource: web,
          policy: { kind: 'PropagationPolicy', namespace: 'shop', name: 'web' },
          replicas: 2,
          clusters: [{ name: 'member1', replicas: 2 }],
          gracefulEvictionTasks: [task],
          unhealthySince: [{ clusterName: 'member1', since: '2026-11-29T17:01:00.000Z' }],
        },
        { resource: { ...web, name: 'calm' }, policy: null, replicas: 0, clusters: [] },
      ],
    };
    const feedback = feedbackFromStatus(view);
    expect(feedback.records.failover).toEqual({
      taints: new Map([['member2', [taint]]]),
      tasks: new Map([['apps/v1/Deployment/shop/web', [task]]]),
      unhealthySince: new Map([['apps/v1/Deployment/shop/web', [{ clusterName: 'member1', since: '2026-11-29T17:01:00.000Z' }]]]),
    });
    expect(feedback.warnings).toEqual(view.warnings);
    // Every command schedules around the recorded eviction, not only the loop that made it.
    expect(feedback.previousSchedules.get('apps/v1/Deployment/shop/web')).toEqual({
      clusters: [{ name: 'member1', replicas: 2 }],
      evictedClusters: ['member2'],
    });
  });

  it('without a status branch there is nothing to feed back', () => {
    expect(feedbackFromStatus(undefined)).toEqual({
      previousSchedules: new Map(),
      observedClusters: new Map(),
      previousClaims: new Map(),
      records: emptyControllerRecords(),
      warnings: [],
    });
  });
});

describe('planOffline with a status branch', () => {
  it('takes the cluster snapshot from the status branch rather than the Cluster files', async () => {
    const repo = createGitRepo();
    cpSync(path.join(REPO_ROOT, 'examples/repo'), repo.dir, { recursive: true });
    repo.commit('fleet');
    const before = await planOffline({ source: { repo: repo.dir } });
    expect(before.document.clusters.find((c) => c.name === 'member1')?.ready).toBe(true);

    const report: StatusReport = {
      sourceCommit: before.document.source.commit,
      reconciledAt: '2026-01-01T00:00:00Z',
      templates: [],
      clusters: [{ name: 'member1', status: { conditions: [{ type: 'Ready', status: 'False', reason: 'ClusterNotReachable' }] } }],
    };
    await writeStatusBranch(new NativeGitStore(path.join(repo.dir, '.git')), statusFiles(report, RECORD_SECTIONS), { message: commitMessage(report) });
    const after = await planOffline({ source: { repo: repo.dir } });
    expect(after.document.clusters.find((c) => c.name === 'member1')?.ready).toBe(false);
    expect(after.document.clusters.find((c) => c.name === 'member2')?.ready).toBe(true);
  });

  it.each([
    ['keeps a Divided binding where the status branch says it was scheduled, placement and replicas unchanged', true],
    ['schedules it again when the branch has no applied placement (written before the annotation existed)', false],
  ])('%s', async (_name, annotated) => {
    const repo = createGitRepo();
    cpSync(path.join(REPO_ROOT, 'examples/repo'), repo.dir, { recursive: true });
    repo.commit('fleet');
    const first = await planOffline({ source: { repo: repo.dir } });
    const web = first.rendered.bindings.find(
      (b) => b.binding?.resource.kind === 'Deployment' && b.binding.resource.namespace === 'shop' && b.binding.resource.name === 'web',
    )?.binding;
    if (!web) throw new Error('shop/web is not bound in examples/repo');
    const [a, b] = web.clusters;
    if (!a || !b || a.replicas === b.replicas) throw new Error(`shop/web is not split unevenly over two clusters: ${JSON.stringify(web.clusters)}`);
    // Another split with the same sum, as an eviction and the member's return would leave it.
    const moved = [
      { name: a.name, replicas: b.replicas },
      { name: b.name, replicas: a.replicas },
    ];
    const report: StatusReport = {
      sourceCommit: first.document.source.commit,
      reconciledAt: '2026-01-01T00:00:00Z',
      clusters: [],
      templates: [
        {
          resource: web.resource,
          policy: web.policy,
          replicas: web.replicas,
          clusters: moved,
          conditions: [],
          aggregatedStatus: [],
          health: 'Healthy',
          problems: [],
          ...(annotated ? { appliedPlacement: web.appliedPlacement ?? '' } : {}),
        },
      ],
    };
    await writeStatusBranch(new NativeGitStore(path.join(repo.dir, '.git')), statusFiles(report, RECORD_SECTIONS), { message: commitMessage(report) });
    const next = await planOffline({ source: { repo: repo.dir } });
    const now = next.document.bindings.find((x) => x.resource.kind === 'Deployment' && x.resource.namespace === 'shop' && x.resource.name === 'web');
    expect(now?.clusters).toEqual(annotated ? moved : web.clusters);
  });
});
