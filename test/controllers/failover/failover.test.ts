import { describe, expect, it } from 'vitest';
import { evictionTime, remainingTasks } from '../../../src/controllers/failover/eviction.ts';
import type { EvictionTask } from '../../../src/controllers/failover/eviction.ts';
import { failedOver, nextHealth } from '../../../src/controllers/failover/member-health.ts';
import { APPLICATION_FAILOVER, failoverLoop, MEMBER_CLUSTERS, probes, webFleet } from './failover-loop.ts';

/** `web` with 6 replicas divided 1:1:1 over the three members. */
const divided = (): string =>
  webFleet('')
    .replace('replicas: 2', 'replicas: 6')
    .replace(
      '{replicaSchedulingType: Duplicated}',
      '{replicaSchedulingType: Divided, replicaDivisionPreference: Weighted, weightPreference: {staticWeightList: [{targetCluster: {clusterNames: [member1, member2, member3]}, weight: 1}]}}',
    );

describe('failover through the run loop state', () => {
  it('moves a workload off a member failing past the grace period and brings it back when it recovers', () => {
    const run = failoverLoop(webFleet(''));
    expect(run.pass(0)).toEqual(['member1', 'member2', 'member3']);
    expect(run.controller.recordProbes(probes('unreachable'), 1_000)).toBe(false);
    expect(run.pass(1_000)).toEqual(['member1', 'member2', 'member3']);
    expect(run.controller.recordProbes(probes('unreachable'), 31_000)).toBe(true);
    expect(run.pass(31_000)).toEqual(['member1', 'member3']);
    expect(run.pass(32_000)).toEqual(['member1', 'member3']);
    expect(run.controller.recordProbes(probes('ready'), 40_000)).toBe(true);
    expect(run.pass(40_000)).toEqual(['member1', 'member2', 'member3']);
  });

  it('keeps a Divided workload where the eviction moved it when the member recovers: Karmada does not schedule it again (docs/karmada-compatibility.md#when-a-binding-is-scheduled)', () => {
    const run = failoverLoop(divided());
    run.pass(0);
    expect(run.replicas()).toEqual({ member1: 2, member2: 2, member3: 2 });
    run.controller.recordProbes(probes('unreachable'), 0);
    run.controller.recordProbes(probes('unreachable'), 30_000);
    run.pass(30_000);
    expect(run.replicas()).toEqual({ member1: 3, member3: 3 });
    run.controller.recordProbes(probes('ready'), 40_000);
    run.pass(40_000);
    run.pass(41_000);
    expect(run.replicas()).toEqual({ member1: 3, member3: 3 });
  });

  it('leaves a workload that tolerates the taint without tolerationSeconds where it is', () => {
    const run = failoverLoop(webFleet('    clusterTolerations: [{key: cluster.karmada.io/unreachable, operator: Exists, effect: NoExecute}]'));
    run.pass(0);
    run.controller.recordProbes(probes('unreachable'), 0);
    run.controller.recordProbes(probes('unreachable'), 30_000);
    expect(run.pass(30_000)).toEqual(['member1', 'member2', 'member3']);
  });

  it('evicts a workload tolerating the taint for 60 s once those 60 s have passed', () => {
    const run = failoverLoop(
      webFleet('    clusterTolerations: [{key: cluster.karmada.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]'),
    );
    run.pass(0);
    run.controller.recordProbes(probes('unreachable'), 0);
    run.controller.recordProbes(probes('unreachable'), 30_000);
    expect(run.pass(30_000)).toEqual(['member1', 'member2', 'member3']);
    expect(run.pass(59_000)).toEqual(['member1', 'member2', 'member3']);
    expect(run.pass(60_000)).toEqual(['member1', 'member3']);
  });
});

describe('member health', () => {
  it.each([
    ['a failing streak keeps the time of its first failure', { last: 'unreachable' as const, failingSince: 5 }, 'not-ready' as const, 9, 5],
    ['a ready probe ends the streak', { last: 'unreachable' as const, failingSince: 5 }, 'ready' as const, 9, undefined],
    ['a first failure starts the streak', undefined, 'unreachable' as const, 9, 9],
  ])('%s', (_name, previous, probe, now, since) => {
    expect(nextHealth(previous, probe, now).failingSince).toBe(since);
  });

  it.each([
    ['not failed over before the grace period', 29_999, false],
    ['failed over at the grace period', 30_000, true],
  ])('%s', (_name, now, expected) => {
    expect(failedOver({ last: 'unreachable', failingSince: 0 }, now, 30_000)).toBe(expected);
  });
});

describe('evictionTime', () => {
  const taint = { key: 'cluster.karmada.io/not-ready', effect: 'NoExecute' as const, timeAdded: new Date(1_000).toISOString() };
  it.each([
    ['an untolerated NoExecute taint evicts now', [], 50_000],
    ['a toleration without seconds never evicts', [{ key: taint.key, operator: 'Exists' as const, effect: 'NoExecute' as const }], undefined],
    [
      'a toleration with seconds evicts that long after the taint was added',
      [{ key: taint.key, operator: 'Exists' as const, effect: 'NoExecute' as const, tolerationSeconds: 10 }],
      11_000,
    ],
    [
      'the shortest of several tolerations wins',
      [
        { operator: 'Exists' as const, tolerationSeconds: 100 },
        { key: taint.key, operator: 'Exists' as const, tolerationSeconds: 5 },
      ],
      6_000,
    ],
  ])('%s', (_name, tolerations, expected) => {
    expect(evictionTime([taint], tolerations, 50_000)).toBe(expected);
  });
});

describe('remainingTasks', () => {
  const task = (purgeMode: EvictionTask['purgeMode'], extra: Partial<EvictionTask> = {}): EvictionTask => ({
    fromCluster: 'member2',
    createdAt: 0,
    purgeMode,
    reason: 'TaintUntolerated',
    producer: 'TaintManager',
    ...extra,
  });
  const settled = (c: string): boolean => c !== 'member2';
  it.each([
    ['a graceful task ends once the template has settled on the whole new placement', task('Gracefully'), ['member1'], settled, 1_000, undefined, 0],
    [
      'a graceful task stays while a member of the new placement has not settled',
      task('Gracefully'),
      ['member1', 'member4'],
      (c: string) => c === 'member1',
      1_000,
      undefined,
      1,
    ],
    ['a graceful task stays while the new placement is empty', task('Gracefully'), [], settled, 1_000, undefined, 1],
    [
      'a graceful task stays while the new placement still holds the evicted member',
      task('Gracefully'),
      ['member1', 'member2'],
      () => true,
      1_000,
      undefined,
      1,
    ],
    ['a graceful task ends at the timeout', task('Gracefully'), [], settled, 600_000, undefined, 0],
    ['a Directly task ends at the timeout', task('Directly'), [], settled, 600_000, undefined, 0],
    [
      "a task with gracePeriodSeconds ends at its own timeout, not the loop's",
      task('Gracefully', { gracePeriodSeconds: 60 }),
      [],
      settled,
      60_000,
      undefined,
      0,
    ],
    ['a task with gracePeriodSeconds stays until its own timeout', task('Gracefully', { gracePeriodSeconds: 900 }), [], settled, 600_000, undefined, 1],
    ['an unpurged Directly task does not end by settling: its new copies wait for the purge', task('Directly'), ['member1'], settled, 1_000, undefined, 1],
    ['a purged Directly task ends by settling', task('Directly', { purged: true }), ['member1'], settled, 1_000, undefined, 0],
    ['a Never task outlives the timeout', task('Never'), ['member1'], settled, 900_000, undefined, 1],
    ['a Never task stays when the evicted member is ready again', task('Never'), ['member1'], () => true, 1_000, undefined, 1],
    ['a Never task is released by a release time after its creation', task('Never', { createdAt: 5_000 }), ['member1'], settled, 9_000, 6_000, 0],
    ['a Never task is released by a release time equal to its creation', task('Never', { createdAt: 5_000 }), ['member1'], settled, 9_000, 5_000, 0],
    ['a Never task created after the release time stays', task('Never', { createdAt: 5_000 }), ['member1'], settled, 9_000, 4_999, 1],
    [
      'a release time does not end a graceful task',
      task('Gracefully', { createdAt: 5_000 }),
      ['member1', 'member4'],
      (c: string) => c === 'member1',
      9_000,
      6_000,
      1,
    ],
  ])('%s', (_name, t, placement, settledOn, now, releasedUpTo, left) => {
    expect(remainingTasks([t], placement, settledOn, now, 600_000, releasedUpTo)).toHaveLength(left);
  });
});

describe('application failover through the run loop state', () => {
  const health = (member2: 'Healthy' | 'Unhealthy' | 'Unknown') =>
    ['member1', 'member2', 'member3'].map((cluster) => ({
      key: 'apps/v1/Deployment/shop/web',
      cluster,
      health: cluster === 'member2' ? member2 : ('Healthy' as const),
    }));

  it('evicts a workload unhealthy on a member past its toleration, and says when that is due', () => {
    const run = failoverLoop(webFleet('', APPLICATION_FAILOVER));
    run.pass(0);
    run.report({ health: health('Unhealthy') }, 1_000);
    expect(run.pass(30_000)).toEqual(['member1', 'member2', 'member3']);
    expect(run.controller.nextDue()).toBe(61_000);
    expect(run.pass(61_000)).toEqual(['member1', 'member3']);
  });

  it('forgets the unhealthy time when the member reports Unknown, as Karmada does', () => {
    const run = failoverLoop(webFleet('', APPLICATION_FAILOVER));
    run.pass(0);
    run.report({ health: health('Unhealthy') }, 0);
    run.report({ health: health('Unknown') }, 30_000);
    run.report({ health: health('Unhealthy') }, 40_000);
    expect(run.pass(90_000)).toEqual(['member1', 'member2', 'member3']);
    expect(run.pass(100_000)).toEqual(['member1', 'member3']);
  });
});

describe('tasks of a template that has no binding any more', () => {
  const never = (fromCluster: string) => ({
    fromCluster,
    purgeMode: 'Never' as const,
    reason: 'TaintUntolerated' as const,
    producer: 'TaintManager' as const,
    suppressDeletion: true,
    creationTimestamp: '2026-11-29T17:00:00.000Z',
  });
  const WEB = 'apps/v1/Deployment/shop/web';
  const GONE = 'apps/v1/Deployment/shop/gone';

  it.each([
    ['end with it when the source rendered whole (Karmada deletes them with the binding)', true, [WEB]],
    ['are kept while the source has errors: a broken file may only have hidden the binding', false, [WEB, GONE]],
  ])('%s', (_name, complete, left) => {
    const run = failoverLoop(webFleet(''), new Map(), {
      taints: new Map(),
      tasks: new Map([
        [WEB, [never('member2')]],
        [GONE, [never('member3')]],
      ]),
      unhealthySince: new Map(),
    });
    run.pass(1_000, complete);
    expect([...run.record().tasks.keys()]).toEqual(left);
    expect([...run.holds()!.kept.values()].flatMap((m) => [...m.keys()]).sort()).toEqual([...left].sort());
  });
});

describe("the status branch's schedules (seed)", () => {
  it('stand in for the last bindings before the first render only, not after a render without bindings', () => {
    const seed = new Map([['apps/v1/Deployment/shop/web', { clusters: [{ name: 'member1', replicas: 2 }], appliedPlacement: '{}' }]]);
    const run = failoverLoop(MEMBER_CLUSTERS, seed);
    run.pass(0, true);
    expect(run.scheduling()?.previousSchedules).toEqual(seed);
    run.pass(1_000, true);
    expect(run.scheduling()?.previousSchedules).toEqual(new Map());
  });
});
