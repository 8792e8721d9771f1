import { describe, expect, it } from 'vitest';
import { clusterMatches } from '../../src/scheduler/cluster-affinity.ts';
import type { Cluster, ClusterAffinity } from '../../src/model/index.ts';

function cluster(name: string, spec: Cluster['spec'], labels: Record<string, string> = {}): Cluster {
  return { apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster', metadata: { name, labels }, spec };
}

const east = cluster('east', { provider: 'aws', region: 'us-east-1', zones: ['us-east-1a', 'us-east-1b'] }, { env: 'prod' });
const bare = cluster('bare', { zone: 'legacy-zone' });

describe('clusterMatches (docs/karmada-compatibility.md#placement)', () => {
  it.each<[string, Cluster, ClusterAffinity, boolean]>([
    ['an empty affinity matches', east, {}, true],
    ['exclude wins over clusterNames', east, { clusterNames: ['east'], exclude: ['east'] }, false],
    ['clusterNames is an allow-list', east, { clusterNames: ['west'] }, false],
    ['a matching label selector passes', east, { labelSelector: { matchLabels: { env: 'prod' } } }, true],
    ['an empty label selector matches everything', bare, { labelSelector: {} }, true],
    ['provider In matches', east, { fieldSelector: { matchExpressions: [{ key: 'provider', operator: 'In', values: ['aws'] }] } }, true],
    [
      'region NotIn passes on a cluster without region',
      bare,
      { fieldSelector: { matchExpressions: [{ key: 'region', operator: 'NotIn', values: ['x'] }] } },
      true,
    ],
    ['region In fails on a cluster without region', bare, { fieldSelector: { matchExpressions: [{ key: 'region', operator: 'In', values: ['x'] }] } }, false],
    ['zone In needs one listed zone', east, { fieldSelector: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['us-east-1b'] }] } }, true],
    [
      'zone In ignores the deprecated singular zone',
      bare,
      { fieldSelector: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['legacy-zone'] }] } },
      false,
    ],
    ['zone NotIn passes with no zones', bare, { fieldSelector: { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] } }, true],
    [
      'zone NotIn fails when a zone is listed',
      east,
      { fieldSelector: { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['us-east-1a'] }] } },
      false,
    ],
    ['zone Exists needs zones', bare, { fieldSelector: { matchExpressions: [{ key: 'zone', operator: 'Exists' }] } }, false],
    ['zone DoesNotExist passes with no zones', bare, { fieldSelector: { matchExpressions: [{ key: 'zone', operator: 'DoesNotExist' }] } }, true],
    ['conditions are AND-ed', east, { labelSelector: { matchLabels: { env: 'prod' } }, clusterNames: ['other'] }, false],
    // Selectors Karmada stores but cannot build match no cluster.
    ['a label In with no values matches nothing', east, { labelSelector: { matchExpressions: [{ key: 'env', operator: 'In', values: [] }] } }, false],
    ['a label NotIn with no values matches nothing', east, { labelSelector: { matchExpressions: [{ key: 'env', operator: 'NotIn', values: [] }] } }, false],
    [
      'an invalid label value matches nothing',
      east,
      { labelSelector: { matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['not valid!'] }] } },
      false,
    ],
    ['an invalid matchLabels value matches nothing', cluster('odd', {}, { env: 'a b' }), { labelSelector: { matchLabels: { env: 'a b' } } }, false],
    ['an invalid label key matches nothing', east, { labelSelector: { matchExpressions: [{ key: 'bad key', operator: 'DoesNotExist' }] } }, false],
    ['a field NotIn with no values matches nothing', east, { fieldSelector: { matchExpressions: [{ key: 'region', operator: 'NotIn', values: [] }] } }, false],
    [
      'a zone NotIn with no values matches every cluster (zones are not built into a selector)',
      bare,
      { fieldSelector: { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: [] }] } },
      true,
    ],
    [
      'a zone In with a value that is no label value still compares',
      cluster('z', { zones: ['a b'] }),
      { fieldSelector: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a b'] }] } },
      true,
    ],
    [
      'a field Exists with values matches nothing',
      east,
      { fieldSelector: { matchExpressions: [{ key: 'region', operator: 'Exists', values: ['x'] }] } },
      false,
    ],
    ['an invalid field value matches nothing', bare, { fieldSelector: { matchExpressions: [{ key: 'provider', operator: 'NotIn', values: ['a b'] }] } }, false],
  ])('%s', (_name, c, affinity, want) => {
    expect(clusterMatches(c, affinity)).toBe(want);
  });
});
