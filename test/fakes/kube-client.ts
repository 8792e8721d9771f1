import { groupOf, versionOf } from '../../src/model/index.ts';
import type { KubeObject, ObjectRef } from '../../src/model/index.ts';
import type {
  ApiResource,
  ApplyRequest,
  DeleteResult,
  KubeClient,
  ListQuery,
  DeletionPropagation,
  RawResponse,
  VersionedList,
  WatchEvent,
  WatchQuery,
} from '../../src/apply/kube-client.ts';
import { KubeApiError, UnknownKindError } from '../../src/apply/errors/index.ts';

/** One request the fake answered, for tests that count reads and writes. */
export interface FakeCall {
  method: 'discover' | 'get' | 'list' | 'watch' | 'apply' | 'delete' | 'raw';
  dryRun?: boolean;
  force?: boolean;
  target: string;
}

/** The kinds a fresh fake serves; tests add CRD kinds with {@link FakeKubeClient.serve}. */
export const FAKE_BUILTIN_RESOURCES: readonly ApiResource[] = [
  ['', 'v1', 'Namespace', 'namespaces', false],
  ['', 'v1', 'ConfigMap', 'configmaps', true],
  ['', 'v1', 'Secret', 'secrets', true],
  ['', 'v1', 'Service', 'services', true],
  ['', 'v1', 'ServiceAccount', 'serviceaccounts', true],
  ['', 'v1', 'Pod', 'pods', true],
  ['', 'v1', 'Node', 'nodes', false],
  ['apps', 'v1', 'Deployment', 'deployments', true],
  ['rbac.authorization.k8s.io', 'v1', 'ClusterRole', 'clusterroles', false],
  ['apiextensions.k8s.io', 'v1', 'CustomResourceDefinition', 'customresourcedefinitions', false],
  ['coordination.k8s.io', 'v1', 'Lease', 'leases', true],
  ['discovery.k8s.io', 'v1', 'EndpointSlice', 'endpointslices', true],
].map(([group, version, kind, resource, namespaced]) => ({
  group: group as string,
  version: version as string,
  kind: kind as string,
  resource: resource as string,
  namespaced: namespaced as boolean,
  verbs: ['get', 'list', 'patch', 'delete'],
}));

function storeKey(apiVersion: string, kind: string, namespace: string, name: string): string {
  return `${groupOf(apiVersion)}/${kind}/${namespace}/${name}`;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Label selector terms as the engine writes them: `a=b`, `c!=d`, `e in (f,g)`. */
function matchesLabels(selector: string | undefined, labels: Record<string, string> | undefined): boolean {
  return (selector?.match(/[^,(]+(\([^)]*\))?/g) ?? []).every((raw) => {
    const term = raw.trim();
    const set = /^(\S+)\s+(in|notin)\s+\((.*)\)$/.exec(term);
    if (set) {
      const has = (set[3] ?? '').split(',').some((v) => v.trim() === labels?.[set[1] ?? '']);
      return set[2] === 'in' ? has : !has;
    }
    const [key = '', value = ''] = term.split(/!=|=/);
    return term.includes('!=') ? labels?.[key] !== value : labels?.[key] === value;
  });
}

/** The fake's selectors: labels ({@link matchesLabels}), `metadata.name=` and `metadata.namespace=` fields. */
function matches(query: ListQuery, object: KubeObject): boolean {
  if (!matchesLabels(query.labelSelector, object.metadata.labels)) return false;
  for (const term of query.fieldSelector ? query.fieldSelector.split(',') : []) {
    const [field, wanted] = term.split('=');
    const have = field === 'metadata.name' ? object.metadata.name : field === 'metadata.namespace' ? object.metadata.namespace : undefined;
    if (have !== wanted) return false;
  }
  return query.namespace === undefined || object.metadata.namespace === query.namespace;
}

/** One change the fake made, kept for watches that start from an older resourceVersion. */
interface Change {
  rv: number;
  prefix: string;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
}

/** A watch in progress. */
interface Watcher {
  prefix: string;
  query: WatchQuery;
  onEvent: (event: WatchEvent) => void;
  end: () => void;
}

/**
 * An in-memory {@link KubeClient}: objects in a map, server-side apply as "the applied object
 * replaces the stored one" plus the server's metadata (uid, resourceVersion, managedFields), so
 * apply logic can be unit-tested; field-level SSA semantics are left to the e2e suite, except the
 * two conflicts (409) the engine relies on: a `metadata.resourceVersion` that is not the live one,
 * and, without `force`, a live object another field manager wrote. A test makes any method fail
 * with {@link failWhen} or never answer with {@link hangWhen}, and reads every request from {@link calls}.
 */
export class FakeKubeClient implements KubeClient {
  readonly cluster: string;
  readonly objects = new Map<string, KubeObject>();
  readonly calls: FakeCall[] = [];
  readonly resources: ApiResource[] = [...FAKE_BUILTIN_RESOURCES];
  /** What `raw('/readyz')` and any other raw path answer. */
  readonly rawAnswers = new Map<string, RawResponse>([['/readyz', { status: 200, body: 'ok' }]]);
  #failures: { method: FakeCall['method']; match: (target: string) => boolean; error: () => Error }[] = [];
  #changes: Change[] = [];
  #watchers = new Set<Watcher>();
  /** Watches from a resourceVersion at or below this one are told it is too old (410). */
  #compactedTo = 0;
  #hangs: { method: FakeCall['method']; match: (target: string) => boolean }[] = [];
  #version = 0;

  constructor(cluster = 'member1', objects: readonly KubeObject[] = []) {
    this.cluster = cluster;
    for (const o of objects) this.put(o);
  }

  /** Stores an object as if someone else had created it (no request is recorded); watches see it. */
  put(object: KubeObject): KubeObject {
    const m = object.metadata;
    const stored = clone(object);
    stored.metadata = { ...stored.metadata, uid: m.uid ?? `uid-${++this.#version}`, resourceVersion: String(++this.#version) };
    const key = storeKey(object.apiVersion, object.kind, m.namespace ?? '', m.name ?? '');
    const type = this.objects.has(key) ? 'MODIFIED' : 'ADDED';
    this.objects.set(key, stored);
    this.#changed(type, stored);
    return clone(stored);
  }

  /** Removes an object as if someone else had deleted it (no request is recorded); watches see it. */
  remove(ref: ObjectRef): boolean {
    const key = storeKey(ref.apiVersion, ref.kind, ref.namespace, ref.name);
    const live = this.objects.get(key);
    if (!live || !this.objects.delete(key)) return false;
    this.#changed('DELETED', { ...live, metadata: { ...live.metadata, resourceVersion: String(++this.#version) } });
    return true;
  }

  /** Ends every open watch, as the server does when a watch's timeout runs out. */
  endWatches(): void {
    for (const w of [...this.#watchers]) w.end();
  }

  /** Forgets the changes so far: open watches get a 410 ERROR event and end, and so does a watch from an older resourceVersion. */
  compact(): void {
    this.#compactedTo = this.#version;
    this.#changes = [];
    for (const w of [...this.#watchers]) {
      w.onEvent({ type: 'ERROR', code: 410, reason: 'Expired', message: 'too old resource version' });
      w.end();
    }
  }

  /** The number of open watches. */
  get watching(): number {
    return this.#watchers.size;
  }

  #changed(type: Change['type'], object: KubeObject): void {
    const change: Change = { rv: this.#version, prefix: `${groupOf(object.apiVersion)}/${object.kind}/`, type, object };
    this.#changes.push(change);
    for (const w of this.#watchers) this.#deliver(w, change);
  }

  #deliver(w: Watcher, change: Change): void {
    if (change.prefix === w.prefix && matches(w.query, change.object))
      w.onEvent({ type: change.type, object: this.#asVersion(change.object, w.query.apiVersion) });
  }

  /** Serves one more kind, as a CRD becoming established would. */
  serve(resource: ApiResource): void {
    this.resources.push(resource);
  }

  /** Makes the next matching requests of `method` throw (every one, until {@link clearFailures}). */
  failWhen(method: FakeCall['method'], match: (target: string) => boolean, error: () => Error): void {
    this.#failures.push({ method, match, error });
  }

  /** Makes the matching requests of `method` never answer, as a frozen API server (until {@link clearFailures}). */
  hangWhen(method: FakeCall['method'], match: (target: string) => boolean = () => true): void {
    this.#hangs.push({ method, match });
  }

  clearFailures(): void {
    this.#failures = [];
    this.#hangs = [];
  }

  withSignal(signal: AbortSignal): KubeClient {
    return signalled(this, signal);
  }

  /** The recorded requests that changed something (non-dry-run applies and deletes), the inventory Lease's bookkeeping left out. */
  writes(): FakeCall[] {
    return this.calls.filter((c) => !c.target.startsWith('coordination.k8s.io/Lease/') && (c.method === 'delete' || (c.method === 'apply' && !c.dryRun)));
  }

  async discover(): Promise<ApiResource[]> {
    await this.#record({ method: 'discover', target: '' });
    return clone(this.resources);
  }

  async get(ref: ObjectRef): Promise<KubeObject | undefined> {
    this.#resource(ref.apiVersion, ref.kind);
    await this.#record({ method: 'get', target: storeKey(ref.apiVersion, ref.kind, ref.namespace, ref.name) });
    const found = this.objects.get(storeKey(ref.apiVersion, ref.kind, ref.namespace, ref.name));
    return found && this.#asVersion(found, ref.apiVersion);
  }

  async list(query: ListQuery): Promise<KubeObject[]> {
    return (await this.listWithVersion(query)).items;
  }

  async listWithVersion(query: ListQuery): Promise<VersionedList> {
    this.#resource(query.apiVersion, query.kind);
    const prefix = `${groupOf(query.apiVersion)}/${query.kind}/`;
    await this.#record({ method: 'list', target: `${prefix}${query.namespace ?? '*'}` });
    const items = [...this.objects.entries()]
      .filter(([k, o]) => k.startsWith(prefix) && matches(query, o))
      .map(([, o]) => this.#asVersion(o, query.apiVersion));
    return { items, resourceVersion: String(this.#version) };
  }

  async watch(query: WatchQuery, onEvent: (event: WatchEvent) => void, signal?: AbortSignal): Promise<void> {
    this.#resource(query.apiVersion, query.kind);
    const prefix = `${groupOf(query.apiVersion)}/${query.kind}/`;
    await this.#record({ method: 'watch', target: `${prefix}${query.namespace ?? '*'}` });
    const from = Number(query.resourceVersion);
    if (from < this.#compactedTo) {
      onEvent({ type: 'ERROR', code: 410, reason: 'Expired', message: 'too old resource version' });
      return;
    }
    if (signal?.aborted) return;
    await new Promise<void>((resolve) => {
      const watcher: Watcher = {
        prefix,
        query,
        onEvent,
        end: () => {
          this.#watchers.delete(watcher);
          signal?.removeEventListener('abort', watcher.end);
          resolve();
        },
      };
      signal?.addEventListener('abort', watcher.end, { once: true });
      for (const change of this.#changes) if (change.rv > from) this.#deliver(watcher, change);
      this.#watchers.add(watcher);
    });
  }

  async apply(object: KubeObject, request: ApplyRequest): Promise<KubeObject> {
    this.#resource(object.apiVersion, object.kind);
    const key = storeKey(object.apiVersion, object.kind, object.metadata.namespace ?? '', object.metadata.name ?? '');
    await this.#record({ method: 'apply', target: key, dryRun: request.dryRun, force: request.force });
    const live = this.objects.get(key);
    const expected = object.metadata.resourceVersion;
    const managers = (live?.metadata['managedFields'] ?? []) as { manager?: string }[];
    const otherManager = managers.some((f) => f.manager !== request.fieldManager);
    if ((expected !== undefined && expected !== live?.metadata.resourceVersion) || (!request.force && otherManager)) {
      throw new KubeApiError(
        {
          cluster: this.cluster,
          status: 409,
          reason: 'Conflict',
          method: 'PATCH',
          path: key,
          ref: { apiVersion: object.apiVersion, kind: object.kind, namespace: object.metadata.namespace ?? '', name: object.metadata.name ?? '' },
        },
        'the object has been modified; please apply your changes to the latest version and try again',
      );
    }
    const result = clone(object);
    result.metadata = {
      ...result.metadata,
      uid: live?.metadata.uid ?? `uid-${this.#version + 1}`,
      resourceVersion: live?.metadata.resourceVersion ?? '0',
      managedFields: [{ manager: request.fieldManager, operation: 'Apply' }],
    };
    if (live?.['status'] !== undefined) result['status'] = clone(live['status']);
    if (request.dryRun) return result;
    return this.put(result);
  }

  async delete(ref: ObjectRef, _propagationPolicy?: DeletionPropagation): Promise<DeleteResult> {
    const key = storeKey(ref.apiVersion, ref.kind, ref.namespace, ref.name);
    await this.#record({ method: 'delete', target: key });
    return this.remove(ref) ? 'deleted' : 'not-found';
  }

  async raw(path: string, _accept?: string): Promise<RawResponse> {
    await this.#record({ method: 'raw', target: path });
    return this.rawAnswers.get(path) ?? { status: 404, body: 'not found' };
  }

  async #record(call: FakeCall): Promise<void> {
    this.calls.push(call);
    const failure = this.#failures.find((f) => f.method === call.method && f.match(call.target));
    if (failure) throw failure.error();
    if (this.#hangs.some((h) => h.method === call.method && h.match(call.target))) await new Promise<never>(() => undefined);
  }

  #resource(apiVersion: string, kind: string): ApiResource {
    const found = this.resources.find((r) => r.group === groupOf(apiVersion) && r.version === versionOf(apiVersion) && r.kind === kind);
    if (!found) throw new UnknownKindError(this.cluster, apiVersion, kind);
    return found;
  }

  #asVersion(object: KubeObject, apiVersion: string): KubeObject {
    return { ...clone(object), apiVersion };
  }
}

/** The fake's requests ended by `signal`, as the adapter ends them: at once, with its reason. */
function signalled(fake: FakeKubeClient, signal: AbortSignal): KubeClient {
  const bounded = <T>(request: () => Promise<T>): Promise<T> => {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const abort = () => reject(signal.reason);
      signal.addEventListener('abort', abort, { once: true });
      request()
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', abort));
    });
  };
  return {
    cluster: fake.cluster,
    discover: () => bounded(() => fake.discover()),
    get: (ref) => bounded(() => fake.get(ref)),
    list: (query) => bounded(() => fake.list(query)),
    listWithVersion: (query) => bounded(() => fake.listWithVersion(query)),
    watch: (query, onEvent, own) => bounded(() => fake.watch(query, onEvent, own ? AbortSignal.any([signal, own]) : signal)),
    apply: (object, request) => bounded(() => fake.apply(object, request)),
    delete: (ref, policy) => bounded(() => fake.delete(ref, policy)),
    raw: (path, accept) => bounded(() => fake.raw(path, accept)),
    withSignal: (other) => signalled(fake, AbortSignal.any([signal, other])),
  };
}

/** Compile-time check that the fake keeps up with the port. */
export const checkFake = new FakeKubeClient() satisfies KubeClient;
