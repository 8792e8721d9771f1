import { describe, expect, it } from 'vitest';
import type { Condition, Taint } from '../../src/model/index.ts';
import { effectiveTaints, readinessTaints } from '../../src/scheduler/readiness-taints.ts';
import { cluster } from './helpers.ts';

const ready = (status: Condition['status']): Condition[] => [{ type: 'Ready', status }];
const notReady: Taint = { key: 'cluster.karmada.io/not-ready', effect: 'NoSchedule' };
const unreachable: Taint = { key: 'cluster.karmada.io/unreachable', effect: 'NoSchedule' };

describe('readinessTaints (cluster_controller.go, docs/karmada-compatibility.md#clusters)', () => {
  it.each<[string, Condition[] | undefined, Taint[]]>([
    ['adds not-ready for Ready=False', ready('False'), [notReady]],
    ['adds unreachable for Ready=Unknown', ready('Unknown'), [unreachable]],
    ['adds nothing for Ready=True', ready('True'), []],
    ['treats a cluster without a Ready condition as ready', [{ type: 'Other', status: 'False' }], []],
    ['treats a cluster without status as ready', undefined, []],
  ])('%s', (_name, conditions, want) => {
    const c = cluster('c', {}, conditions ? { status: { conditions } } : {});
    expect(readinessTaints(c)).toEqual(want);
  });

  it('adds readiness taints after the spec taints without duplicating one', () => {
    const own: Taint = { key: 'team', value: 'a', effect: 'NoExecute' };
    expect(effectiveTaints(cluster('c', { taints: [own] }, { status: { conditions: ready('False') } }))).toEqual([own, notReady]);
    expect(effectiveTaints(cluster('c', { taints: [notReady] }, { status: { conditions: ready('False') } }))).toEqual([notReady]);
  });
});
