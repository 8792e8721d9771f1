import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../../src/model/index.ts';
import { namespaceGranted, ownership } from '../../../src/render/tenancy/index.ts';

const tenant = (name: string, paths: string[]): Tenant => ({ name, paths, namespaces: [], clusterScoped: [], owners: [] });
const TENANTS = [tenant('shop', ['teams/shop/**']), tenant('both', ['teams/{data,ml}/**', '**/owned-anywhere.yaml']), tenant('wide', ['teams/**'])];

describe('ownership', () => {
  it.each([
    ['teams/shop/web.yaml', '', 'shop'],
    ['teams/shop/web/kustomization.yaml', '', 'shop'],
    ['teams/data/x.yaml', '', 'both'],
    ['platform/owned-anywhere.yaml', '', 'both'],
    ['teams/other/x.yaml', '', 'wide'],
    ['teams/shopping/x.yaml', '', 'wide'],
    ['clusters/member1.yaml', '', undefined],
    ['fleet/teams/shop/web.yaml', 'fleet', 'shop'],
    ['fleet/clusters/member1.yaml', 'fleet', undefined],
  ])('%s (fleet root %j) is owned by %s', (file, root, owner) => {
    expect(ownership(TENANTS, root)(file)?.name).toBe(owner);
  });
});

describe('namespace grants', () => {
  it.each([
    ['shop', true],
    ['shop-staging', true],
    ['shop-', true],
    ['shopping', false],
    ['a.b', true],
    ['axb', false],
    ['payments', false],
  ])('%s granted: %s', (namespace, granted) => {
    expect(namespaceGranted({ namespaces: ['shop', 'shop-*', 'a.b'], clusterScoped: [] }, namespace)).toBe(granted);
  });
});
