/**
 * One line per kind the search cache holds, for STATUS.md and `flotilla status`: the member, the
 * kind and namespace, the objects cached, and when it last listed or why it is out of sync. No
 * lines when the fleet has no ResourceRegistry, so such a fleet reads (and hashes) as before.
 */
import type { CachedKindRecord, SearchCacheRecord } from './search-cache-record.ts';
import { registryPath } from './registry-document.ts';

/** `member1 apps/v1 Deployment (namespace shop): 12 objects, synced 2026-12-01T10:00:00.000Z`. */
export function cachedKindLine(c: CachedKindRecord): string {
  const where = c.namespace ? `namespace ${c.namespace}` : 'all namespaces';
  const state = c.unserved
    ? `not served: ${c.unserved}`
    : c.error
      ? `out of sync: ${c.error}`
      : c.syncedAt
        ? `synced ${c.syncedAt}`
        : 'listing';
  return `${c.cluster} ${c.apiVersion} ${c.kind} (${where}): ${c.objects} object${c.objects === 1 ? '' : 's'}, ${state}`;
}

/** STATUS.md's "Search cache" section. */
export function registrySection(registries: SearchCacheRecord | undefined): string[] {
  if (!registries?.length) return [];
  return [
    '## Search cache',
    '',
    ...registries.flatMap((r) => [
      `- [${r.name}](${registryPath(r.name)})${r.cached.length === 0 ? ': caches nothing (no member matches, or `run --search-addr` is off)' : ''}`,
      ...r.cached.map((c) => `  - ${cachedKindLine(c)}`),
    ]),
    '',
  ];
}
