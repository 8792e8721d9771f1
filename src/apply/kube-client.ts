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
}

/** What {@link KubeClient.list} reads: every object of one kind, in one namespace or all. */
export interface ListQuery {
  apiVersion: string;
  kind: string;
  /** One namespace; omitted, every namespace (or the cluster-scoped objects of the kind). */
  namespace?: string;
  /** A label selector in the API's string form (`flotilla.io/managed-by=flotilla`). */
  labelSelector?: string;
}

/** A list and the resourceVersion of the collection it was read at: where a watch of the same query starts. */
export interface ObjectList {
  items: KubeObject[];
  resourceVersion: string;
}

/** What {@link KubeClient.watch} follows: the objects a {@link ListQuery} matches, after a resourceVersion. */
export interface WatchQuery extends ListQuery {
  /** A resourceVersion a list or an earlier watch returned. */
  resourceVersion: string;
  /** How long the server keeps the stream open before it ends it. @default 300 */
  timeoutSeconds?: number;
}

/** One change a watch reports, in the server's order. */
export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
}

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
  /** {@link KubeClient.list} with the collection's resourceVersion, to {@link KubeClient.watch} from. */
  listVersioned(query: ListQuery): Promise<ObjectList>;
  /**
   * Streams the changes after `query.resourceVersion`, one `onEvent` call each. Resolves with the
   * last resourceVersion seen when the server ends the stream (a watch from it resumes there);
   * rejects with KubeApiError 410 when the version is too old to resume from (list again), and as
   * every request does otherwise. Never retried: a caller that follows objects decides when to
   * watch again.
   */
  watch(query: WatchQuery, onEvent: (event: WatchEvent) => void): Promise<string>;
  /**
   * Server-side apply; returns the object as the server has (or, dry-run, would have) it. An object
   * carrying `metadata.resourceVersion` is written only if the live one is still at that version
   * (KubeApiError 409 otherwise): a compare-and-swap.
   */
  apply(object: KubeObject, request: ApplyRequest): Promise<KubeObject>;
  /** Deletes one object. */
  delete(ref: ObjectRef, propagationPolicy?: DeletionPropagation): Promise<DeleteResult>;
  /** A GET of a raw path such as `/readyz` or `/version`. */
  raw(path: string): Promise<RawResponse>;
  /**
   * The same connection (credentials, kinds, rate limit), whose requests, retries and waits end
   * as soon as `signal` aborts, rejecting with its reason: a member's deadline aborts what is in
   * flight instead of leaving it hanging. Signals accumulate: a view of a view honours both.
   */
  withSignal(signal: AbortSignal): KubeClient;
}

/** The field manager of every write: load-bearing, since SSA ownership and prune depend on it. */
export const FIELD_MANAGER = 'flotilla';
