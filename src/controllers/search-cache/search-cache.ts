/**
 * The search cache while `run` runs: one reflector (list, then watch) per member and kind the
 * ResourceRegistries of the last pass's commit select (cache-targets.ts), writing into the store;
 * what the search server reads beside the store (the kinds cached, the members out of sync); and
 * the record the status branch keeps. `want` is called by every pass with the targets; the
 * reflectors follow the members between passes. A reflector is restarted when its member's
 * client changes (a new kubeconfig entry); a member that cannot be connected is tried again at
 * the next pass. A copy coming into sync or falling out of it asks for a pass, so the status
 * branch says so without waiting for the next commit or resync. A member that serves no such
 * kind is skipped (recorded as not served, not as out of sync), as Karmada's cache skips a kind a
 * member's API does not enable.
 */
import { compareBytes, isPullMember } from '../../model/index.ts';
import type { Cluster, KubeObject } from '../../model/index.ts';
import { ClientCache, UnknownKindError, startReflector, RestMapper } from '../../apply/index.ts';
import type {
  ClusterAccess,
  Connector,
  ApiResource,
  KubeClient,
  Reflector,
  ReflectorOptions,
} from '../../apply/index.ts';
import type { SearchCacheRecord } from './search-cache-record.ts';
import { targetKey } from './cache-targets.ts';
import type { CacheTarget } from './cache-targets.ts';
import { compactObject } from './compact-object.ts';
import type { SearchStore, StoreScope } from './search-store.ts';

/** What the search server reads of the cache besides the store. */
export interface SearchCacheView {
  readonly store: SearchStore;
  /** The kinds cached now, each as a member's discovery names it. */
  resources(): ApiResource[];
  /** The members whose copy of the kind (`apiVersion/Kind`) is not in sync, one line each. */
  problems(resource: string): { cluster: string; message: string }[];
  /**
   * A resource the cache holds nothing of, as a member's discovery names it (undefined when no
   * member serves it): Karmada answers such a kind with an empty list, from its control plane's mapper.
   */
  served(group: string, version: string, resource: string): Promise<ApiResource | undefined>;
  /** Hears every change the reflectors write, after the store has it, until the returned function is called. */
  subscribe(listener: (event: CacheEvent) => void): () => void;
}

/** What a watch hears: a change of one object, or a member's copy listed anew. */
export type CacheEvent = CacheChange | CacheRelist;

/** One change of a member's object, as the store keeps it (annotated, compacted): what a watch streams. */
export interface CacheChange {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  cluster: string;
  /** `apiVersion/Kind`, as the store's scopes name it. */
  resource: string;
  object: KubeObject;
  /** The member's resourceVersion after the change. */
  resourceVersion: string;
}

/**
 * A member's copy of a resource was replaced by a fresh list (a first sync, a reconnect, a 410) or
 * dropped: what changed in between is not known object by object, so a watch cannot go on.
 */
export interface CacheRelist {
  type: 'RELISTED';
  cluster: string;
  resource: string;
}

/** One target and how its copy is doing. */
interface Running {
  target: CacheTarget;
  scope: StoreScope;
  client?: KubeClient;
  reflector?: Reflector;
  syncedAt?: number;
  error?: string;
  /** The member serves no such kind: nothing to cache there, and not out of sync. */
  unserved?: string;
}

export interface SearchCacheOptions {
  store: SearchStore;
  now: () => number;
  reflector?: Partial<ReflectorOptions>;
}

const resourceOf = (t: Pick<CacheTarget, 'apiVersion' | 'kind'>): string => `${t.apiVersion}/${t.kind}`;
const rfc3339 = (ms: number): string => new Date(ms).toISOString();
const REDISCOVER_MS = 30_000;
/** How long an answer waits for a member's discovery: a frozen member must not hold it. */
const DISCOVERY_WAIT_MS = 5_000;

/** See the module comment. */
export class SearchCache implements SearchCacheView {
  readonly store: SearchStore;
  readonly #options: SearchCacheOptions;
  #connect: Connector | undefined;
  #changed: (detail: string) => void = () => undefined;
  #targets: readonly CacheTarget[] = [];
  #clusters: readonly Cluster[] = [];
  readonly #running = new Map<string, Running>();
  /** Each member's discovery, once it answered: the kinds' plurals, scopes and short names. */
  readonly #discovered = new Map<string, { mapper: RestMapper; resources: readonly ApiResource[] }>();
  /** When a resource no member was known to serve may ask the members again (ms). */
  #rediscoverAt = Number.NEGATIVE_INFINITY;
  #work: Promise<void> = Promise.resolve();
  #closed = false;
  readonly #listeners = new Set<(event: CacheEvent) => void>();

  constructor(options: SearchCacheOptions) {
    this.store = options.store;
    this.#options = options;
  }

  /** Starts connecting members (without member deadlines: a watch outlives any pass); `changed` hears a copy's sync change. */
  start(access: ClusterAccess, changed: (detail: string) => void = () => undefined): void {
    this.#changed = changed;
    const cache = access.connect ? undefined : new ClientCache(access.kubeconfig, access.client);
    this.#connect = access.connect ?? ((clusters) => (cache as ClientCache).connect(clusters));
    this.#schedule();
  }

  /** The targets of the pass under way and the fleet's clusters; the reflectors follow. */
  want(targets: readonly CacheTarget[], clusters: readonly Cluster[]): void {
    this.#targets = targets;
    this.#clusters = clusters;
    this.#schedule();
  }

  /** Resolves once the work asked for so far is done (tests, close). */
  settled(): Promise<void> {
    return this.#work;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#work;
    await Promise.all([...this.#running.values()].map((r) => r.reflector?.stop()));
    this.#running.clear();
  }

  resources(): ApiResource[] {
    const out = new Map<string, ApiResource>();
    for (const r of this.#running.values()) {
      const found = this.#discovered.get(r.target.cluster)?.mapper.find(r.target.apiVersion, r.target.kind);
      if (found) out.set(`${found.group}/${found.version}/${found.resource}`, found);
    }
    return [...out.values()].sort((a, b) => compareBytes(`${a.group}/${a.resource}`, `${b.group}/${b.resource}`));
  }

  problems(resource: string): { cluster: string; message: string }[] {
    return [...this.#running.values()]
      .filter(
        (r) =>
          r.scope.resource === resource &&
          r.unserved === undefined &&
          (r.error !== undefined || r.syncedAt === undefined),
      )
      .map((r) => {
        const where = r.target.namespace ? ` in namespace ${r.target.namespace}` : '';
        const why = r.error ?? 'the first list has not completed yet';
        return {
          cluster: r.target.cluster,
          message: `cluster ${r.target.cluster}: the cache of ${r.target.kind}${where} is not in sync: ${why}`,
        };
      });
  }

  async served(group: string, version: string, resource: string): Promise<ApiResource | undefined> {
    const known = (): ApiResource | undefined => {
      for (const { resources } of this.#discovered.values()) {
        const found = resources.find((r) => r.group === group && r.version === version && r.resource === resource);
        if (found) return found;
      }
      return undefined;
    };
    const now = this.#options.now();
    if (known() || !this.#connect || now < this.#rediscoverAt) return known();
    // A miss asks every member the hub contacts again, at most so often: a CRD may be new, a typo stays a miss.
    this.#rediscoverAt = now + REDISCOVER_MS;
    const clients = await this.#connect(this.#clusters.filter((c) => !isPullMember(c)));
    const answered = [...clients.values()].filter((c): c is KubeClient => !(c instanceof Error));
    const bounded = (client: KubeClient): Promise<void> =>
      Promise.race([this.#discover(client), new Promise<void>((done) => setTimeout(done, DISCOVERY_WAIT_MS).unref())]);
    await Promise.all(answered.map(bounded));
    return known();
  }

  subscribe(listener: (event: CacheEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Per registry, the state of each kind it caches. */
  record(registries: readonly string[]): SearchCacheRecord {
    const running = [...this.#running.values()];
    return registries.map((name) => ({
      name,
      cached: running
        .filter((r) => r.target.registries.includes(name))
        .map((r) => ({
          cluster: r.target.cluster,
          apiVersion: r.target.apiVersion,
          kind: r.target.kind,
          ...(r.target.namespace ? { namespace: r.target.namespace } : {}),
          objects: this.store.count(r.scope),
          ...(r.syncedAt !== undefined ? { syncedAt: rfc3339(r.syncedAt) } : {}),
          ...(r.error !== undefined ? { error: r.error } : {}),
          ...(r.unserved !== undefined ? { unserved: r.unserved } : {}),
        }))
        .sort((a, b) =>
          compareBytes(`${a.cluster} ${a.apiVersion} ${a.kind}`, `${b.cluster} ${b.apiVersion} ${b.kind}`),
        ),
    }));
  }

  #emit(event: CacheEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  #schedule(): void {
    this.#work = this.#work.then(() => this.#reconcile()).catch(() => undefined);
  }

  async #reconcile(): Promise<void> {
    if (!this.#connect || this.#closed) return;
    const wanted = new Map(this.#targets.map((t) => [targetKey(t), t]));
    const names = new Set(this.#targets.map((t) => t.cluster));
    const clients = await this.#connect(this.#clusters.filter((c) => names.has(c.metadata.name)));
    for (const [key, running] of this.#running) {
      const target = wanted.get(key);
      const client = clients.get(running.target.cluster);
      if (target && running.client !== undefined && running.client === client) {
        running.target = target; // the registries asking may have changed
        continue;
      }
      await running.reflector?.stop();
      this.#running.delete(key);
      if (target) continue;
      this.store.drop(running.scope);
      this.#emit({ type: 'RELISTED', cluster: running.scope.cluster, resource: running.scope.resource });
    }
    for (const [key, target] of wanted) {
      if (this.#running.has(key) || this.#closed) continue;
      const client = clients.get(target.cluster);
      const scope: StoreScope = {
        cluster: target.cluster,
        resource: resourceOf(target),
        ...(target.namespace ? { namespace: target.namespace } : {}),
      };
      const running: Running = { target, scope };
      this.#running.set(key, running);
      if (client === undefined || client instanceof Error) {
        running.error = client?.message ?? `cluster ${target.cluster}: not in the fleet`;
        continue; // the next pass tries again
      }
      running.client = client;
      running.reflector = this.#reflect(client, running);
    }
  }

  #reflect(client: KubeClient, running: Running): Reflector {
    const { target, scope } = running;
    const cluster = target.cluster;
    const compact = (o: KubeObject): KubeObject => compactObject(o, cluster);
    return startReflector(
      client,
      {
        apiVersion: target.apiVersion,
        kind: target.kind,
        ...(target.namespace ? { namespace: target.namespace } : {}),
      },
      {
        replace: (items, version) => {
          this.store.replace(scope, items.map(compact), version);
          this.#emit({ type: 'RELISTED', cluster, resource: scope.resource });
          const was = running.syncedAt !== undefined && running.error === undefined;
          running.syncedAt = this.#options.now();
          delete running.error;
          delete running.unserved;
          if (!was) this.#changed(`the search cache of ${target.kind} in ${cluster} is in sync`);
          // A kind the last discovery did not have (a CRD established since) is asked for again.
          if (!this.#discovered.get(cluster)?.mapper.find(target.apiVersion, target.kind)) void this.#discover(client);
        },
        change: (type, object, resourceVersion) => {
          const kept = compact(object);
          if (type === 'DELETED') this.store.remove(scope, kept, resourceVersion);
          else this.store.upsert(scope, kept, resourceVersion);
          this.#emit({ type, cluster, resource: scope.resource, object: kept, resourceVersion });
        },
        progress: (version) => this.store.progress(scope, version),
        failed: (error) => {
          // As Karmada's cache skips a member whose API does not enable the kind: nothing of it is
          // there, so nothing is out of sync; the reflector keeps trying, for a CRD established later.
          if (error instanceof UnknownKindError) {
            const first = running.unserved === undefined;
            running.unserved = error.message;
            delete running.error;
            this.store.drop(scope);
            this.#emit({ type: 'RELISTED', cluster, resource: scope.resource });
            if (first) this.#changed(`the search cache skips ${target.kind} in ${cluster}: not served there`);
            return;
          }
          const was = running.error === undefined;
          running.error = error instanceof Error ? error.message : String(error);
          if (was) this.#changed(`the search cache of ${target.kind} in ${cluster} is out of sync`);
        },
      },
      this.#options.reflector,
    );
  }

  async #discover(client: KubeClient): Promise<void> {
    try {
      const resources = await client.discover();
      this.#discovered.set(client.cluster, { mapper: new RestMapper(resources), resources });
    } catch {
      // A member that answered a list answers discovery too; if not, its next list asks again.
    }
  }
}
