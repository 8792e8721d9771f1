import { describe, expect, it } from 'vitest';
import { cacheTargets, uncachedPullMembers } from '../../../src/controllers/search-cache/cache-targets.ts';
import { builtinIsNamespaced } from '../../../src/model/index.ts';
import type { Cluster, RegistrySelector, ResourceRegistry } from '../../../src/model/index.ts';

const cluster = (name: string, labels: Record<string, string> = {}): Cluster =>
  ({ apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster', metadata: { name, labels }, spec: {} }) as Cluster;
const registry = (name: string, targetCluster: ResourceRegistry['spec']['targetCluster'], resourceSelectors: RegistrySelector[]): ResourceRegistry => ({
  apiVersion: 'search.karmada.io/v1alpha1',
  kind: 'ResourceRegistry',
  metadata: { name },
  spec: { targetCluster, resourceSelectors },
});
const DEPLOY = { apiVersion: 'apps/v1', kind: 'Deployment' };
const CLUSTERS = [cluster('member1', { env: 'prod' }), cluster('member2', { env: 'prod' }), cluster('member3', { env: 'dev' })];
const short = (t: ReturnType<typeof cacheTargets>[number]) => `${t.cluster} ${t.kind} ${t.namespace ?? '*'} [${t.registries.join(',')}]`;

describe('cacheTargets', () => {
  it.each<[string, ResourceRegistry[], string[]]>([
    ['no registry caches nothing', [], []],
    ['cluster names', [registry('r', { clusterNames: ['member1', 'member3'] }, [DEPLOY])], ['member1 Deployment * [r]', 'member3 Deployment * [r]']],
    [
      'a label selector',
      [registry('r', { labelSelector: { matchLabels: { env: 'prod' } } }, [DEPLOY])],
      ['member1 Deployment * [r]', 'member2 Deployment * [r]'],
    ],
    ['exclude', [registry('r', { exclude: ['member2'] }, [DEPLOY])], ['member1 Deployment * [r]', 'member3 Deployment * [r]']],
    [
      'an empty affinity selects every cluster',
      [registry('r', {}, [{ ...DEPLOY, namespace: 'shop' }])],
      ['member1 Deployment shop [r]', 'member2 Deployment shop [r]', 'member3 Deployment shop [r]'],
    ],
    [
      'namespaces of one kind add up; every namespace wins over single ones',
      [
        registry('a', { clusterNames: ['member1', 'member2'] }, [
          { ...DEPLOY, namespace: 'shop' },
          { ...DEPLOY, namespace: 'data' },
        ]),
        registry('b', { clusterNames: ['member2'] }, [DEPLOY]),
      ],
      ['member1 Deployment data [a]', 'member1 Deployment shop [a]', 'member2 Deployment * [a,b]'],
    ],
    [
      'two registries on the same kind share one target',
      [registry('a', { clusterNames: ['member1'] }, [DEPLOY]), registry('b', { clusterNames: ['member1'] }, [DEPLOY, { apiVersion: 'v1', kind: 'ConfigMap' }])],
      ['member1 Deployment * [a,b]', 'member1 ConfigMap * [b]'],
    ],
    [
      'a selector without its apiVersion or kind caches nothing',
      [registry('r', { clusterNames: ['member1'] }, [{ apiVersion: 'apps/v1', kind: '' }, { apiVersion: '', kind: 'Deployment' }, DEPLOY])],
      ['member1 Deployment * [r]'],
    ],
  ])('%s', (_name, registries, want) => {
    expect(cacheTargets(registries, CLUSTERS).map(short)).toEqual(want);
  });

  it('drops the namespace of a cluster-scoped kind, whose list has every object whatever the namespace asked', () => {
    const selectors = [
      { apiVersion: 'v1', kind: 'Namespace', namespace: 'shop' },
      { apiVersion: 'v1', kind: 'Namespace', namespace: 'data' },
      { ...DEPLOY, namespace: 'shop' },
    ];
    const targets = cacheTargets([registry('r', { clusterNames: ['member1'] }, selectors)], CLUSTERS, builtinIsNamespaced);
    expect(targets.map(short)).toEqual(['member1 Deployment shop [r]', 'member1 Namespace * [r]']);
  });
});

describe('a Pull member', () => {
  const clusters = [...CLUSTERS.slice(0, 2), { ...cluster('member3', { env: 'dev' }), spec: { syncMode: 'Pull' } } as Cluster];
  const registries = [registry('all', {}, [DEPLOY]), registry('prod', { labelSelector: { matchLabels: { env: 'prod' } } }, [DEPLOY])];

  it('is not cached, though a registry selects it', () => {
    expect(cacheTargets(registries, clusters).map(short)).toEqual(['member1 Deployment * [all,prod]', 'member2 Deployment * [all,prod]']);
  });

  it('is named for each registry that selects it', () => {
    expect([...uncachedPullMembers(registries, clusters)]).toEqual([['all', ['member3']]]);
  });
});
