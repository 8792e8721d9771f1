import { describe, expect, it } from 'vitest';
import { parseCachePath } from '../../src/search/cache-path.ts';

const P = '/apis/search.karmada.io/v1alpha1/search/cache';

describe('parseCachePath (Karmada’s search cache paths)', () => {
  it.each([
    [`${P}`, { kind: 'resources' }],
    [`${P}/`, { kind: 'resources' }],
    [`${P}/apis/apps/v1/deployments`, { kind: 'list', request: { group: 'apps', version: 'v1', resource: 'deployments' } }],
    [`${P}/apis/apps/v1/namespaces/shop/deployments`, { kind: 'list', request: { group: 'apps', version: 'v1', resource: 'deployments', namespace: 'shop' } }],
    [
      `${P}/apis/apps/v1/namespaces/shop/deployments/web`,
      { kind: 'list', request: { group: 'apps', version: 'v1', resource: 'deployments', namespace: 'shop', name: 'web' } },
    ],
    [`${P}/api/v1/configmaps`, { kind: 'list', request: { group: '', version: 'v1', resource: 'configmaps' } }],
    [`${P}/api/v1/nodes/node-1`, { kind: 'list', request: { group: '', version: 'v1', resource: 'nodes', name: 'node-1' } }],
    [`${P}/api/v1/namespaces`, { kind: 'list', request: { group: '', version: 'v1', resource: 'namespaces' } }],
    [`${P}/api/v1/namespaces/shop`, { kind: 'list', request: { group: '', version: 'v1', resource: 'namespaces', name: 'shop' } }],
  ])('%s', (path, want) => expect(parseCachePath(path)).toEqual(want));

  it.each([[`${P}/apis/apps`], [`${P}/proxy/x`], [`${P}/apis/apps/v1/namespaces/shop/deployments/web/scale`]])('%s is no cache request', (path) => {
    expect(parseCachePath(path)?.kind).toBe('invalid');
  });

  it('leaves other paths alone', () => {
    expect(parseCachePath('/apis/search.karmada.io/v1alpha1/resourceregistries')).toBeUndefined();
    expect(parseCachePath(`${P}x`)).toBeUndefined();
  });
});
