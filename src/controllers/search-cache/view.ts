/** The search cache as people see it (`ViewSection`, src/model/controller-view.ts): one row per cached kind. */
import type { ViewCell, ViewSection } from '../../model/index.ts';
import { cachedKindLine } from './registry-summary.ts';
import type { ControllerRecords } from '../controller-records.ts';

export function searchCacheView(records: ControllerRecords): ViewSection[] {
  if (records['search-cache'].length === 0) return [];
  const rows = records['search-cache'].flatMap((r): ViewCell[][] =>
    r.cached.length === 0
      ? [[{ text: r.name }, { text: 'caches nothing', tone: 'neutral' as const }]]
      : r.cached.map((c) => [
          { text: r.name },
          { text: cachedKindLine(c), tone: c.error || c.unserved ? ('warn' as const) : ('ok' as const) },
        ]),
  );
  return [
    {
      controller: 'search-cache',
      title: 'Search cache',
      blocks: [{ kind: 'table', columns: ['registry', 'cached'], rows }],
    },
  ];
}
