import { describe, expect, it } from 'vitest';
import { viewCluster } from '../../../src/scheduler/cluster-view.ts';
import { workloadAffinity } from '../../../src/scheduler/plugins/workload-affinity.ts';
import { workloadAntiAffinity } from '../../../src/scheduler/plugins/workload-anti-affinity.ts';
import { cluster } from '../helpers.ts';
import { context } from './context.ts';

const AFFINITY = 'ResourceBinding with the same affinity group does not target this cluster';
const ANTI = 'cluster already has workload with the same anti-affinity group';

/** Karmada's workloadaffinity and workloadantiaffinity filters, rule by rule, on cluster `c`. */
describe('WorkloadAffinity and WorkloadAntiAffinity filters (docs/karmada-compatibility.md#workload-affinity)', () => {
  it.each<[string, string[][] | undefined, string[], string | null]>([
    ['passes a binding without an affinity group', undefined, [], null],
    ['passes the first of a group (no peer yet)', [], [], null],
    ['passes when a peer is not scheduled anywhere yet', [[]], [], null],
    ['passes a cluster every scheduled peer targets', [['c', 'd'], ['c']], [], null],
    ['rejects a cluster a scheduled peer does not target', [['d']], [], AFFINITY],
    ['rejects when one of several peers is elsewhere', [['c'], ['d']], [], AFFINITY],
    ['passes a cluster the binding already targets, whatever its peers', [['d']], ['c'], null],
  ])('affinity: %s', (_name, affinity, previous, want) => {
    const ctx = context({
      previous: new Set(previous),
      workloadAffinity: affinity === undefined ? undefined : { affinity, antiAffinity: [] },
    });
    expect(workloadAffinity.filter?.(ctx, viewCluster(cluster('c')))).toBe(want);
    expect(workloadAntiAffinity.filter?.(ctx, viewCluster(cluster('c')))).toBeNull();
  });

  it.each<[string, string[][] | undefined, string[], string | null]>([
    ['passes a binding without an anti-affinity group', undefined, [], null],
    ['passes when no peer exists', [], [], null],
    ['passes a cluster no peer targets', [['d'], []], [], null],
    ['rejects a cluster a peer targets', [['d'], ['c', 'e']], [], ANTI],
    ['passes a cluster the binding already targets, even if a peer does too', [['c']], ['c'], null],
  ])('anti-affinity: %s', (_name, antiAffinity, previous, want) => {
    const ctx = context({
      previous: new Set(previous),
      workloadAffinity: antiAffinity === undefined ? undefined : { affinity: [], antiAffinity },
    });
    expect(workloadAntiAffinity.filter?.(ctx, viewCluster(cluster('c')))).toBe(want);
    expect(workloadAffinity.filter?.(ctx, viewCluster(cluster('c')))).toBeNull();
  });
});
