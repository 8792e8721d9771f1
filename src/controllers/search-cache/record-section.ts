import { documentPerEntry } from '../../status/index.ts';
import type { ControllerRecordSection } from '../controller-records.ts';
import { parseRegistryDocument, registryDocument, registryPath } from './registry-document.ts';
import { cachedKindLine, registrySection } from './registry-summary.ts';
import type { RegistryRecord } from './search-cache-record.ts';

/** `registries/<name>.yaml` per ResourceRegistry, and STATUS.md's search cache section. */
export const searchCacheRecordSection: ControllerRecordSection<readonly RegistryRecord[]> = {
  name: 'search-cache',
  folder: 'registries/',
  ...documentPerEntry((r) => registryPath(r.name), registryDocument, parseRegistryDocument),
  markdown: registrySection,
  // With shards every replica has a cache of its own: no replica's view is the fleet's record.
  written: (records, sharded) =>
    sharded || records['search-cache'].length === 0 ? undefined : [...records['search-cache']],
  restored: (list) => ({ 'search-cache': list ?? [] }),
  statusLines: (list) => ({
    title: 'Search cache',
    lines: list.flatMap((r) => [
      `  ${r.name}:${r.cached.length === 0 ? ' caches nothing' : ''}`,
      ...r.cached.map((c) => `    ${cachedKindLine(c)}`),
    ]),
  }),
  statusField: { name: 'searchCache', empty: [] },
};
