/**
 * Parses the API server's discovery documents into {@link ApiResource}s. Pure. The aggregated
 * form (`apidiscovery.k8s.io/v2`, GA since Kubernetes 1.30) lists every group, version and
 * resource in two requests (`/api`, `/apis`); the legacy form is one APIResourceList per
 * group-version, for older servers.
 */
import { isRecord } from '../model/index.ts';
import type { ApiResource } from './kube-client.ts';

/** The Accept header that asks for aggregated discovery, with plain JSON as the fallback. */
export const AGGREGATED_DISCOVERY_ACCEPT =
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json';

/** Whether a response's Content-Type is the aggregated discovery document. */
export function isAggregatedDiscovery(contentType: string): boolean {
  return contentType.includes('as=APIGroupDiscoveryList');
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The names kubectl also resolves a type by, when discovery lists them. */
function aliases(singular: unknown, shortNames: unknown): Pick<ApiResource, 'singular' | 'shortNames'> {
  const short = strings(shortNames);
  return {
    ...(typeof singular === 'string' && singular !== '' ? { singular } : {}),
    ...(short.length > 0 ? { shortNames: short } : {}),
  };
}

/** An `APIGroupDiscoveryList` (from `/api` or `/apis`) → resources of every served version. */
export function parseAggregatedDiscovery(doc: unknown): ApiResource[] {
  const out: ApiResource[] = [];
  for (const group of records(isRecord(doc) ? doc['items'] : undefined)) {
    const meta = isRecord(group['metadata']) ? group['metadata'] : {};
    const groupName = typeof meta['name'] === 'string' ? meta['name'] : '';
    for (const version of records(group['versions'])) {
      if (typeof version['version'] !== 'string') continue;
      for (const r of records(version['resources'])) {
        const kind = isRecord(r['responseKind']) ? r['responseKind']['kind'] : undefined;
        if (typeof kind !== 'string' || kind === '' || typeof r['resource'] !== 'string') continue;
        out.push({
          group: groupName,
          version: version['version'],
          kind,
          resource: r['resource'],
          namespaced: r['scope'] === 'Namespaced',
          verbs: strings(r['verbs']),
          ...aliases(r['singularResource'], r['shortNames']),
        });
      }
    }
  }
  return out;
}

/** One legacy `APIResourceList` (from `/api/v1` or `/apis/GROUP/VERSION`); subresources left out. */
export function parseResourceList(group: string, version: string, doc: unknown): ApiResource[] {
  return records(isRecord(doc) ? doc['resources'] : undefined)
    .filter((r) => typeof r['name'] === 'string' && !r['name'].includes('/') && typeof r['kind'] === 'string')
    .map((r) => ({
      group,
      version,
      kind: r['kind'] as string,
      resource: r['name'] as string,
      namespaced: r['namespaced'] === true,
      verbs: strings(r['verbs']),
      ...aliases(r['singularName'], r['shortNames']),
    }));
}

/** The group-versions of a legacy `APIGroupList` (`/apis`), as `group/version` paths. */
export function groupVersionsOf(doc: unknown): { group: string; version: string }[] {
  return records(isRecord(doc) ? doc['groups'] : undefined).flatMap((g) =>
    records(g['versions']).flatMap((v) =>
      typeof g['name'] === 'string' && typeof v['version'] === 'string'
        ? [{ group: g['name'], version: v['version'] }]
        : [],
    ),
  );
}
