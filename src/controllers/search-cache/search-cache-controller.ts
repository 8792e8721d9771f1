/**
 * The search cache controller of `run` (Karmada's search controller, docs/karmada-compatibility.md#search):
 * before each render it hands the targets the commit's ResourceRegistries select (cache-targets.ts)
 * to the running cache (search-cache.ts), whose reflectors follow the members between passes;
 * after the apply it records, per registry, what the cache holds. It changes nothing a pass
 * schedules, renders or applies. Without a cache (`run` without `--search-addr`) it caches
 * nothing and says so once per registry and pass; the recorded form (`plan`, `apply`) hands the
 * branch's record back unchanged.
 */
import { compareBytes } from '../../model/index.ts';
import type { Cluster, Diagnostic, ResourceRegistry, SourceObject } from '../../model/index.ts';
import type { SearchCacheRecord } from './search-cache-record.ts';
import type { BeforeRender, Controller, ControllerContext, PassStart } from '../controller.ts';
import { cacheTargets, uncachedPullMembers } from './cache-targets.ts';
import type { SearchCache } from './search-cache.ts';
import { afterRenderPhases } from '../phases.ts';

/** The phases of a pass that changes nothing and records `record()` after the apply. */
function phases(start: PassStart, record: () => SearchCacheRecord, diagnostics: Diagnostic[]): BeforeRender {
  return {
    scheduling: start.scheduling,
    next: {
      afterRender: () => afterRenderPhases({ diagnostics, records: () => ({ 'search-cache': record() }) }),
    },
  };
}

const namesOf = (registries: readonly SourceObject<ResourceRegistry>[]): string[] =>
  registries.map((r) => r.object.metadata.name).sort(compareBytes);

function unserved(registries: readonly SourceObject<ResourceRegistry>[]): Diagnostic[] {
  return registries.map(({ object, origin }) => ({
    ...origin,
    severity: 'warning',
    object: `ResourceRegistry/${object.metadata.name}`,
    message: `ResourceRegistry/${object.metadata.name}: nothing is cached: \`flotilla run\` keeps the search cache only with --search-addr`,
  }));
}

function pullWarnings(
  registries: readonly SourceObject<ResourceRegistry>[],
  clusters: readonly Cluster[],
): Diagnostic[] {
  const pull = uncachedPullMembers(
    registries.map((r) => r.object),
    clusters,
  );
  return registries.flatMap(({ object, origin }) => {
    const names = pull.get(object.metadata.name);
    if (names === undefined) return [];
    return [
      {
        ...origin,
        severity: 'warning' as const,
        object: `ResourceRegistry/${object.metadata.name}`,
        message: `ResourceRegistry/${object.metadata.name}: ${names.join(', ')} not cached: \`flotilla run\` never contacts a Pull member`,
      },
    ];
  });
}

/** See the module comment. */
export class SearchCacheController implements Controller {
  readonly name = 'search-cache';
  readonly #cache: SearchCache | undefined;

  constructor(cache?: SearchCache) {
    this.#cache = cache;
  }

  nextDue(): number | undefined {
    return undefined;
  }

  beforeRender(start: PassStart): BeforeRender {
    const { fleet } = start.scheduling;
    const names = namesOf(fleet.resourceRegistries);
    const cache = this.#cache;
    if (!cache)
      return phases(start, () => names.map((name) => ({ name, cached: [] })), unserved(fleet.resourceRegistries));
    const registries = fleet.resourceRegistries.map((r) => r.object);
    const clusters = fleet.clusters.map((c) => c.object);
    cache.want(cacheTargets(registries, clusters, fleet.isNamespaced), clusters);
    return phases(start, () => cache.record(names), pullWarnings(fleet.resourceRegistries, clusters));
  }

  start(context: ControllerContext): { close(): Promise<void> } {
    this.#cache?.start(context.access, context.requestPass);
    return { close: async () => this.#cache?.close() };
  }
}

/** The recorded form for a pass without memory: the branch's record, as far as the registries still exist. */
export function recordedSearchCache(): Controller {
  return {
    name: 'search-cache',
    nextDue: () => undefined,
    beforeRender: (start) => {
      const names = new Set(namesOf(start.scheduling.fleet.resourceRegistries));
      const kept = (start.restore?.['search-cache'] ?? []).filter((r) => names.has(r.name));
      return phases(start, () => kept, []);
    },
  };
}
