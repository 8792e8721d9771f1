/**
 * `registries/<name>.yaml`: a ResourceRegistry with what the search cache of `run` holds for it,
 * in Flotilla's `status.cachedResources` beside Karmada's (unused) `status.conditions`: per member
 * and kind, the objects cached, the last complete list and the error keeping it out of sync, or
 * why the member serves no such kind (search-cache-record.ts). A document that does not parse is dropped with a warning.
 */
import { isRecord, SEARCH_GROUP_VERSION } from '../../model/index.ts';
import type { CachedKindRecord, RegistryRecord } from './search-cache-record.ts';
import { text } from '../../status/index.ts';
import type { Warn } from '../../status/index.ts';

export function registryPath(name: string): string {
  return `registries/${name}.yaml`;
}

export function registryDocument(record: RegistryRecord): Record<string, unknown> {
  return {
    apiVersion: SEARCH_GROUP_VERSION,
    kind: 'ResourceRegistry',
    metadata: { name: record.name },
    status: { cachedResources: record.cached },
  };
}

function cachedOf(value: unknown): CachedKindRecord | undefined {
  if (!isRecord(value)) return undefined;
  const [cluster, apiVersion, kind] = [text(value['cluster']), text(value['apiVersion']), text(value['kind'])];
  const objects = value['objects'];
  if (!cluster || !apiVersion || !kind || typeof objects !== 'number') return undefined;
  const syncedAt = value['syncedAt'] instanceof Date ? value['syncedAt'].toISOString() : text(value['syncedAt']);
  const [namespace, error, unserved] = [text(value['namespace']), text(value['error']), text(value['unserved'])];
  return {
    cluster,
    apiVersion,
    kind,
    ...(namespace ? { namespace } : {}),
    objects,
    ...(syncedAt ? { syncedAt } : {}),
    ...(error ? { error } : {}),
    ...(unserved ? { unserved } : {}),
  };
}

/** A registry document read back, or `undefined` (with a warning) when it is not one. */
export function parseRegistryDocument(doc: unknown, warn: Warn = () => undefined): RegistryRecord | undefined {
  if (!isRecord(doc) || doc['kind'] !== 'ResourceRegistry' || !isRecord(doc['metadata'])) return undefined;
  const name = text(doc['metadata']['name']);
  const status = isRecord(doc['status']) ? doc['status'] : {};
  if (!name || !Array.isArray(status['cachedResources'])) {
    warn('not a ResourceRegistry record with metadata.name and status.cachedResources; ignored');
    return undefined;
  }
  const cached = status['cachedResources'].flatMap((c, i) => {
    const parsed = cachedOf(c);
    if (!parsed)
      warn(`status.cachedResources[${i}]: not a cached kind with cluster, apiVersion, kind and objects; ignored`);
    return parsed ? [parsed] : [];
  });
  return { name, cached };
}
