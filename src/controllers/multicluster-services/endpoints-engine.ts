/**
 * What the endpoints controller runs between passes: a follower per provider (follow-slices.ts) keeping the
 * collections of the Services exported from it current, and per consumer one sync at a time
 * (consumer-sync.ts). A pass hands it the exported Services and the members' views; every change a follower sees
 * syncs the consumers a moment later (changes arriving together are written together), and a sync that fails is
 * tried again, from a fresh read, after a backoff.
 */
import type { Cluster, EndpointSlice } from '../../model/index.ts';
import type { KubeClient, Reflector } from '../../apply/index.ts';
import { readConsumerState, syncConsumer, type ConsumerState } from './consumer-sync.ts';
import {
  collectionKey,
  consumerPlan,
  dispatchPlan,
  followedServices,
  type Collection,
  type Collections,
  type ConsumerPlan,
} from './dispatch-plan.ts';
import type { ExportedService } from './exported-services.ts';
import { followSlices, type FollowedService } from './follow-slices.ts';
import { usable, type MemberView } from './member-views.ts';
import type { ConsumerOutcome } from './service-records.ts';

/** What a pass tells the engine. */
export interface EngineConfig {
  services: readonly ExportedService[];
  views: ReadonlyMap<string, MemberView>;
  /** The members this process writes. */
  owned: ReadonlySet<string>;
  /** The fleet's clusters, to connect to. */
  clusters: readonly Cluster[];
}

export interface EndpointsEngineOptions {
  connect: (clusters: readonly Cluster[]) => Promise<ReadonlyMap<string, KubeClient | Error>>;
  inventoryName: string;
  /** How long changes are gathered before the consumers are written. @default 100 */
  debounceMs: number;
  /** The first wait before a failed sync or watch is tried again; it doubles up to 30 s. @default 1000 */
  retryMs: number;
  warn: (fields: object, message: string) => void;
  /** Logs what a sync wrote; absent, nothing is logged. */
  info?: (fields: object, message: string) => void;
  /** The collections or the consumers' outcomes changed. */
  onChange: () => void;
}

const key = (provider: string, s: FollowedService): string => collectionKey(provider, s.namespace, s.service);
const sameKeys = (a: ReadonlyMap<string, unknown>, b: ReadonlyMap<string, unknown>): boolean =>
  a.size === b.size && [...a.keys()].every((k) => b.has(k));

export const DEFAULT_ENGINE_OPTIONS = Object.freeze({ debounceMs: 100, retryMs: 1000 });
const MAX_RETRY_MS = 30_000;

/** A collection the engine keeps current. */
interface LiveCollection extends Collection {
  slices: Map<string, EndpointSlice>;
}

/** One consumer's sync queue. */
interface Consumer {
  state?: ConsumerState;
  running?: Promise<void>;
  /** Another sync is wanted once the running one ends; `full` reads the member afresh. */
  pending?: { full: boolean };
  retryMs: number;
  retry?: NodeJS.Timeout;
}

export class EndpointsEngine {
  readonly #o: EndpointsEngineOptions;
  readonly #closing = new AbortController();
  #config: EngineConfig = { services: [], views: new Map(), owned: new Set(), clusters: [] };
  readonly #collections = new Map<string, LiveCollection>();
  /** Per provider, its follower and the Services it follows. */
  readonly #followers = new Map<
    string,
    { stopped: AbortController; reflector: Reflector; services: ReadonlyMap<string, FollowedService> }
  >();
  /** Followers stopped and not yet done. */
  readonly #stopping = new Set<Promise<void>>();
  readonly #consumers = new Map<string, Consumer>();
  readonly #outcomes = new Map<string, ConsumerOutcome>();
  readonly #clients = new Map<string, KubeClient>();
  #debounce: NodeJS.Timeout | undefined;

  constructor(
    options: Partial<EndpointsEngineOptions> & Omit<EndpointsEngineOptions, keyof typeof DEFAULT_ENGINE_OPTIONS>,
  ) {
    this.#o = { ...DEFAULT_ENGINE_OPTIONS, ...options };
  }

  get collections(): Collections {
    return this.#collections;
  }

  get outcomes(): ReadonlyMap<string, ConsumerOutcome> {
    return this.#outcomes;
  }

  /** What each consumer must hold now. */
  plans(): Map<string, ConsumerPlan> {
    return dispatchPlan(this.#config.services, this.#config.views, this.#collections);
  }

  /** Takes a pass's view: followers started and stopped to match, every owned consumer synced from a fresh read. */
  configure(config: EngineConfig): void {
    if (this.#closing.signal.aborted) return;
    this.#config = config;
    this.#clients.clear();
    const followed = followedServices(config.services, config.views);
    for (const [provider, follower] of this.#followers) {
      const services = followed.get(provider);
      if (services && sameKeys(services, follower.services)) continue;
      this.#stop(provider);
    }
    const keep = new Set([...followed].flatMap(([p, services]) => [...services.values()].map((s) => key(p, s))));
    for (const k of this.#collections.keys()) if (!keep.has(k)) this.#collections.delete(k);
    for (const [provider, services] of followed) if (!this.#followers.has(provider)) this.#follow(provider, services);
    for (const member of this.#plannedOwned()) this.#request(member, true);
  }

  /** The apply may have made what a failed sync lacked (the copies' namespace): those members are tried again now. */
  retryFailed(): void {
    for (const [member, c] of this.#consumers) if (c.retry !== undefined) this.#request(member, true);
  }

  async close(): Promise<void> {
    this.#closing.abort(new Error('the endpoints controller is stopping'));
    clearTimeout(this.#debounce);
    this.#debounce = undefined;
    for (const c of this.#consumers.values()) clearTimeout(c.retry);
    for (const provider of [...this.#followers.keys()]) this.#stop(provider);
    await Promise.all([
      ...this.#stopping,
      ...[...this.#consumers.values()].flatMap((c) => (c.running ? [c.running] : [])),
    ]);
  }

  /** The members this process writes and that can be written to. */
  #plannedOwned(): string[] {
    return [...this.#config.owned].filter((m) => usable(this.#config.views, m));
  }

  async #client(member: string): Promise<KubeClient> {
    const kept = this.#clients.get(member);
    if (kept) return kept;
    const cluster = this.#config.clusters.find((c) => c.metadata.name === member);
    if (!cluster) throw new Error(`cluster ${member} is not in the fleet`);
    const client = (await this.#o.connect([cluster])).get(member);
    if (!client || client instanceof Error) throw client ?? new Error(`cluster ${member}: no client`);
    this.#clients.set(member, client);
    return client;
  }

  /**
   * Follows the provider's Services; a collection it had keeps what it held until the new list replaces it, so a
   * Service exported from a provider already followed does not freeze the others' copies.
   */
  #follow(provider: string, services: ReadonlyMap<string, FollowedService>): void {
    const stopped = new AbortController();
    const collectionOf = (service: FollowedService): LiveCollection => {
      const k = key(provider, service);
      const kept = this.#collections.get(k) ?? { synced: false, slices: new Map() };
      this.#collections.set(k, kept);
      return kept;
    };
    for (const service of services.values()) collectionOf(service);
    const { signal } = stopped;
    const reflector = followSlices({
      client: () => this.#client(provider),
      services,
      backoffMs: this.#o.retryMs,
      onList: (listed) => {
        if (signal.aborted) return;
        for (const [name, slices] of listed) {
          const service = services.get(name);
          if (!service) continue;
          const collection = collectionOf(service);
          collection.synced = true;
          collection.slices = new Map(slices.map((s) => [s.metadata.name ?? '', s]));
        }
        this.#changed();
      },
      onChange: (name, sliceName, slice) => {
        const service = services.get(name);
        if (signal.aborted || !service) return;
        const collection = collectionOf(service);
        if (slice) collection.slices.set(sliceName, slice);
        else collection.slices.delete(sliceName);
        this.#changed();
      },
      onError: (error) => {
        this.#clients.delete(provider);
        this.#o.warn({ err: error, cluster: provider }, 'following EndpointSlices failed');
      },
    });
    this.#followers.set(provider, { stopped, reflector, services });
  }

  /** Stops a provider's follower: nothing it still hears counts, and closing waits until it is done. */
  #stop(provider: string): void {
    const follower = this.#followers.get(provider);
    if (!follower) return;
    this.#followers.delete(provider);
    follower.stopped.abort();
    const done = follower.reflector.stop().finally(() => this.#stopping.delete(done));
    this.#stopping.add(done);
  }

  /** A collection changed: the consumers are synced once the changes arriving with it are in. */
  #changed(): void {
    this.#o.onChange();
    if (this.#debounce !== undefined || this.#closing.signal.aborted) return;
    this.#debounce = setTimeout(() => {
      this.#debounce = undefined;
      for (const member of this.#plannedOwned()) this.#request(member, false);
    }, this.#o.debounceMs);
  }

  #request(member: string, full: boolean): void {
    if (this.#closing.signal.aborted) return;
    const c = this.#consumers.get(member) ?? { retryMs: this.#o.retryMs };
    this.#consumers.set(member, c);
    // A member whose last sync failed waits out its backoff; its retry reads it afresh. Only a pass cuts it short.
    if (c.retry !== undefined && !full) return;
    if (c.running) {
      c.pending = { full: full || (c.pending?.full ?? false) };
      return;
    }
    clearTimeout(c.retry);
    c.retry = undefined;
    c.running = this.#sync(member, c, full).finally(() => {
      c.running = undefined;
      const next = c.pending;
      c.pending = undefined;
      if (next) this.#request(member, next.full);
    });
  }

  async #sync(member: string, c: Consumer, full: boolean): Promise<void> {
    const { services, views } = this.#config;
    const plan = consumerPlan(services, views, this.#collections, member);
    if (!plan || !this.#config.owned.has(member)) return;
    // A member that holds no copy and gets none costs no request once it has been read.
    if (plan.slices.size === 0 && plan.frozen.size === 0 && c.state?.inventory.entries.length === 0) return;
    let outcome: ConsumerOutcome;
    let failure: unknown;
    try {
      const client = (await this.#client(member)).withSignal(this.#closing.signal);
      const state = full || !c.state ? await readConsumerState(client, this.#o.inventoryName) : c.state;
      const result = await syncConsumer(client, plan, state, this.#o.inventoryName);
      c.state = result.state;
      if (result.applied + result.deleted > 0)
        this.#o.info?.(
          { cluster: member, applied: result.applied, deleted: result.deleted },
          'EndpointSlices dispatched',
        );
      if (result.error) throw result.error;
      c.retryMs = this.#o.retryMs;
      outcome = { ok: true };
    } catch (error) {
      if (this.#closing.signal.aborted) return;
      failure = error;
      c.state = undefined;
      this.#clients.delete(member);
      outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
      c.retry = setTimeout(() => this.#request(member, true), c.retryMs);
      c.retryMs = Math.min(c.retryMs * 2, MAX_RETRY_MS);
    }
    const before = this.#outcomes.get(member);
    this.#outcomes.set(member, outcome);
    if (before?.ok === outcome.ok && before.message === outcome.message) return;
    // Once per failure, not once per retry.
    if (failure !== undefined) this.#o.warn({ err: failure, cluster: member }, 'dispatching EndpointSlices failed');
    this.#o.onChange();
  }
}
