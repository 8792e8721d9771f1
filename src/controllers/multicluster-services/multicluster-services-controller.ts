/**
 * The endpoints controller of `run` (docs/karmada-compatibility.md#endpoints-across-members): Karmada's
 * service-export, endpointslice-collect and endpointslice-dispatch controllers in one. The thin adapter around the
 * pure core (exported-services.ts, member-views.ts, dispatch-plan.ts, service-records.ts): each pass hands it the
 * exported Services, the members' readiness after failover and the members this process writes; between passes the
 * engine (endpoints-engine.ts) follows the providers' EndpointSlices and writes the consumers'. The records go to the
 * status branch; when the endpoints they count change, a pass is asked for, at most once per status interval.
 */
import { isDeepStrictEqual } from 'node:util';
import { multiClusterServiceKey } from '../../model/index.ts';
import type { Cluster, RecordedMultiClusterService } from '../../model/index.ts';
import { ClientCache } from '../../apply/index.ts';
import type { ControllerRecords } from '../controller-records.ts';
import type {
  AfterRender,
  BeforeRender,
  Controller,
  ControllerContext,
  PassStart,
  RenderedPass,
} from '../controller.ts';
import { EndpointsEngine } from './endpoints-engine.ts';
import { exportedServices, type ExportedService } from './exported-services.ts';
import { memberViews, type MemberView } from './member-views.ts';
import { serviceRecords } from './service-records.ts';
import { afterRenderPhases } from '../phases.ts';

/** Settings of the endpoints controller. */
export interface MultiClusterServicesOptions {
  /** The fleet's inventory name: the dispatched slices' inventory is named after it. @default 'flotilla-inventory' */
  inventoryName: string;
  /** The shortest time between two passes asked for because endpoint counts changed. @default 30_000 */
  statusIntervalMs: number;
  /** How long provider changes are gathered before the consumers are written. @default 100 */
  debounceMs: number;
  /** The first wait before a failed sync or watch is tried again; it doubles up to 30 s. @default 1000 */
  retryMs: number;
}

export const DEFAULT_MULTICLUSTER_SERVICES_OPTIONS: Readonly<MultiClusterServicesOptions> = Object.freeze({
  inventoryName: 'flotilla-inventory',
  statusIntervalMs: 30_000,
  debounceMs: 100,
  retryMs: 1000,
});

/** The services of this pass; a pass whose source has errors drops none of the last pass's (as prune holds back). */
function keptServices(current: readonly ExportedService[], last: readonly ExportedService[], complete: boolean) {
  if (complete) return current;
  const present = new Set(current.map((s) => s.key));
  return [...current, ...last.filter((s) => !present.has(s.key))];
}

/** See the module comment. */
export class MultiClusterServicesController implements Controller {
  readonly name = 'multicluster-services';
  readonly #o: MultiClusterServicesOptions;
  #services: readonly ExportedService[] = [];
  #views: ReadonlyMap<string, MemberView> = new Map();
  #owned: ReadonlySet<string> = new Set();
  #clusters: readonly Cluster[] = [];
  #restored: ReadonlyMap<string, RecordedMultiClusterService> = new Map();
  #engine: EndpointsEngine | undefined;
  #passed = false;
  #recorded: RecordedMultiClusterService[] = [];
  #lastPassAt = 0;

  constructor(options: Partial<MultiClusterServicesOptions> = {}) {
    this.#o = { ...DEFAULT_MULTICLUSTER_SERVICES_OPTIONS, ...options };
  }

  nextDue(): number | undefined {
    return undefined;
  }

  beforeRender(start: PassStart): BeforeRender {
    if (start.restore) this.#restored = start.restore['multicluster-services'];
    // The failover and taint-policy controllers ran first: their failed-over members are not Ready here.
    const views = memberViews(start.scheduling);
    return { scheduling: start.scheduling, next: { afterRender: (rendered) => this.#afterRender(rendered, views) } };
  }

  /** The records as the controller stands now. */
  records(): RecordedMultiClusterService[] {
    return serviceRecords({
      services: this.#services,
      views: this.#views,
      collections: this.#engine?.collections ?? new Map(),
      plans: this.#engine?.plans() ?? new Map(),
      outcomes: this.#engine?.outcomes ?? new Map(),
      owned: this.#owned,
      restored: this.#restored,
    });
  }

  #afterRender(rendered: RenderedPass, views: ReadonlyMap<string, MemberView>): AfterRender {
    this.#services = keptServices(
      exportedServices(rendered.fleet, rendered.bindings),
      this.#services,
      rendered.complete,
    );
    this.#views = views;
    this.#owned = new Set(rendered.clusters);
    this.#clusters = rendered.fleet.clusters.map((c) => c.object);
    // Before the apply, so a provider that failed over loses its copies without waiting for the apply to a dead
    // member; a copy whose namespace the apply creates is written once the apply is done.
    this.#passed = true;
    this.#configure();
    return afterRenderPhases({ records: (applied) => this.#afterApply(applied.now) });
  }

  #afterApply(now: number): Partial<ControllerRecords> {
    this.#lastPassAt = now;
    this.#engine?.retryFailed();
    this.#recorded = this.records();
    const records = new Map(this.#recorded.map((r) => [multiClusterServiceKey(r), r]));
    // What is not read yet (a provider whose watch restarts) keeps the counts last written, not those of the start.
    this.#restored = records;
    return { 'multicluster-services': records };
  }

  #configure(): void {
    this.#engine?.configure({
      services: this.#services,
      views: this.#views,
      owned: this.#owned,
      clusters: this.#clusters,
    });
  }

  /** Follows the providers and writes the consumers between passes. */
  start(context: ControllerContext): { close(): Promise<void> } {
    const cache = context.access.connect
      ? undefined
      : new ClientCache(context.access.kubeconfig, {
          ...context.access.client,
          retry: { retries: 1, baseDelayMs: 200, maxDelayMs: 1000 },
        });
    const connect = context.access.connect ?? ((clusters: readonly Cluster[]) => cache!.connect(clusters));
    let timer: NodeJS.Timeout | undefined;
    const changed = (): void => {
      if (timer !== undefined) return;
      const wait = Math.max(0, this.#lastPassAt + this.#o.statusIntervalMs - context.now());
      timer = setTimeout(() => {
        timer = undefined;
        if (!isDeepStrictEqual(this.records(), this.#recorded))
          context.requestPass('the endpoints of multi-cluster services changed');
      }, wait);
    };
    const engine = new EndpointsEngine({
      connect,
      inventoryName: this.#o.inventoryName,
      debounceMs: this.#o.debounceMs,
      retryMs: this.#o.retryMs,
      warn: context.warn,
      ...(context.info ? { info: context.info } : {}),
      onChange: changed,
    });
    this.#engine = engine;
    if (this.#passed) this.#configure();
    return {
      close: async () => {
        clearTimeout(timer);
        await engine.close();
        if (this.#engine === engine) this.#engine = undefined;
      },
    };
  }
}

/**
 * The recorded form for a pass without memory (`plan`, `apply`): it reads no member and writes none, and hands back
 * the records of the Services still exported, as the status branch holds them.
 */
export function recordedMultiClusterServices(): Controller {
  let recorded: ReadonlyMap<string, RecordedMultiClusterService> = new Map();
  return {
    name: 'multicluster-services',
    nextDue: () => undefined,
    beforeRender: ({ scheduling, restore }) => {
      if (restore) recorded = restore['multicluster-services'];
      return {
        scheduling,
        next: {
          afterRender: (rendered) => {
            const keys = new Set(exportedServices(rendered.fleet, rendered.bindings).map(multiClusterServiceKey));
            const records = new Map([...recorded].filter(([key]) => keys.has(key)));
            return afterRenderPhases({ records: () => ({ 'multicluster-services': records }) });
          },
        },
      };
    },
  };
}
