import { describe, expect, it } from 'vitest';
import type { Cluster, Toleration } from '../../../src/model/index.ts';
import { viewCluster } from '../../../src/scheduler/cluster-view.ts';
import { taintToleration } from '../../../src/scheduler/plugins/taint-toleration.ts';
import { cluster } from '../helpers.ts';
import { context } from './context.ts';

const tainted = cluster('c', { taints: [{ key: 'env', value: 'prod', effect: 'NoSchedule' }] });
const evicting = cluster('c', { taints: [{ key: 'dead', effect: 'NoExecute' }] });
const soft = cluster('c', { taints: [{ key: 'soft', effect: 'PreferNoSchedule' }] });
const down = cluster('c', {}, { status: { conditions: [{ type: 'Ready', status: 'False' }] } });
const lost = cluster('c', {}, { status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } });

describe('TaintToleration filter (docs/karmada-compatibility.md#filter-and-score-plugins, #clusters)', () => {
  it.each<[string, Cluster, Toleration[], string[], string | null]>([
    ['rejects an untolerated NoSchedule taint', tainted, [], [], 'cluster(s) had untolerated taint {env=prod:NoSchedule}'],
    ['passes a tolerated taint', tainted, [{ key: 'env', operator: 'Equal', value: 'prod' }], [], null],
    ['rejects an untolerated NoExecute taint', evicting, [], [], 'cluster(s) had untolerated taint {dead:NoExecute}'],
    ['ignores PreferNoSchedule', soft, [], [], null],
    ['passes a cluster already hosting the binding', tainted, [], ['c'], null],
    ['rejects a not-ready cluster', down, [], [], 'cluster(s) had untolerated taint {cluster.karmada.io/not-ready:NoSchedule}'],
    ['rejects an unreachable cluster', lost, [], [], 'cluster(s) had untolerated taint {cluster.karmada.io/unreachable:NoSchedule}'],
    ['passes a not-ready cluster when the policy tolerates it', down, [{ key: 'cluster.karmada.io/not-ready', operator: 'Exists' }], [], null],
  ])('%s', (_name, c, clusterTolerations, previous, want) => {
    const ctx = context({ placement: { clusterTolerations }, previous: new Set(previous) });
    expect(taintToleration.filter?.(ctx, viewCluster(c))).toBe(want);
  });
});
