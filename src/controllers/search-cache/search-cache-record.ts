/**
 * The search cache as the status branch records it (`registries/<name>.yaml`, STATUS.md,
 * `flotilla status`): per ResourceRegistry, each kind it caches in each member, with the number
 * of objects cached, when the last complete list was, and the error that keeps it out of sync.
 * Nothing else: a restarted `run` lists everything afresh, so the record is for people.
 */

/** One kind cached in one member, in one namespace or (absent) in all. */
export interface CachedKindRecord {
  cluster: string;
  apiVersion: string;
  kind: string;
  namespace?: string;
  objects: number;
  /** RFC 3339: the last complete list. */
  syncedAt?: string;
  /** Why the copy is not in sync (a list or a watch failed). */
  error?: string;
  /** Why nothing is cached there: the member serves no such kind (Karmada's cache skips it too). */
  unserved?: string;
}

/** One ResourceRegistry's part of the cache. */
export interface RegistryRecord {
  name: string;
  cached: CachedKindRecord[];
}

/** The search cache's record: every ResourceRegistry of the fleet, by name. */
export type SearchCacheRecord = readonly RegistryRecord[];

declare module '../controller-records.ts' {
  interface ControllerRecords {
    /** The search cache per ResourceRegistry, for people: nothing reads it back to decide anything. */
    'search-cache': SearchCacheRecord;
  }
}
