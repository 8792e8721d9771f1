import { describe, expect, it } from 'vitest';
import type { Taint, Toleration } from '../../src/model/index.ts';
import { findUntoleratedTaint, formatTaint, toleratesTaint } from '../../src/scheduler/toleration.ts';

const taint: Taint = { key: 'env', value: 'prod', effect: 'NoSchedule' };

describe('toleratesTaint (core/v1 ToleratesTaint)', () => {
  it.each<[string, Toleration, boolean]>([
    ['Equal with the same key and value tolerates', { key: 'env', operator: 'Equal', value: 'prod' }, true],
    ['Equal is the default operator', { key: 'env', value: 'prod' }, true],
    ['Equal with another value does not tolerate', { key: 'env', value: 'dev' }, false],
    ['Exists tolerates any value', { key: 'env', operator: 'Exists' }, true],
    ['an empty key with Exists tolerates everything', { operator: 'Exists' }, true],
    ['another effect does not tolerate', { key: 'env', operator: 'Exists', effect: 'NoExecute' }, false],
    ['an empty effect tolerates every effect', { key: 'env', operator: 'Exists', effect: '' }, true],
    ['another key does not tolerate', { key: 'team', operator: 'Exists' }, false],
    ['tolerationSeconds does not change the match', { key: 'env', operator: 'Exists', tolerationSeconds: 10 }, true],
    ['an empty operator is Equal', { key: 'env', operator: '', value: 'prod' }, true],
    ['an empty operator compares the value', { key: 'env', operator: '', value: 'dev' }, false],
    ['Exists ignores a value Karmada stored with it', { key: 'env', operator: 'Exists', value: 'dev' }, true],
    ['tolerationSeconds with NoSchedule still tolerates', { key: 'env', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 }, true],
    ['an unknown operator tolerates nothing', { key: 'env', operator: 'Matches', value: 'prod' }, false],
    ['an effect alone (key empty, Equal) needs an empty taint value', { effect: 'NoSchedule' }, false],
  ])('%s', (_name, toleration, want) => {
    expect(toleratesTaint(toleration, taint)).toBe(want);
  });

  it.each<[string, Toleration, Taint, boolean]>([
    ['an effect alone tolerates a valueless taint of any key', { effect: 'NoSchedule' }, { key: 'cluster.karmada.io/not-ready', effect: 'NoSchedule' }, true],
    ['an effect alone does not tolerate another effect', { effect: 'NoSchedule' }, { key: 'k', effect: 'NoExecute' }, false],
    ['an empty operator and key tolerate a valueless taint', { operator: '' }, { key: 'k', effect: 'NoExecute' }, true],
  ])('%s (Kubernetes semantics Karmada keeps)', (_name, toleration, against, want) => {
    expect(toleratesTaint(toleration, against)).toBe(want);
  });

  it('ignores PreferNoSchedule taints and reports the first untolerated one', () => {
    const soft: Taint = { key: 'soft', effect: 'PreferNoSchedule' };
    const hard: Taint = { key: 'hard', effect: 'NoExecute' };
    expect(findUntoleratedTaint([soft, hard, taint], [{ key: 'env', operator: 'Exists' }])).toBe(hard);
    expect(findUntoleratedTaint([soft], [])).toBeUndefined();
  });

  it.each<[Taint, string]>([
    [taint, 'env=prod:NoSchedule'],
    [{ key: 'cluster.karmada.io/not-ready', effect: 'NoSchedule' }, 'cluster.karmada.io/not-ready:NoSchedule'],
  ])('formats %j as %s', (t, want) => {
    expect(formatTaint(t)).toBe(want);
  });
});
