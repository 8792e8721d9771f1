/**
 * The port every request to a member cluster goes through. One adapter
 * implements it over `@kubernetes/client-node` (`client-node-kube-client.ts`); tests use the
 * in-memory fake in `test/fakes/kube-client.ts`. Objects are addressed by apiVersion and kind:
 * the adapter maps them to resources through discovery, so callers never build URLs.
 */
import type { KubeObject, ObjectRef } from '../model/index.ts';

/** One kind a cluster serves, from discovery: how it maps to a URL and whether it is namespaced. */
export interface ApiResource {
  /** API group; `''` for the core group. */
  group: string;
  version: string;
  kind: string;
  /** The plural resource name used in URLs (`deployments`). */
  resource: string;
  namespaced: boolean;
  verbs: readonly string[];
  /** The singular name (`deployment`), when discovery gives one. */
  singular?: string;
  /** Short names (`deploy`), when discovery gives them. */
  shortNames?: readonly string[];
}

/** What {@link KubeClient.list} reads: every object of one kind, in one namespace or all. */
export interface ListQuery {
  apiVersion: string;
  kind: string;
  /** One namespace; omitted, every namespace (or the cluster-scoped objects of the kind). */
  namespace?: string;
  /** A label selector in the API's string form (`flotilla.io/managed-by=flotilla`). */
  labelSelector?: string;
  /** A field selector in the API's string form (`metadata.name=web`). */
  fieldSelector?: string;
}

/** A list with the collection's resourceVersion: the point a {@link KubeClient.watch} continues from. */
export interface VersionedList {
  items: KubeObject[];
  resourceVersion: string;
}

/** What {@link KubeClient.watch} follows: the changes to a list's objects after one resourceVersion. */
export interface WatchQuery extends ListQuery {
  /** The resourceVersion the changes follow (a list's, or the last event's). */
  resourceVersion: string;
  /** How long the server keeps the stream open before ending it (the caller then watches again). */
  timeoutSeconds: number;
}

/**
 * One change of a watch, in the API's event types. BOOKMARK only moves the resourceVersion on;
 * ERROR carries the server's Status (code 410: the resourceVersion is too old, list again).
 */
export type WatchEvent =
  | { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: KubeObject }
  | { type: 'BOOKMARK'; resourceVersion: string }
  | { type: 'ERROR'; code: number; reason: string; message: string };

/** Server-side apply parameters; every write Flotilla makes names the same field manager. */
export interface ApplyRequest {
  fieldManager: string;
  /** Take over fields other managers own (SSA `force=true`). */
  force: boolean;
  /** Ask the server what the object would become, without persisting anything (`dryRun=All`). */
  dryRun: boolean;
}

/**
 * DeleteOptions.propagationPolicy (Kubernetes' DeletionPropagation): how dependents of a deleted
 * object go. Karmada deletes member objects in the background.
 */
export type DeletionPropagation = 'Background' | 'Foreground' | 'Orphan';

/** The outcome of a delete: NotFound is an outcome, not an error. */
export type DeleteResult = 'deleted' | 'not-found';

/** The answer to a raw GET: any HTTP status is an answer; only no answer at all throws. */
export interface RawResponse {
  status: number;
  body: string;
}

/**
 * A connection to one member cluster. Every method throws a typed error from `errors/`
 * (ClusterUnreachableError, ClusterUnauthorizedError, KubeApiError, UnknownKindError) when the
 * request fails after the adapter's retries.
 */
export interface KubeClient {
  /** The member cluster's name, as the fleet repository names it. */
  readonly cluster: string;
  /** Every kind the cluster serves, preferred and other versions (fresh from the server). */
  discover(): Promise<ApiResource[]>;
  /** One object, or `undefined` when it does not exist. */
  get(ref: ObjectRef): Promise<KubeObject | undefined>;
  /** Every object matching the query, all pages. */
  list(query: ListQuery): Promise<KubeObject[]>;
  /** {@link list}, with the resourceVersion of the collection as of the first page. */
  listWithVersion(query: ListQuery): Promise<VersionedList>;
  /**
   * Reports each change after `query.resourceVersion` to `onEvent`, in order, until the server
   * ends the stream (its timeout, or an ERROR event) or `signal` aborts; then resolves. A request
   * the server refuses outright rejects with a typed error, as the other methods do. No retries:
   * the caller watches again from the last resourceVersion it saw, or lists again.
   */
  watch(query: WatchQuery, onEvent: (event: WatchEvent) => void, signal?: AbortSignal): Promise<void>;
  /**
   * Server-side apply; returns the object as the server has (or, dry-run, would have) it. An object
   * carrying `metadata.resourceVersion` is written only if the live one is still at that version
   * (KubeApiError 409 otherwise): a compare-and-swap.
   */
  apply(object: KubeObject, request: ApplyRequest): Promise<KubeObject>;
  /** Deletes one object. */
  delete(ref: ObjectRef, propagationPolicy?: DeletionPropagation): Promise<DeleteResult>;
  /** A GET of a raw path such as `/readyz` or `/version`; `accept` is the Accept header (default JSON). */
  raw(path: string, accept?: string): Promise<RawResponse>;
  /**
   * The same connection (credentials, kinds, rate limit), whose requests, retries and waits end
   * as soon as `signal` aborts, rejecting with its reason: a member's deadline aborts what is in
   * flight instead of leaving it hanging. Signals accumulate: a view of a view honours both.
   */
  withSignal(signal: AbortSignal): KubeClient;
}

/** The field manager of every write: load-bearing, since SSA ownership and prune depend on it. */
export const FIELD_MANAGER = 'flotilla';
