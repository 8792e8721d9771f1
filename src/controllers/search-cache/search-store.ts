/**
 * The port of the search cache's store (docs/architecture.md, "The search cache"): what the
 * reflectors write — a member's objects of one resource, replaced by a fresh list, then changed
 * one by one — and what the server reads: one resource across members, filtered, a page at a
 * time, in a stable order (member, then namespace and name). The in-memory store
 * (memory-store.ts) is its one adapter. An adapter for an external store (Karmada's OpenSearch
 * backend) would implement the same: its writes may queue (they are events, in order, and
 * return nothing), its reads are asynchronous.
 */
import type { KubeObject } from '../../model/index.ts';
import type { FieldMatcher, LabelMatcher } from './selectors.ts';

/** One member's copy of one resource: in one namespace, or (absent) in all. */
export interface StoreScope {
  cluster: string;
  /** The kind, as `apiVersion/Kind` (`apps/v1/Deployment`, `v1/Pod`). */
  resource: string;
  namespace?: string;
}

/** Where a page ended: the member, and the `namespace/name` of its last object. */
export interface StorePosition {
  cluster: string;
  key: string;
}

/** A list request against the store. */
export interface StoreQuery {
  /** `apiVersion/Kind`, as {@link StoreScope.resource}. */
  resource: string;
  namespace?: string;
  name?: string;
  labels?: LabelMatcher;
  fields?: FieldMatcher;
  /** At most this many objects; absent, all. */
  limit?: number;
  /** Start after this position (the previous page's {@link StorePage.next}). */
  after?: StorePosition;
  /** Only these members; absent, all. */
  clusters?: ReadonlySet<string>;
}

/** One page of a list. */
export interface StorePage {
  /** The objects as JSON text, as they were written. */
  items: string[];
  /** Set when more objects match: the next page starts after it. */
  next?: StorePosition;
  /** Each member holding the resource, and the resourceVersion its copy is at. */
  versions: Record<string, string>;
}

/** The search cache's store. */
export interface SearchStore {
  /** A fresh list of the scope: what the store held of it is replaced. */
  replace(scope: StoreScope, objects: readonly KubeObject[], resourceVersion: string): void;
  /** An object added or changed. */
  upsert(scope: StoreScope, object: KubeObject, resourceVersion: string): void;
  /** An object deleted. */
  remove(scope: StoreScope, object: KubeObject, resourceVersion: string): void;
  /** The copy is current as of `resourceVersion` (a bookmark). */
  progress(scope: StoreScope, resourceVersion: string): void;
  /** The scope is no longer cached: everything of it goes. */
  drop(scope: StoreScope): void;
  /** How many objects the scope holds. */
  count(scope: StoreScope): number;
  list(query: StoreQuery): Promise<StorePage>;
}
