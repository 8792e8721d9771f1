/**
 * The proxy's discovery documents, in the API server's legacy form (`APIVersions`,
 * `APIGroupList`, `APIGroup`, `APIResourceList`), which kubectl reads when an answer is not the
 * aggregated kind: they name the kinds the cache holds, each as a member's discovery names it,
 * with the read verbs only, so kubectl resolves `deployments`, `deploy` or `deployment` to the
 * cached kind. Pure.
 */
import type { ApiResource } from '../apply/index.ts';

/** The verbs the proxy serves: reads only. */
const PROXY_VERBS = ['get', 'list', 'watch'] as const;

const groupVersion = (group: string, version: string): string => (group === '' ? version : `${group}/${version}`);

/** `/api`: the core group's one version. */
export function coreVersions(): object {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '' }],
  };
}

function groupDocument(resources: readonly ApiResource[], name: string): object | undefined {
  const versions = [...new Set(resources.filter((r) => r.group === name).map((r) => r.version))];
  if (versions.length === 0) return undefined;
  const entries = versions.map((version) => ({ groupVersion: groupVersion(name, version), version }));
  return { name, versions: entries, preferredVersion: entries[0] };
}

/** `/apis`: every named group the cache holds a kind of. */
export function groupList(resources: readonly ApiResource[]): object {
  const names = [...new Set(resources.map((r) => r.group).filter((g) => g !== ''))];
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: names.map((name) => groupDocument(resources, name)) };
}

/** `/apis/GROUP`; undefined when the cache holds nothing of the group. */
export function apiGroup(resources: readonly ApiResource[], name: string): object | undefined {
  const found = groupDocument(resources, name);
  return found && { kind: 'APIGroup', apiVersion: 'v1', ...found };
}

/** `/api/v1` or `/apis/GROUP/VERSION`; undefined when the cache holds nothing of it (`/api/v1` is always there). */
export function resourceList(resources: readonly ApiResource[], group: string, version: string): object | undefined {
  const served = resources.filter((r) => r.group === group && r.version === version);
  if (served.length === 0 && !(group === '' && version === 'v1')) return undefined;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: groupVersion(group, version),
    resources: served.map((r) => ({
      name: r.resource,
      singularName: r.singular ?? r.kind.toLowerCase(),
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: PROXY_VERBS,
      ...(r.shortNames?.length ? { shortNames: r.shortNames } : {}),
    })),
  };
}
