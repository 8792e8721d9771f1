import { describe, expect, it } from 'vitest';
import { parseProxyPath } from '../../src/search/proxy-path.ts';

const P = '/apis/search.karmada.io/v1alpha1/proxying/karmada/proxy';

describe('parseProxyPath (Karmada’s global proxy, as kubectl asks it)', () => {
  it.each([
    [`${P}/api`, { kind: 'core-versions' }],
    [`${P}/apis`, { kind: 'groups' }],
    [`${P}/apis/`, { kind: 'groups' }],
    [`${P}/apis/apps`, { kind: 'group', group: 'apps' }],
    [`${P}/api/v1`, { kind: 'resources', group: '', version: 'v1' }],
    [`${P}/apis/apps/v1`, { kind: 'resources', group: 'apps', version: 'v1' }],
    [`${P}/apis/apps/v1/deployments`, { kind: 'list', request: { group: 'apps', version: 'v1', resource: 'deployments' } }],
    [`${P}/apis/apps/v1/namespaces/shop/deployments`, { kind: 'list', request: { group: 'apps', version: 'v1', resource: 'deployments', namespace: 'shop' } }],
    [
      `${P}/apis/apps/v1/namespaces/shop/deployments/web`,
      { kind: 'object', request: { group: 'apps', version: 'v1', resource: 'deployments', namespace: 'shop', name: 'web' } },
    ],
    [`${P}/api/v1/namespaces`, { kind: 'list', request: { group: '', version: 'v1', resource: 'namespaces' } }],
    [`${P}/api/v1/namespaces/shop`, { kind: 'object', request: { group: '', version: 'v1', resource: 'namespaces', name: 'shop' } }],
    [`${P}/api/v1/nodes/node%2D1`, { kind: 'object', request: { group: '', version: 'v1', resource: 'nodes', name: 'node-1' } }],
  ])('%s', (path, want) => expect(parseProxyPath(path)).toEqual(want));

  it.each([
    [`${P}`, 'not a member API path'],
    [`${P}/version`, 'not a member API path'],
    [`${P}/apis/apps/v1/namespaces/shop/deployments/web/scale`, 'subresources are not cached'],
    [`${P}/api/v1/%zz`, 'not a valid path'],
  ])('%s is nothing the proxy serves', (path, reason) => {
    const parsed = parseProxyPath(path);
    expect(parsed?.kind).toBe('invalid');
    expect(parsed?.kind === 'invalid' && parsed.reason).toContain(reason);
  });

  it('leaves other paths alone', () => {
    expect(parseProxyPath('/apis/search.karmada.io/v1alpha1/search/cache/apis/apps/v1/deployments')).toBeUndefined();
    expect(parseProxyPath(`${P}x/api`)).toBeUndefined();
  });
});
