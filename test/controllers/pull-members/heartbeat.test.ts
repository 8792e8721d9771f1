import { describe, expect, it } from 'vitest';
import { heartbeatGraceMs, pullMemberState } from '../../../src/controllers/pull-members/heartbeat.ts';
import type { AgentReport, Cluster, ClusterStatus } from '../../../src/model/index.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');

const cluster = (grace?: string): Cluster => ({
  apiVersion: 'cluster.karmada.io/v1alpha1',
  kind: 'Cluster',
  metadata: { name: 'edge', ...(grace !== undefined ? { annotations: { 'flotilla.io/heartbeat-grace': grace } } : {}) },
  spec: { syncMode: 'Pull' },
});

const READY: ClusterStatus = {
  conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady', message: 'ok' }],
  resourceSummary: { allocatable: { cpu: '4' } },
};
const report = (at: number, status: ClusterStatus = READY, heartbeatSeconds = 10): AgentReport => ({
  cluster: 'edge',
  heartbeat: new Date(at).toISOString(),
  heartbeatSeconds,
  holder: 'h',
  clusterStatus: status,
  objects: [],
  pruned: [],
});

describe('a Pull member from its agent’s heartbeat', () => {
  it.each([
    ['three reported intervals', cluster(), report(T0, READY, 10), 30_000],
    ['three default intervals when it never reported', cluster(), undefined, 180_000],
    ["the Cluster's annotation", cluster('90s'), report(T0), 90_000],
    ['three intervals when the annotation is not a duration', cluster('soon'), report(T0, READY, 5), 15_000],
    ['three intervals when the annotation is zero', cluster('0s'), report(T0, READY, 5), 15_000],
  ])('has a grace of %s', (_name, c, r, ms) => {
    expect(heartbeatGraceMs(c, r)).toBe(ms);
  });

  it.each([
    ['fresh: the status the agent reported, its probe from its Ready', report(T0), T0 + 29_999, 'fresh', 'ready', 'True', 'ClusterReady'],
    [
      'fresh but its API server not ready: not-ready',
      report(T0, { conditions: [{ type: 'Ready', status: 'False', reason: 'ClusterNotReady' }] }),
      T0 + 1_000,
      'fresh',
      'not-ready',
      'False',
      'ClusterNotReady',
    ],
    ['silent for the grace: Unknown, ClusterStatusUnknown, unreachable', report(T0), T0 + 30_000, 'stale', 'unreachable', 'Unknown', 'ClusterStatusUnknown'],
    ['never reported: Unknown, ClusterStatusNeverUpdated, unreachable', undefined, T0, 'never', 'unreachable', 'Unknown', 'ClusterStatusNeverUpdated'],
  ])('%s', (_name, r, now, freshness, probe, ready, reason) => {
    const state = pullMemberState(cluster(), r ? { report: r } : {}, { conditions: [] }, now);
    expect([state.freshness, state.probe]).toEqual([freshness, probe]);
    const condition = state.status.conditions?.find((c) => c.type === 'Ready');
    expect([condition?.status, condition?.reason]).toEqual([ready, reason]);
  });

  it.each([
    [
      'never reported',
      undefined,
      T0,
      { status: 'Unknown', reason: 'ClusterStatusNeverUpdated', message: 'Cluster status controller never posted cluster status.' },
    ],
    [
      'silent after Ready',
      report(T0),
      T0 + 30_000,
      { status: 'Unknown', reason: 'ClusterStatusUnknown', message: 'Cluster status controller stopped posting cluster status.' },
    ],
    [
      'silent after not ready',
      report(T0, { conditions: [{ type: 'Ready', status: 'False', reason: 'ClusterNotReachable', message: 'cluster is not reachable' }] }),
      T0 + 30_000,
      { status: 'Unknown', reason: 'ClusterStatusUnknown', message: 'Cluster status controller stopped posting cluster status.' },
    ],
    [
      'silent with a Ready condition Unknown already: left as reported',
      report(T0, { conditions: [{ type: 'Ready', status: 'Unknown', reason: 'Probing', message: 'first round' }] }),
      T0 + 30_000,
      { status: 'Unknown', reason: 'Probing', message: 'first round' },
    ],
  ])("posts Karmada's cluster controller condition when %s", (_name, r, now, expected) => {
    const state = pullMemberState(cluster(), r ? { report: r } : {}, undefined, now);
    expect(state.status.conditions?.filter((c) => c.type === 'Ready')).toEqual([{ type: 'Ready', ...expected }]);
  });

  it.each([
    ['apiEnablements not a list', { apiEnablements: 5 }, 'clusterStatus.apiEnablements: must be of type array, got integer'],
    ['a quantity that is not one', { resourceSummary: { allocatable: { cpu: 'lots' } } }, 'clusterStatus.resourceSummary.allocatable.cpu: Invalid value'],
    ['a node count that is text', { nodeSummary: { totalNum: 'three' } }, 'clusterStatus.nodeSummary.totalNum: must be of type integer, got string'],
  ])('takes a report whose cluster status is malformed (%s) as no report, naming the field', (_name, status, message) => {
    const bad = report(T0, { ...READY, ...(status as ClusterStatus) });
    const state = pullMemberState(cluster(), { report: bad }, undefined, T0);
    expect([state.freshness, state.probe, state.report]).toEqual(['never', 'unreachable', undefined]);
    expect(state.problem).toContain(`flotilla/agents/edge: report.json: ${message}`);
  });

  it('reads a report whose cluster status holds fields it does not know (a newer agent)', () => {
    const newer = report(T0, { ...READY, remedyActions: ['TrafficControl'], futureField: true } as ClusterStatus);
    expect(pullMemberState(cluster(), { report: newer }, undefined, T0)).toMatchObject({ freshness: 'fresh', probe: 'ready' });
  });

  it('keeps the reported capacity while silent, and what was known of a member that never reported', () => {
    expect(pullMemberState(cluster(), { report: report(T0) }, undefined, T0 + 60_000).status.resourceSummary).toEqual(READY.resourceSummary);
    const known: ClusterStatus = { resourceSummary: { allocatable: { cpu: '8' } } };
    const never = pullMemberState(cluster(), { problem: 'flotilla/agents/edge holds no report.json' }, known, T0);
    expect(never.status.resourceSummary).toEqual(known.resourceSummary);
    expect(never.problem).toBe('flotilla/agents/edge holds no report.json');
    expect(never.status.conditions?.filter((c) => c.type === 'Ready')).toHaveLength(1);
  });

  it.each([
    ['a heartbeat a little ahead counts as now: fresh while the clocks disagree', T0 + 30_000, T0, 'fresh', undefined],
    ['a heartbeat a little ahead is stale one grace after it: at most the skew is gained', T0 + 30_000, T0 + 60_000, 'stale', undefined],
    [
      'a heartbeat a year ahead is no heartbeat, with the reason',
      T0 + 365 * 86_400_000,
      T0,
      'never',
      /heartbeat: 31536000 s ahead of the hub's clock, more than 60 s; not counted/,
    ],
  ])('%s', (_name, at, now, freshness, problem) => {
    const state = pullMemberState(cluster(), { report: report(at) }, { conditions: [] }, now);
    expect(state.freshness).toBe(freshness);
    if (problem) expect(state.problem).toMatch(problem);
    else expect(state.problem).toBeUndefined();
  });
});
