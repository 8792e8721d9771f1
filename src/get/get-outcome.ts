/**
 * What `flotilla get` asks for and what it gets back, from the members themselves
 * (`member-get.ts`) or from the search cache of `run` (`cache-get.ts`): the same shape either
 * way, so the CLI prints both alike.
 */
import type { KubeObject, TableColumn } from '../model/index.ts';
import type { ApiResource } from '../apply/index.ts';

/** One `flotilla get`. */
export interface GetRequest {
  /** The type as typed: `deploy`, `deployments.apps`, `Deployment`. */
  type: string;
  name?: string;
  /** One namespace; absent, every namespace (`-A`). Ignored for a cluster-scoped type. */
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** `table`: the rows servers print (kubectl's columns); `objects`: the whole objects. */
  shape: 'table' | 'objects';
}

export type { TableColumn };

/** One object found on one member. */
export interface GetItem {
  cluster: string;
  /** The object; for a Table row, its metadata only. */
  object: KubeObject;
  /** A Table row's cells, in the order of {@link GetOutcome.columns}. */
  cells?: readonly unknown[];
}

/** A member that did not answer, and why (one line). */
export interface GetFailure {
  cluster: string;
  message: string;
}

/** What the members (or the cache) answered. */
export interface GetOutcome {
  /** The type as the first member that answered resolved it. */
  resource?: ApiResource;
  /** The Table's columns, when the answer came as rows. */
  columns?: TableColumn[];
  items: GetItem[];
  failures: GetFailure[];
  /** Members not asked, and why (one line each); not failures. */
  skipped?: GetFailure[];
}
