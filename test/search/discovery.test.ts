import { describe, expect, it } from 'vitest';
import { apiGroup, coreVersions, groupList, resourceList } from '../../src/search/discovery.ts';
import { DEPLOYMENTS } from './cache-fixture.ts';

const CRONTABS = { group: 'stable.example.com', version: 'v2', kind: 'CronTab', resource: 'crontabs', namespaced: true, verbs: ['list'] };
const CRONTABS_V1 = { ...CRONTABS, version: 'v1' };
const CONFIGMAPS = {
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  resource: 'configmaps',
  namespaced: true,
  verbs: ['list'],
  singular: 'configmap',
  shortNames: ['cm'],
};
const cached = [DEPLOYMENTS, CRONTABS, CRONTABS_V1, CONFIGMAPS];

describe('the proxy’s discovery documents (legacy form)', () => {
  it('names the core group’s one version', () => {
    expect(coreVersions()).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
  });

  it('lists each named group once, with every version cached, the first preferred', () => {
    expect(groupList(cached)).toEqual({
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: [
        { name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } },
        {
          name: 'stable.example.com',
          versions: [
            { groupVersion: 'stable.example.com/v2', version: 'v2' },
            { groupVersion: 'stable.example.com/v1', version: 'v1' },
          ],
          preferredVersion: { groupVersion: 'stable.example.com/v2', version: 'v2' },
        },
      ],
    });
  });

  it.each([
    ['apps', { kind: 'APIGroup', name: 'apps' }],
    ['batch', undefined],
  ])('the group %s', (name, want) => {
    const found = apiGroup(cached, name);
    if (want === undefined) expect(found).toBeUndefined();
    else expect(found).toMatchObject(want);
  });

  it.each([
    ['', 'v1', [{ name: 'configmaps', singularName: 'configmap', namespaced: true, kind: 'ConfigMap', verbs: ['get', 'list', 'watch'], shortNames: ['cm'] }]],
    ['stable.example.com', 'v1', [{ name: 'crontabs', singularName: 'crontab', namespaced: true, kind: 'CronTab', verbs: ['get', 'list', 'watch'] }]],
  ])('the resources of %s %s, read verbs only, a singular name even when discovery gave none', (group, version, resources) => {
    expect(resourceList(cached, group, version)).toMatchObject({ kind: 'APIResourceList', resources });
  });

  it('answers /api/v1 even when no core kind is cached, and nothing for a version not cached', () => {
    expect(resourceList([DEPLOYMENTS], '', 'v1')).toMatchObject({ groupVersion: 'v1', resources: [] });
    expect(resourceList(cached, 'apps', 'v1beta1')).toBeUndefined();
  });
});
