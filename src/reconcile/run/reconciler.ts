/**
 * `flotilla run`'s engine, assembled (issue 9): triggers → merged signals → the run loop → the
 * reconcile pass; the registered controllers, their timer and what they watch between passes;
 * Leases deciding which members this replica applies to; metrics, health endpoints and logs
 * around it all. {@link Reconciler.stop} stops the
 * triggers, lets the running pass finish, and gives the Leases back.
 */
import type { Logger } from 'pino';
import { DEFAULT_FLEET_CONFIG } from '../../model/index.ts';
import type { Cluster } from '../../model/index.ts';
import type { PruneSettings, ClusterAccess } from '../../apply/index.ts';
import type { OpenSourceOptions, TlsFiles, Trigger, TriggerOptions } from '../../source/index.ts';
import { mergeSignals, startTriggers } from '../../source/index.ts';
import { readAgentReports } from '../../status/index.ts';
import type { ShardCoordinator } from './leases/shard-coordinator.ts';
import { shardOf } from './leases/shard-of.ts';
import { inOrder, liveControllers, MemorySearchStore, SearchCache } from '../../controllers/index.ts';
import type { ControllerSettings } from '../../controllers/index.ts';
import { startSearchServer } from '../../search/index.ts';
import type { SearchServer } from '../../search/index.ts';
import { startHealthServer, controllerMetrics, createMetrics } from '../../observability/index.ts';
import type { HealthServer, ReconcilerMetrics } from '../../observability/index.ts';
import { RunLoop } from './run-loop.ts';
import { dueTimer } from './due-timer.ts';
import type { PassResult } from '../pass/pass-types.ts';
import { createReconcilePass } from './reconcile-pass.ts';
import type { ReconcilePassOptions } from './reconcile-pass.ts';
import { diagnosticReporter, reportPass, reportLoopEvent, WarningMemory } from './report-pass.ts';

/** Everything `run` is configured with. */
export interface ReconcilerOptions {
  source: OpenSourceOptions;
  access: ClusterAccess;
  prune: Partial<PruneSettings>;
  /** `--inventory-name`: the inventory ConfigMap of this fleet repository in each member. @default 'flotilla-inventory' */
  inventoryName?: string;
  /** `--works-signing-key`: signs the works commits. */
  worksSigner?: ReconcilePassOptions['worksSigner'];
  /** The status branch comes from each pass's flotilla.yaml, not from here. */
  triggers: Omit<Partial<TriggerOptions>, 'source' | 'onError' | 'statusBranch'>;
  /** `--metrics-addr`; absent: no metrics or health endpoint. */
  metricsAddress?: string;
  /** `--metrics-tls-cert-file` and `--metrics-tls-key-file`; absent: plain HTTP. */
  metricsTls?: TlsFiles;
  /** `--search-addr`, its bearer token and TLS (`--search-tls-*`); absent: no search cache. */
  search?: { address: string; token: string; tls?: TlsFiles };
  /** Each controller's settings by its registration's name (`controllerSettingsOf` `run`'s flags); absent: their defaults. */
  controllerSettings?: ControllerSettings;
  /** Leader election / shards; absent: this process reconciles every member. */
  coordinator?: { coordinator: ShardCoordinator; shards: number; renewMs: number };
  /** The status step; absent: no status branch writes. */
  status?: ReconcilePassOptions['status'];
  /** Told each pass's result after it is reported (`run --ui-addr` serves the view from it). */
  onPass?: (result: PassResult) => void;
  log: Logger;
  now: () => number;
}

/** A running reconciler. */
export interface Reconciler {
  loop: RunLoop;
  metrics: ReconcilerMetrics;
  metricsUrl?: string;
  searchUrl?: string;
  stop(): Promise<void>;
}

/** Which members this replica applies to, from the shards it holds. */
function ownership(options: ReconcilerOptions): (cluster: string) => boolean {
  const c = options.coordinator;
  if (!c) return () => true;
  return (cluster) => c.coordinator.held.includes(shardOf(cluster, c.shards));
}

/** The live controllers with the settings `run` was given. */
function reconcilerControllers(options: ReconcilerOptions, searchCache: SearchCache | undefined) {
  return liveControllers(options.controllerSettings, {
    ...(searchCache ? { searchCache } : {}),
    ...(options.inventoryName ? { inventoryName: options.inventoryName } : {}),
  });
}

/** The health and metrics server and the search cache's server, each when its address is given. */
async function startServers(
  options: ReconcilerOptions,
  metrics: ReconcilerMetrics,
  ready: () => boolean,
  searchCache: SearchCache | undefined,
): Promise<{ health?: HealthServer; search?: SearchServer }> {
  const health = options.metricsAddress
    ? await startHealthServer({
        address: options.metricsAddress,
        tls: options.metricsTls,
        registry: metrics.registry,
        ready,
      })
    : undefined;
  const search =
    options.search && searchCache ? await startSearchServer({ ...options.search, cache: searchCache }) : undefined;
  return { ...(health ? { health } : {}), ...(search ? { search } : {}) };
}

/** The source's triggers; a failed check is counted and logged, and the clusters stay as they are. */
function startSourceTriggers(
  options: ReconcilerOptions,
  metrics: ReconcilerMetrics,
  statusBranch: () => string,
  emit: Parameters<typeof startTriggers>[1],
): Promise<Trigger[]> {
  return startTriggers(
    {
      ...options.triggers,
      source: options.source,
      statusBranch,
      onError: (error) => {
        metrics.sourceFetchErrors.inc();
        options.log.warn({ err: error }, 'source check failed');
      },
    },
    emit,
  );
}

/** What the controllers watch between passes (members' probes, agents' reports); a change asks for a pass. */
function startWatching(
  controller: ReturnType<typeof inOrder>,
  options: ReconcilerOptions,
  metrics: ReconcilerMetrics,
  clusters: () => readonly Cluster[],
  emit: (signal: { kind: 'members'; detail: string }) => void,
) {
  const { log } = options;
  return controller.start?.({
    access: options.access,
    clusters,
    now: options.now,
    requestPass: (detail) => emit({ kind: 'members', detail }),
    memberProbed: (cluster, ready) => metrics.memberReady.set({ cluster }, ready ? 1 : 0),
    agentReports: (names) => readAgentReports(options.source, names),
    warn: (fields, message) => log.warn(fields, message),
    info: (fields, message) => log.info(fields, message),
    metrics: controllerMetrics(metrics),
  });
}

/** Starts everything; the first pass is requested at once (or when this replica gets a shard). */
export async function startReconciler(options: ReconcilerOptions): Promise<Reconciler> {
  const { log, now } = options;
  const metrics = createMetrics();
  const searchCache = options.search ? new SearchCache({ store: new MemorySearchStore(), now }) : undefined;
  const controllers = reconcilerControllers(options, searchCache);
  const controller = inOrder(controllers);
  let clusters: readonly Cluster[] = [];
  // The triggers ignore pushes to the status branch that flotilla.yaml named at the last pass's
  // commit (the branch that pass's status step wrote); flotilla.yaml's default until then.
  let statusBranch = DEFAULT_FLEET_CONFIG.statusBranch;
  const due = dueTimer(now, () => merger.emit({ kind: 'members', detail: "a controller's timer is due" }));
  const reportDiagnostics = diagnosticReporter(log);
  const warnings = new WarningMemory();
  const pass = createReconcilePass({
    source: options.source,
    access: options.access,
    prune: options.prune,
    runner: options.inventoryName ? { inventoryName: options.inventoryName } : {},
    ...(options.worksSigner ? { worksSigner: options.worksSigner } : {}),
    controllers,
    owns: ownership(options),
    now,
    ...(options.status ? { status: options.status } : {}),
    onResult: (result) => {
      clusters = result.rendered.clusters;
      statusBranch = result.statusBranch;
      reportPass(result, metrics, log, warnings);
      reportDiagnostics(result.diagnostics);
      options.onPass?.(result);
      if (result.passRequested) merger.emit({ kind: 'members', detail: result.passRequested });
      // An eviction waiting for a toleration to run out needs a pass when it does.
      due.at(controller.nextDue());
    },
  });
  const leading = (): boolean => !options.coordinator || options.coordinator.coordinator.held.length > 0;
  const loop = new RunLoop(
    async (request) => {
      if (!leading()) return { ok: true };
      return pass(request).catch((error: unknown) => {
        metrics.sourceFetchErrors.inc();
        throw error;
      });
    },
    { onEvent: (event) => reportLoopEvent(event, metrics, log, now) },
  );
  const merger = mergeSignals({}, (batch) => loop.request(batch));
  const triggers = await startSourceTriggers(options, metrics, () => statusBranch, merger.emit);
  const watching = startWatching(controller, options, metrics, () => clusters, merger.emit);
  const stopLeases = startLeaseRounds(options, metrics, merger.emit);
  let ready = false; // the first pass has run
  const { health, search } = await startServers(options, metrics, () => ready && !loop.stopped, searchCache);
  loop.request();
  void loop.idle().then(() => {
    ready = true;
  });
  return {
    loop,
    metrics,
    ...(health ? { metricsUrl: health.url } : {}),
    ...(search ? { searchUrl: search.url } : {}),
    stop: async () => {
      due.stop();
      merger.close();
      await Promise.all(triggers.map((t) => t.close()));
      await watching?.close();
      await loop.stop();
      await stopLeases();
      await health?.close();
      await search?.close();
    },
  };
}

/** Runs the Lease rounds; a change of held shards asks for a pass. Returns the stopper. */
function startLeaseRounds(
  options: ReconcilerOptions,
  metrics: ReconcilerMetrics,
  emit: (s: { kind: 'shards'; detail: string }) => void,
): () => Promise<void> {
  const c = options.coordinator;
  if (!c) return async () => undefined;
  let running: Promise<void> = Promise.resolve();
  const round = async (): Promise<void> => {
    try {
      if (await c.coordinator.round()) {
        options.log.info({ shards: c.coordinator.held }, 'held shards changed');
        emit({ kind: 'shards', detail: `holding shards ${c.coordinator.held.join(', ') || 'none'}` });
      }
    } catch (error) {
      options.log.warn({ err: error }, 'lease round failed');
    }
    metrics.ownedShards.set(c.coordinator.held.length);
  };
  running = round();
  const timer = setInterval(() => {
    running = running.then(round);
  }, c.renewMs);
  return async () => {
    clearInterval(timer);
    await running;
    await c.coordinator
      .releaseAll()
      .catch((error: unknown) => options.log.warn({ err: error }, 'releasing leases failed'));
  };
}
