import { describe, expect, it } from 'vitest';
import type { ClusterSpec, SpreadConstraint } from '../../../src/model/index.ts';
import { viewCluster } from '../../../src/scheduler/cluster-view.ts';
import { spreadConstraint } from '../../../src/scheduler/plugins/spread-constraint.ts';
import { cluster } from '../helpers.ts';
import { context } from './context.ts';

const by = (field: SpreadConstraint['spreadByField']): SpreadConstraint[] => [{ spreadByField: field, minGroups: 1, maxGroups: 1 }];

describe('SpreadConstraint filter (docs/karmada-compatibility.md#filter-and-score-plugins)', () => {
  it.each<[string, SpreadConstraint[], ClusterSpec, string | null]>([
    ['passes without constraints', [], {}, null],
    ['rejects a cluster without provider', by('provider'), {}, 'cluster(s) did not have provider property'],
    ['rejects a cluster without region', by('region'), { provider: 'aws' }, 'cluster(s) did not have region property'],
    ['rejects a cluster without zones', by('zone'), { zone: 'legacy' }, 'cluster(s) did not have zones property'],
    ['passes a cluster with zones', by('zone'), { zones: ['a'] }, null],
    ['passes any cluster for a cluster constraint', by('cluster'), {}, null],
    ['passes any cluster for a label constraint', [{ spreadByLabel: 'team' }], {}, null],
  ])('%s', (_name, spreadConstraints, spec, want) => {
    expect(spreadConstraint.filter?.(context({ placement: { spreadConstraints } }), viewCluster(cluster('c', spec)))).toBe(want);
  });
});
