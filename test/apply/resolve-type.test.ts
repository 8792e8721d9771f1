import { describe, expect, it } from 'vitest';
import type { ApiResource } from '../../src/apply/kube-client.ts';
import { qualifiedResource, resolveType } from '../../src/apply/resolve-type.ts';

const r = (
  group: string,
  version: string,
  kind: string,
  resource: string,
  singular: string,
  shortNames: string[] = [],
  verbs = ['get', 'list'],
): ApiResource => ({
  group,
  version,
  kind,
  resource,
  singular,
  namespaced: true,
  verbs,
  ...(shortNames.length ? { shortNames } : {}),
});

const DISCOVERY: ApiResource[] = [
  r('', 'v1', 'Pod', 'pods', 'pod', ['po']),
  r('', 'v1', 'Event', 'events', 'event', ['ev']),
  r('', 'v1', 'Binding', 'bindings', 'binding', [], ['create']),
  r('apps', 'v1', 'Deployment', 'deployments', 'deployment', ['deploy']),
  r('events.k8s.io', 'v1', 'Event', 'events', 'event', ['ev']),
  r('example.io', 'v2', 'Widget', 'widgets', 'widget', ['po']),
  r('example.io', 'v1', 'Widget', 'widgets', 'widget'),
];

describe('resolveType', () => {
  it.each([
    ['deploy', 'apps/v1/deployments'],
    ['deployments', 'apps/v1/deployments'],
    ['deployment', 'apps/v1/deployments'],
    ['Deployment', 'apps/v1/deployments'],
    ['DEPLOYMENTS', 'apps/v1/deployments'],
    ['deployments.apps', 'apps/v1/deployments'],
    ['deployments.v1.apps', 'apps/v1/deployments'],
    ['deploy.apps', 'apps/v1/deployments'],
    ['po', '/v1/pods'],
    ['events', '/v1/events'],
    ['events.events.k8s.io', 'events.k8s.io/v1/events'],
    ['widgets', 'example.io/v2/widgets'],
    ['widgets.v1.example.io', 'example.io/v1/widgets'],
    ['widget.example.io', 'example.io/v2/widgets'],
  ])('%s → %s', (type, want) => {
    const found = resolveType(type, DISCOVERY);
    expect(found && `${found.group}/${found.version}/${found.resource}`).toBe(want);
  });

  it.each([['nothing'], ['bindings'], ['deployments.v2.apps'], ['deployments.extensions']])('%s is no type the cluster lists', (type) => {
    expect(resolveType(type, DISCOVERY)).toBeUndefined();
  });

  it('names a resource as kubectl does', () => {
    expect(DISCOVERY.map(qualifiedResource).slice(0, 4)).toEqual(['pods', 'events', 'bindings', 'deployments.apps']);
  });
});
