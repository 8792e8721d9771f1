// The pure parts of a pass's Pull members: what the controllers after the apply see of an agent's
// apply, the plan's changes against a report, and the status items the status step records.
import { describe, expect, it } from 'vitest';
import type { AgentReport, KubeObject, ReportedObject } from '../../../src/model/index.ts';
import { desiredDigest } from '../../../src/apply/normalize.ts';
import { DEFAULT_PRUNE_SETTINGS } from '../../../src/apply/prune-plan.ts';
import { pullMemberState } from '../../../src/controllers/pull-members/heartbeat.ts';
import { pullChanges } from '../../../src/reconcile/plan/pull-plan.ts';
import { pullItem } from '../../../src/reconcile/pass/channels/pull-status.ts';
import { reportedApply } from '../../../src/reconcile/pass/pull-step.ts';
import type { WorkItem } from '../../../src/render/works/work.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const PRUNE = { ...DEFAULT_PRUNE_SETTINGS, enabled: true, allowMassPrune: true };
const cm = (name: string, data: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'shop' }, data: { data } });
const item = (m: KubeObject): WorkItem => ({
  manifest: m,
  template: { apiVersion: m.apiVersion, kind: m.kind, namespace: 'shop', name: m.metadata.name ?? '' },
  suspended: false,
  preserveOnDeletion: false,
});
const reported = (m: KubeObject, extra: Partial<ReportedObject> = {}): ReportedObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  namespace: 'shop',
  name: m.metadata.name ?? '',
  digest: desiredDigest(m),
  action: 'unchanged',
  applied: true,
  health: 'Healthy',
  ...extra,
});
const report = (objects: ReportedObject[], extra: Partial<AgentReport> = {}): AgentReport => ({
  cluster: 'edge',
  heartbeat: new Date(T0).toISOString(),
  heartbeatSeconds: 60,
  holder: 'h',
  work: { worksCommit: 'w', sourceCommit: 'a'.repeat(40), blob: 'blob-1' },
  clusterStatus: { conditions: [{ type: 'Ready', status: 'True' }] },
  objects,
  pruned: [],
  ...extra,
});

describe('reportedApply: an agent’s report as the apply of the Work now written', () => {
  it.each([
    ['no report', undefined, 'blob-1', /no report from its agent/],
    ['a report of another Work', { report: report([]) }, 'blob-2', /has not reported applying the current Work yet/],
    ['a report of a round that failed', { report: report([], { error: 'forbidden' }) }, 'blob-1', /^forbidden$/],
  ])('%s: the member has not applied it', (_name, read, blob, message) => {
    expect(reportedApply('edge', read, blob).error?.message).toMatch(message);
  });

  it("the current Work: the agent's outcomes, prunes and prune block", () => {
    const read = {
      report: report([reported(cm('a', '1'), { action: 'failed', applied: false, appliedMessage: 'denied' }), reported(cm('b', '1'))], {
        pruned: [{ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'old', action: 'failed', message: 'busy' }],
        pruneBlocked: { reason: 'mass-prune', message: 'too many' },
      }),
    };
    const result = reportedApply('edge', read, 'blob-1');
    expect(result.error).toBeUndefined();
    expect(result.objects.map((o) => [o.ref.name, o.action, o.error?.message])).toEqual([
      ['a', 'failed', 'denied'],
      ['b', 'unchanged', undefined],
    ]);
    expect(result.pruned.map((p) => [p.ref.name, p.action, p.error?.message])).toEqual([['old', 'failed', 'busy']]);
    expect(result.pruneBlocked).toEqual({ reason: 'mass-prune', message: 'too many' });
  });
});

describe('pullChanges: plan against the report', () => {
  it('unchanged at the digest reported, update at another, create when unreported, delete when only the report has it', () => {
    const read = {
      report: report([
        reported(cm('same', '1')),
        reported(cm('changed', 'old')),
        reported(cm('gone', '1'), { template: 'v1/ConfigMap/shop/gone' }),
        reported(cm('kept', '1'), { template: 'v1/ConfigMap/shop/kept' }),
        reported(cm('conflicting', '1'), { action: 'conflict', applied: false, digest: undefined }),
      ]),
    };
    const { changes, pruneBlocked } = pullChanges(
      'edge',
      [item(cm('same', '1')), item(cm('changed', 'new')), item(cm('new', '1')), item(cm('conflicting', '2'))],
      read,
      new Map([['v1/ConfigMap/shop/kept', 'evicted (Gracefully)']]),
      { prune: PRUNE, showSecrets: false },
    );
    expect(changes.map((c) => `${c.action} ${c.name}`)).toEqual(['unchanged same', 'update changed', 'create new', 'unchanged conflicting', 'delete gone']);
    expect(changes.find((c) => c.name === 'new')?.diff).toContain('+kind: ConfigMap');
    expect(pruneBlocked).toBeUndefined();
  });

  it.each([
    ['the source has errors', { sourceHasErrors: true }, 'source-errors'],
    ['more of the inventory than the guard lets go', { maxFraction: 0.25, allowMassPrune: false }, 'mass-prune'],
    ['prune is off', { enabled: false }, 'disabled'],
  ] as const)('deletes nothing when %s, as the agent would not, and says why', (_name, settings, reason) => {
    const read = { report: report([reported(cm('a', '1')), reported(cm('gone', '1'))]) };
    const planned = pullChanges('edge', [item(cm('a', '1'))], read, new Map(), { prune: { ...PRUNE, ...settings }, showSecrets: false });
    expect(planned.changes.map((c) => `${c.action} ${c.name}`)).toEqual(['unchanged a']);
    expect(planned.pruneBlocked?.reason).toBe(reason);
    expect(planned.pruneBlocked?.message).toMatch(/^cluster edge: /);
  });

  it('without a report every object is to create', () => {
    expect(pullChanges('edge', [item(cm('a', '1'))], undefined, new Map(), { prune: PRUNE, showSecrets: false }).changes.map((c) => c.action)).toEqual([
      'create',
    ]);
  });
});

describe('pullItem: the status step’s item for a Pull member', () => {
  const cluster = { apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster' as const, metadata: { name: 'edge' }, spec: { syncMode: 'Pull' as const } };
  const state = (r: AgentReport | undefined) => pullMemberState(cluster, r ? { report: r } : {}, undefined, T0);

  it.each([
    [
      'the reported item at the digest the hub wants',
      report([reported(cm('a', '1'), { status: { x: 1 } })]),
      { applied: true, health: 'Healthy', status: { x: 1 } },
    ],
    [
      'not applied yet at another digest',
      report([reported(cm('a', 'old'))]),
      {
        applied: false,
        health: 'Unknown',
        appliedMessage: expect.stringMatching(
          /^waiting for the agent of edge to apply this version \(it last applied works commit w, of source commit a{12}\)$/,
        ),
      },
    ],
    [
      "the agent's failure when it could not apply it",
      report([reported(cm('a', 'old'), { action: 'failed', applied: false, appliedMessage: 'denied', health: 'Unknown' })]),
      { applied: false, appliedMessage: 'denied' },
    ],
    ['no report at all', undefined, { applied: false, appliedMessage: 'no report from the agent of edge', health: 'Unknown' }],
  ])('%s', (_name, r, expected) => {
    expect(pullItem(state(r), item(cm('a', '1')))).toMatchObject({ clusterName: 'edge', ...expected });
  });
});
