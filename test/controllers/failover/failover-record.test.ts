import { describe, expect, it } from 'vitest';
import type { Taint } from '../../../src/model/index.ts';
import { unhealthyKey } from '../../../src/controllers/failover/application-failover.ts';
import type { EvictionTask } from '../../../src/controllers/failover/eviction.ts';
import { evictionTaskOf, failoverView, gracefulEvictionTask, restoredFailover } from '../../../src/controllers/failover/failover-record.ts';
import { healthFromTaint, noExecuteTaint } from '../../../src/controllers/failover/member-health.ts';
import type { FailoverView } from '../../../src/controllers/index.ts';

const WEB = 'apps/v1/Deployment/shop/web';
const AT = Date.UTC(2026, 10, 29, 17, 0, 0);
const base: EvictionTask = { fromCluster: 'member2', createdAt: AT, purgeMode: 'Gracefully', reason: 'TaintUntolerated', producer: 'TaintManager' };

describe('eviction tasks as Karmada writes them', () => {
  it.each([
    [
      'a taint manager task',
      base,
      { fromCluster: 'member2', purgeMode: 'Gracefully', reason: 'TaintUntolerated', producer: 'TaintManager', creationTimestamp: '2026-11-29T17:00:00.000Z' },
    ],
    ['replicas when the member had some', { ...base, replicas: 3 }, expect.objectContaining({ replicas: 3 })],
    [
      'a grace period of its own',
      { ...base, reason: 'ApplicationFailure' as const, producer: 'resource-binding-application-failover-controller' as const, gracePeriodSeconds: 120 },
      expect.objectContaining({ reason: 'ApplicationFailure', producer: 'resource-binding-application-failover-controller', gracePeriodSeconds: 120 }),
    ],
    ['suppressDeletion for Never', { ...base, purgeMode: 'Never' as const }, expect.objectContaining({ purgeMode: 'Never', suppressDeletion: true })],
  ])('%s', (_name, task, expected) => {
    expect(gracefulEvictionTask(task)).toEqual(expected);
  });

  it.each([
    ['a taint manager task', base],
    [
      'an application task with replicas and a grace period',
      {
        ...base,
        reason: 'ApplicationFailure' as const,
        producer: 'cluster-resource-binding-application-failover-controller' as const,
        replicas: 2,
        gracePeriodSeconds: 60,
      },
    ],
    ['a Never task', { ...base, purgeMode: 'Never' as const }],
  ])('%s reads back as the task it was', (_name, task) => {
    expect(evictionTaskOf(gracefulEvictionTask(task))).toEqual(task);
  });

  it('a confirmed Directly purge is not recorded: the next pass confirms it again', () => {
    expect(evictionTaskOf(gracefulEvictionTask({ ...base, purgeMode: 'Directly', purged: true }))).toEqual({ ...base, purgeMode: 'Directly' });
  });
});

describe('member health from a taint', () => {
  it.each([
    ['the unreachable taint Flotilla adds', noExecuteTaint('unreachable', AT), { last: 'unreachable', failingSince: AT }],
    ['the not-ready taint Flotilla adds', noExecuteTaint('not-ready', AT), { last: 'not-ready', failingSince: AT }],
    ['a declared NoExecute taint', { key: 'dedicated', effect: 'NoExecute', timeAdded: '2026-11-29T17:00:00Z' } satisfies Taint, undefined],
    [
      "a NoSchedule readiness taint (the scheduler's)",
      { key: 'cluster.karmada.io/unreachable', effect: 'NoSchedule', timeAdded: '2026-11-29T17:00:00Z' } satisfies Taint,
      undefined,
    ],
    ['a taint without its time', { key: 'cluster.karmada.io/unreachable', effect: 'NoExecute' } satisfies Taint, undefined],
  ])('%s', (_name, taint, expected) => {
    expect(healthFromTaint(taint)).toEqual(expected);
  });
});

describe('the failover view and back', () => {
  const unhealthy = new Map([
    [unhealthyKey(WEB, 'member3'), AT + 2_000],
    [unhealthyKey(WEB, 'member1'), AT + 1_000],
  ]);
  const view = failoverView(new Map([['member2', noExecuteTaint('unreachable', AT)]]), new Map([[WEB, [base]]]), unhealthy);

  it('keys taints by member, tasks and first-unhealthy times by template (members in name order)', () => {
    expect(view).toEqual({
      taints: new Map([['member2', [{ key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: '2026-11-29T17:00:00.000Z' }]]]),
      tasks: new Map([[WEB, [gracefulEvictionTask(base)]]]),
      unhealthySince: new Map([
        [
          WEB,
          [
            { clusterName: 'member1', since: '2026-11-29T17:00:01.000Z' },
            { clusterName: 'member3', since: '2026-11-29T17:00:02.000Z' },
          ],
        ],
      ]),
    });
  });

  it('restores what it recorded', () => {
    expect(restoredFailover(view)).toEqual({
      health: new Map([['member2', { last: 'unreachable', failingSince: AT }]]),
      tasks: new Map([[WEB, [base]]]),
      unhealthy: new Map([
        [unhealthyKey(WEB, 'member1'), AT + 1_000],
        [unhealthyKey(WEB, 'member3'), AT + 2_000],
      ]),
    });
  });

  it('a member whose only taints are declared ones is not restored as failed', () => {
    const declared: FailoverView = { ...view, taints: new Map([['member4', [{ key: 'dedicated', effect: 'NoExecute', timeAdded: '2026-11-29T17:00:00Z' }]]]) };
    expect(restoredFailover(declared).health).toEqual(new Map());
  });
});
