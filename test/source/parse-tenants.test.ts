import { describe, expect, it } from 'vitest';
import { parseFleetConfig } from '../../src/source/index.ts';

const parse = (yaml: string) => {
  const { config, diagnostics } = parseFleetConfig(yaml);
  return { tenants: config.tenants, errors: diagnostics.map((d) => `${d.line} ${d.field} ${d.message}`) };
};

describe('flotilla.yaml tenants', () => {
  it('reads a tenant with every field, and defaults what may be left out', () => {
    const { tenants, errors } = parse(
      'tenants:\n  - name: shop\n    paths: ["teams/shop/**"]\n    namespaces: [shop, "shop-*"]\n    clusters: {clusterNames: [member1]}\n    clusterScoped: [Namespace]\n    owners: ["@acme/shop"]\n  - name: data\n    paths: ["teams/data/**"]\n',
    );
    expect(errors).toEqual([]);
    expect(tenants).toEqual([
      {
        name: 'shop',
        paths: ['teams/shop/**'],
        namespaces: ['shop', 'shop-*'],
        clusters: { clusterNames: ['member1'] },
        clusterScoped: ['Namespace'],
        owners: ['@acme/shop'],
      },
      { name: 'data', paths: ['teams/data/**'], namespaces: [], clusterScoped: [], owners: [] },
    ]);
  });

  it.each([
    ['tenants: {shop: {}}\n', [], '1 tenants tenants must be a list'],
    ['tenants:\n  - name: Shop\n    paths: [a]\n', [], '2 tenants.0.name name must be a lowercase DNS label (a-z, 0-9, -)'],
    ['tenants:\n  - name: shop\n    paths: []\n', [], '3 tenants.0.paths tenant shop: paths must be a non-empty list of globs from the fleet root'],
    [
      'tenants:\n  - name: shop\n    paths: [a]\n    namespaces: shop\n',
      ['shop'],
      '4 tenants.0.namespaces namespaces must be a list of strings; taken as empty, which grants nothing',
    ],
    [
      'tenants:\n  - name: shop\n    paths: [a]\n    clusters: [member1]\n',
      ['shop'],
      '4 tenants.0.clusters clusters must be a cluster affinity (clusterNames, labelSelector, fieldSelector, exclude); {} is every cluster',
    ],
    ['tenants:\n  - name: shop\n    paths: [a]\n  - name: shop\n    paths: [b]\n', ['shop'], '4 tenants.1.name tenant shop is listed twice'],
  ])('%j', (yaml, kept, error) => {
    const { tenants, errors } = parse(yaml);
    expect(errors).toEqual([error]);
    expect(tenants.map((t) => t.name)).toEqual(kept);
    // A grant with a mistake grants nothing: no namespace, no cluster.
    for (const tenant of tenants) {
      if (error.includes('.namespaces')) expect(tenant.namespaces).toEqual([]);
      if (error.includes('.clusters')) expect(tenant.clusters).toBeUndefined();
    }
  });
});
