import { describe, expect, it } from 'vitest';
import type { HealthReport } from '../../../src/reconcile/run/application-failover.ts';
import { FailoverState } from '../../../src/reconcile/run/failover-state.ts';
import type { PreviousSchedule } from '../../../src/render/bind/schedule-claims.ts';
import { emptyFailoverView } from '../../../src/status/index.ts';
import { APPLICATION_FAILOVER, failoverLoop, MEMBERS, probes, reports, WEB, webFleet } from './helpers/failover-loop.ts';

const FLEET = webFleet('', `${APPLICATION_FAILOVER}\n      gracePeriodSeconds: 900`);
const loop = (seed?: ReadonlyMap<string, PreviousSchedule>) => failoverLoop(FLEET, seed);
const { fleet } = loop();

describe('FailoverState restored from what the status branch recorded', () => {
  it('a failed-over member stays failed over from its first failure, and its eviction task keeps its creation time', () => {
    const before = loop();
    before.pass(0);
    before.state.observe(probes('unreachable'), 0);
    before.state.observe(probes('unreachable'), 30_000);
    before.state.observeHealth(reports('Unknown'), 30_000);
    expect(before.pass(30_000)).toEqual(['member1', 'member3']);
    const written = before.state.view();
    expect(written.taints.get('member2')).toEqual([{ key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: '1970-01-01T00:00:00.000Z' }]);
    expect(written.tasks.get(WEB)).toEqual([{
      fromCluster: 'member2', purgeMode: 'Gracefully', reason: 'TaintUntolerated', producer: 'TaintManager', replicas: 2, creationTimestamp: '1970-01-01T00:00:30.000Z',
    }]);

    // kill -9; a new process reads the branch back.
    const after = loop(before.schedules());
    after.state.restore(written, 100_000);
    expect(after.state.failedMembers(100_000)).toEqual(['member2']);
    expect(after.pass(100_000)).toEqual(['member1', 'member3']);
    // Its first pass knows no bindings: it asks for a second one at once.
    expect(after.state.nextDue()).toBe(100_000);
    expect(after.state.view()).toEqual(written);
    // The task ends at its creation time + the loop's timeout, not 10 minutes after the restart.
    after.state.observeHealth(reports('Unknown'), 100_000);
    after.pass(629_999);
    expect(after.state.view().tasks.get(WEB)).toHaveLength(1);
    after.pass(630_000);
    expect(after.state.view().tasks.size).toBe(0);
  });

  it('a graceful task ends once the new placement reports Healthy, not while it reports Unknown (not seen yet)', () => {
    const onNewPlacement = (health: HealthReport['health']): HealthReport[] =>
      MEMBERS.map((cluster) => (cluster === 'member2' ? { key: WEB, cluster, health: 'Unknown', applied: false } : { key: WEB, cluster, health, applied: true }));
    const run = loop();
    run.pass(0);
    run.state.observeHealth(onNewPlacement('Unknown'), 1_000);
    run.state.observe(probes('unreachable'), 0);
    run.state.observe(probes('unreachable'), 30_000);
    expect(run.pass(30_000)).toEqual(['member1', 'member3']);
    expect(run.state.view().tasks.get(WEB)).toHaveLength(1);
    run.pass(32_000);
    expect(run.state.view().tasks.get(WEB)).toHaveLength(1);
    run.state.observeHealth(onNewPlacement('Healthy'), 33_000);
    run.pass(34_000);
    expect(run.state.view().tasks.size).toBe(0);
  });

  it('a first-unhealthy time survives the restart: application failover evicts at the same moment', () => {
    const before = loop();
    before.pass(0);
    before.state.observeHealth(reports('Unhealthy'), 10_000);
    expect(before.pass(20_000)).toEqual(MEMBERS);
    const written = before.state.view();
    expect(written.unhealthySince.get(WEB)).toEqual([{ clusterName: 'member2', since: '1970-01-01T00:00:10.000Z' }]);

    const after = loop(before.schedules());
    after.state.restore(written, 40_000);
    expect(after.pass(40_000)).toEqual(MEMBERS);
    after.state.observeHealth(reports('Unhealthy'), 40_000);
    expect(after.pass(50_000)).toEqual(MEMBERS);
    expect(after.state.nextDue()).toBe(70_000);
    expect(after.pass(70_000)).toEqual(['member1', 'member3']);
    expect(after.state.view().tasks.get(WEB)).toEqual([expect.objectContaining({
      fromCluster: 'member2', reason: 'ApplicationFailure', producer: 'resource-binding-application-failover-controller', gracePeriodSeconds: 900, creationTimestamp: '1970-01-01T00:01:10.000Z',
    })]);
  });

  it('a restored eviction task keeps the member out of the first pass\'s schedule', () => {
    const before = loop();
    before.pass(0);
    before.state.observeHealth(reports('Unhealthy'), 0);
    before.pass(60_000);
    expect(before.pass(61_000)).toEqual(['member1', 'member3']);
    const after = loop(before.schedules());
    after.state.restore(before.state.view(), 90_000);
    expect(after.pass(90_000)).toEqual(['member1', 'member3']);
    expect(after.state.view().tasks.get(WEB)).toEqual(before.state.view().tasks.get(WEB));
  });

  it.each([
    ['a member probed ready since the restart stays ready', 'ready' as const, undefined, []],
    ['a member probed failing keeps the earlier start of the streak', 'unreachable' as const, 0, ['member2']],
  ])('what the process has seen itself wins: %s', (_name, probe, since, failed) => {
    const state = new FailoverState({ graceMs: 30_000 });
    state.observe(probes(probe), 90_000);
    state.restore({ ...emptyFailoverView(), taints: new Map([['member2', [{ key: 'cluster.karmada.io/not-ready', effect: 'NoExecute', timeAdded: '1970-01-01T00:00:00.000Z' }]]]) }, 95_000);
    expect(state.failedMembers(95_000)).toEqual(failed);
    const taints = state.inputs(fleet, [], 95_000).fleet.clusters.find((c) => c.object.metadata.name === 'member2')?.object.spec.taints ?? [];
    expect(taints.map((t) => t.timeAdded)).toEqual(since === undefined ? [] : [new Date(since).toISOString()]);
  });

  it('a restored failed-over member found ready by the first probe asks for a pass', () => {
    const state = new FailoverState({ graceMs: 30_000 });
    state.restore({ ...emptyFailoverView(), taints: new Map([['member2', [{ key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: '1970-01-01T00:00:00.000Z' }]]]) }, 90_000);
    expect(state.observe(probes('unreachable'), 95_000)).toBe(false);
    expect(state.observe(probes('ready'), 100_000)).toBe(true);
  });

  it('records first-unhealthy times only of templates with application failover', () => {
    const run = loop();
    run.pass(0);
    run.state.observeHealth([...reports('Unhealthy'), { key: 'v1/ConfigMap/shop/other', cluster: 'member1', health: 'Unhealthy', applied: true }], 0);
    run.pass(1_000);
    expect([...run.state.view().unhealthySince.keys()]).toEqual([WEB]);
  });

  it.each([
    ['a template with application failover newly Unhealthy asks for a pass at once', WEB, 5_000],
    ['another template newly Unhealthy does not', 'v1/ConfigMap/shop/other', undefined],
  ])('%s', (_name, key, due) => {
    const run = loop();
    run.pass(0);
    run.state.observeHealth([{ key, cluster: 'member2', health: 'Unhealthy', applied: true }], 5_000);
    expect(run.state.nextDue()).toBe(due);
  });

  it('a restored member that has left the fleet is forgotten by the first pass', () => {
    const run = loop();
    run.state.restore({ ...emptyFailoverView(), taints: new Map([['member9', [{ key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: '1970-01-01T00:00:00.000Z' }]]]) }, 90_000);
    expect(run.state.failedMembers(90_000)).toEqual(['member9']);
    run.pass(90_000);
    expect(run.state.failedMembers(90_000)).toEqual([]);
  });

  it('restoring nothing changes nothing: no catch-up pass', () => {
    const state = loop();
    state.state.restore(emptyFailoverView(), 0);
    state.pass(0);
    expect(state.state.nextDue()).toBeUndefined();
  });
});
