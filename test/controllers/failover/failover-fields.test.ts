import { describe, expect, it } from 'vitest';
import { parseEvictionTasks, parseTaints, parseUnhealthySince } from '../../../src/controllers/failover/failover-fields.ts';

const TASK = {
  fromCluster: 'member2',
  purgeMode: 'Gracefully',
  reason: 'TaintUntolerated',
  producer: 'TaintManager',
  creationTimestamp: '2026-11-29T17:00:00.000Z',
};

/** Runs a parser, collecting its warnings. */
function parsed<T>(parse: (value: unknown, warn: (m: string) => void) => T[], value: unknown): { items: T[]; warnings: string[] } {
  const warnings: string[] = [];
  return { items: parse(value, (m) => warnings.push(m)), warnings };
}

describe('parseEvictionTasks', () => {
  it.each([
    ['a taint manager task', TASK, TASK],
    [
      'an application task with replicas, grace period and suppressDeletion',
      {
        ...TASK,
        purgeMode: 'Never',
        reason: 'ApplicationFailure',
        producer: 'cluster-resource-binding-application-failover-controller',
        replicas: 3,
        gracePeriodSeconds: 600,
        suppressDeletion: true,
      },
      {
        ...TASK,
        purgeMode: 'Never',
        reason: 'ApplicationFailure',
        producer: 'cluster-resource-binding-application-failover-controller',
        replicas: 3,
        gracePeriodSeconds: 600,
        suppressDeletion: true,
      },
    ],
    ['zero replicas, as Karmada omits them', { ...TASK, replicas: 0 }, TASK],
    ['an unquoted timestamp a YAML reader made a Date', { ...TASK, creationTimestamp: new Date('2026-11-29T17:00:00Z') }, TASK],
    ['a timestamp with an offset, in UTC', { ...TASK, creationTimestamp: '2026-11-29T18:00:00+01:00' }, TASK],
    ['a timestamp without fractions', { ...TASK, creationTimestamp: '2026-11-29T17:00:00Z' }, TASK],
  ])('reads %s', (_name, item, expected) => {
    expect(parsed(parseEvictionTasks, [item])).toEqual({ items: [expected], warnings: [] });
  });

  it.each([
    ['no fromCluster', { ...TASK, fromCluster: '' }, 'spec.gracefulEvictionTasks[0]: fromCluster is missing; ignored'],
    [
      'an unknown purge mode',
      { ...TASK, purgeMode: 'Immediately' },
      'spec.gracefulEvictionTasks[0]: purgeMode "Immediately" is not one of Directly, Gracefully, Never; ignored',
    ],
    [
      'an unknown reason',
      { ...TASK, reason: 'Whim' },
      'spec.gracefulEvictionTasks[0]: reason "Whim" is not one of TaintUntolerated, ApplicationFailure; ignored',
    ],
    [
      'an unknown producer',
      { ...TASK, producer: 'me' },
      'spec.gracefulEvictionTasks[0]: producer "me" is not one of TaintManager, resource-binding-application-failover-controller, cluster-resource-binding-application-failover-controller; ignored',
    ],
    [
      'a timestamp that is not RFC 3339',
      { ...TASK, creationTimestamp: 'yesterday' },
      'spec.gracefulEvictionTasks[0]: creationTimestamp "yesterday" is not an RFC 3339 time; ignored',
    ],
    [
      'an impossible date',
      { ...TASK, creationTimestamp: '2026-02-30T00:00:00Z' },
      'spec.gracefulEvictionTasks[0]: creationTimestamp "2026-02-30T00:00:00Z" is not an RFC 3339 time; ignored',
    ],
    ['no timestamp', { ...TASK, creationTimestamp: undefined }, 'spec.gracefulEvictionTasks[0]: creationTimestamp undefined is not an RFC 3339 time; ignored'],
    [
      'a negative grace period',
      { ...TASK, gracePeriodSeconds: -5 },
      'spec.gracefulEvictionTasks[0]: gracePeriodSeconds -5 is not a whole number of seconds; ignored',
    ],
    ['not a mapping', 'member2', 'spec.gracefulEvictionTasks[0]: not a mapping; ignored'],
  ])('drops a task with %s, saying why', (_name, item, warning) => {
    expect(parsed(parseEvictionTasks, [item])).toEqual({ items: [], warnings: [warning] });
  });

  it('keeps the valid tasks around a bad one, in order', () => {
    const second = { ...TASK, fromCluster: 'member3' };
    const result = parsed(parseEvictionTasks, [TASK, { ...TASK, reason: 7 }, second]);
    expect(result.items).toEqual([TASK, second]);
    expect(result.warnings).toEqual(['spec.gracefulEvictionTasks[1]: reason 7 is not one of TaintUntolerated, ApplicationFailure; ignored']);
  });

  it.each([
    ['absent', undefined, { items: [], warnings: [] }],
    ['null', null, { items: [], warnings: [] }],
    ['not a list', { fromCluster: 'member2' }, { items: [], warnings: ['spec.gracefulEvictionTasks: not a list; ignored'] }],
  ])('a field that is %s gives no task', (_name, value, expected) => {
    expect(parsed(parseEvictionTasks, value)).toEqual(expected);
  });
});

describe('parseTaints', () => {
  const taint = { key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: '2026-11-29T17:00:00.000Z' };
  it.each([
    ['a NoExecute taint with its time', [taint], { items: [taint], warnings: [] }],
    [
      'a taint with a value and no time',
      [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }],
      { items: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }], warnings: [] },
    ],
    [
      'an unknown effect',
      [{ ...taint, effect: 'Evict' }],
      { items: [], warnings: ['spec.taints[0]: effect "Evict" is not one of NoSchedule, PreferNoSchedule, NoExecute; ignored'] },
    ],
    ['a bad time', [{ ...taint, timeAdded: 'soon' }], { items: [], warnings: ['spec.taints[0]: timeAdded "soon" is not an RFC 3339 time; ignored'] }],
    ['no key', [{ effect: 'NoExecute' }], { items: [], warnings: ['spec.taints[0]: key is missing; ignored'] }],
  ])('%s', (_name, value, expected) => {
    expect(parsed(parseTaints, value)).toEqual(expected);
  });
});

describe('parseUnhealthySince', () => {
  it.each([
    [
      'a member and a time',
      [{ clusterName: 'member2', since: '2026-11-29T17:00:00.000Z' }],
      { items: [{ clusterName: 'member2', since: '2026-11-29T17:00:00.000Z' }], warnings: [] },
    ],
    ['no member', [{ since: '2026-11-29T17:00:00.000Z' }], { items: [], warnings: ['status.unhealthySince[0]: clusterName is missing; ignored'] }],
    [
      'a number for a time',
      [{ clusterName: 'member2', since: 1764435600000 }],
      { items: [], warnings: ['status.unhealthySince[0]: since 1764435600000 is not an RFC 3339 time; ignored'] },
    ],
  ])('%s', (_name, value, expected) => {
    expect(parsed(parseUnhealthySince, value)).toEqual(expected);
  });
});
