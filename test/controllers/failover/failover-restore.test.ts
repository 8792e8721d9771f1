import { describe, expect, it } from 'vitest';
import type { HealthReport } from '../../../src/controllers/controller.ts';
import type { PreviousSchedule } from '../../../src/render/bind/schedule-claims.ts';
import { emptyFailoverView } from '../../../src/controllers/index.ts';
import type { FailoverView } from '../../../src/controllers/index.ts';
import type { GracefulEvictionTask, Taint } from '../../../src/model/index.ts';
import { APPLICATION_FAILOVER, failoverLoop, MEMBERS, probes, reports, WEB, webFleet } from './failover-loop.ts';

const FLEET = webFleet('', `${APPLICATION_FAILOVER}\n      gracePeriodSeconds: 900`);
const loop = (seed?: ReadonlyMap<string, PreviousSchedule>, restore?: FailoverView) => failoverLoop(FLEET, seed, restore);

describe('The failover controller restored from what the status branch recorded', () => {
  it('a failed-over member stays failed over from its first failure, and its eviction task keeps its creation time', () => {
    const before = loop();
    before.pass(0);
    before.controller.recordProbes(probes('unreachable'), 0);
    before.controller.recordProbes(probes('unreachable'), 30_000);
    before.report({ health: reports('Unknown') }, 30_000);
    expect(before.pass(30_000)).toEqual(['member1', 'member3']);
    const written = before.recorded();
    expect(written.taints.get('member2')).toEqual([{ key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: '1970-01-01T00:00:00.000Z' }]);
    expect(written.tasks.get(WEB)).toEqual([
      {
        fromCluster: 'member2',
        purgeMode: 'Gracefully',
        reason: 'TaintUntolerated',
        producer: 'TaintManager',
        replicas: 2,
        creationTimestamp: '1970-01-01T00:00:30.000Z',
      },
    ]);

    // kill -9; a new process reads the branch back.
    const after = loop(before.schedules(), written);
    // Recorded failures count once this process has seen the member fail too.
    after.controller.recordProbes(probes('unreachable'), 100_000);
    expect(after.pass(100_000)).toEqual(['member1', 'member3']);
    expect(after.controller.failedMembers(100_000)).toEqual(['member2']);
    // Its first pass knows no bindings: it asks for a second one at once.
    expect(after.controller.nextDue()).toBe(100_000);
    expect(after.record()).toEqual(written);
    // The task ends at its creation time + the loop's timeout, not 10 minutes after the restart.
    after.report({ health: reports('Unknown') }, 100_000);
    after.pass(629_999);
    expect(after.record().tasks.get(WEB)).toHaveLength(1);
    after.pass(630_000);
    expect(after.record().tasks.size).toBe(0);
  });

  it('a graceful task ends once the new placement reports Healthy, not while it reports Unknown (not seen yet)', () => {
    const onNewPlacement = (health: HealthReport['health']): HealthReport[] =>
      MEMBERS.map((cluster) =>
        cluster === 'member2' ? { key: WEB, cluster, health: 'Unknown', applied: false } : { key: WEB, cluster, health, applied: true },
      );
    const run = loop();
    run.pass(0);
    run.report({ health: onNewPlacement('Unknown') }, 1_000);
    run.controller.recordProbes(probes('unreachable'), 0);
    run.controller.recordProbes(probes('unreachable'), 30_000);
    expect(run.pass(30_000)).toEqual(['member1', 'member3']);
    expect(run.record().tasks.get(WEB)).toHaveLength(1);
    run.pass(32_000);
    expect(run.record().tasks.get(WEB)).toHaveLength(1);
    run.report({ health: onNewPlacement('Healthy') }, 33_000);
    run.pass(34_000);
    expect(run.record().tasks.size).toBe(0);
  });

  it('a first-unhealthy time survives the restart: application failover evicts at the same moment', () => {
    const before = loop();
    before.pass(0);
    before.report({ health: reports('Unhealthy') }, 10_000);
    expect(before.pass(20_000)).toEqual(MEMBERS);
    const written = before.recorded();
    expect(written.unhealthySince.get(WEB)).toEqual([{ clusterName: 'member2', since: '1970-01-01T00:00:10.000Z' }]);

    const after = loop(before.schedules(), written);
    expect(after.pass(40_000)).toEqual(MEMBERS);
    after.report({ health: reports('Unhealthy') }, 40_000);
    expect(after.pass(50_000)).toEqual(MEMBERS);
    expect(after.controller.nextDue()).toBe(70_000);
    expect(after.pass(70_000)).toEqual(['member1', 'member3']);
    expect(after.record().tasks.get(WEB)).toEqual([
      expect.objectContaining({
        fromCluster: 'member2',
        reason: 'ApplicationFailure',
        producer: 'resource-binding-application-failover-controller',
        gracePeriodSeconds: 900,
        creationTimestamp: '1970-01-01T00:01:10.000Z',
      }),
    ]);
  });

  it("a restored eviction task keeps the member out of the first pass's schedule", () => {
    const before = loop();
    before.pass(0);
    before.report({ health: reports('Unhealthy') }, 0);
    before.pass(60_000);
    expect(before.pass(61_000)).toEqual(['member1', 'member3']);
    const after = loop(before.schedules(), before.record());
    expect(after.pass(90_000)).toEqual(['member1', 'member3']);
    expect(after.record().tasks.get(WEB)).toEqual(before.record().tasks.get(WEB));
  });

  it.each([
    ['a member probed ready since the restart stays ready', 'ready' as const, undefined, []],
    ['a member probed failing keeps the earlier start of the streak', 'unreachable' as const, 0, ['member2']],
  ])('what the process has seen itself wins: %s', (_name, probe, since, failed) => {
    const run = loop(undefined, {
      ...emptyFailoverView(),
      taints: new Map([['member2', [{ key: 'cluster.karmada.io/not-ready', effect: 'NoExecute', timeAdded: '1970-01-01T00:00:00.000Z' }]]]),
    });
    run.controller.recordProbes(probes(probe), 90_000);
    run.pass(95_000);
    expect(run.controller.failedMembers(95_000)).toEqual(failed);
    const taints = run.scheduling()!.fleet.clusters.find((c) => c.object.metadata.name === 'member2')?.object.spec.taints ?? [];
    expect(taints.map((t) => t.timeAdded)).toEqual(since === undefined ? [] : [new Date(since).toISOString()]);
  });

  it('a restored failed-over member found ready by the first probe asks for a pass', () => {
    const run = loop(undefined, {
      ...emptyFailoverView(),
      taints: new Map([['member2', [{ key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: '1970-01-01T00:00:00.000Z' }]]]),
    });
    run.pass(90_000);
    expect(run.controller.recordProbes(probes('unreachable'), 95_000)).toBe(true);
    expect(run.controller.recordProbes(probes('ready'), 100_000)).toBe(true);
  });

  it.each([
    ['the recorded taint of a member not probed yet taints and evicts nothing, and stays recorded', [], ['member1', 'member2', 'member3'], [], ['member2']],
    ['a member probed ready after the restart stays placed, and its taint goes', ['ready' as const], ['member1', 'member2', 'member3'], [], []],
    ['a member probed failing is failed over from the recorded start', ['unreachable' as const], ['member1', 'member3'], ['member2'], ['member2']],
  ])('a stale or forged record is a starting point, not an order: %s', (_name, seen, placed, failed, recorded) => {
    const forged: FailoverView = {
      ...emptyFailoverView(),
      taints: new Map<string, Taint[]>([['member2', [{ key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: '1970-01-01T00:00:00.000Z' }]]]),
    };
    const before = loop();
    before.pass(0);
    const run = loop(before.schedules(), forged);
    for (const probe of seen) run.controller.recordProbes(probes(probe), 90_000);
    run.pass(90_000);
    expect(run.pass(91_000)).toEqual(placed);
    expect(run.controller.failedMembers(91_000)).toEqual(failed);
    expect([...run.record().taints.keys()]).toEqual(recorded);
    expect(run.record().taints.get('member2')?.[0]?.timeAdded).toBe(recorded.length > 0 ? '1970-01-01T00:00:00.000Z' : undefined);
  });

  it('a restored Directly task holds the old copy on a member not probed yet, and purges it once probed', () => {
    const task: GracefulEvictionTask = {
      fromCluster: 'member2',
      purgeMode: 'Directly',
      reason: 'TaintUntolerated',
      producer: 'TaintManager',
      creationTimestamp: '1970-01-01T00:00:00.000Z',
    };
    const before = loop();
    before.pass(0);
    const run = loop(before.schedules(), { ...emptyFailoverView(), tasks: new Map([[WEB, [task]]]) });
    run.pass(10_000);
    expect(run.holds()?.kept.get('member2')?.get(WEB)).toMatch(/until this process has probed member2/);
    expect(run.holds()?.waiting.size).toBe(0);
    run.controller.recordProbes(probes('ready'), 11_000);
    run.pass(12_000);
    expect(run.holds()?.kept.get('member2')).toBeUndefined();
    expect([...(run.holds()?.waiting ?? [])]).toEqual([WEB]);
  });

  it('records first-unhealthy times only of templates with application failover', () => {
    const run = loop();
    run.pass(0);
    run.report({ health: [...reports('Unhealthy'), { key: 'v1/ConfigMap/shop/other', cluster: 'member1', health: 'Unhealthy', applied: true }] }, 0);
    run.pass(1_000);
    expect([...run.record().unhealthySince.keys()]).toEqual([WEB]);
  });

  it.each([
    ['a template with application failover newly Unhealthy asks for a pass at once', WEB, 5_000],
    ['another template newly Unhealthy does not', 'v1/ConfigMap/shop/other', undefined],
  ])('%s', (_name, key, due) => {
    const run = loop();
    run.pass(0);
    run.report({ health: [{ key, cluster: 'member2', health: 'Unhealthy', applied: true }] }, 5_000);
    expect(run.controller.nextDue()).toBe(due);
  });

  it('a restored member that has left the fleet is forgotten by the first pass', () => {
    const run = loop(undefined, {
      ...emptyFailoverView(),
      taints: new Map([['member9', [{ key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: '1970-01-01T00:00:00.000Z' }]]]),
    });
    run.pass(90_000);
    expect(run.controller.failedMembers(90_000)).toEqual([]);
    expect(run.record().taints.size).toBe(0);
  });

  it('restoring nothing changes nothing: no catch-up pass', () => {
    const run = loop(undefined, emptyFailoverView());
    run.pass(0);
    expect(run.controller.nextDue()).toBeUndefined();
  });
});
