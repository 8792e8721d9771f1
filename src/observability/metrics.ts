/**
 * The run loop's Prometheus metrics (issue 9), on a registry of their own (never prom-client's
 * global one: two loops in one process, as in tests, keep separate counts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ClusterApplyResult } from '../apply/index.ts';
import { CONTROLLERS } from '../controllers/index.ts';
import type { ControllerMetrics, MetricSpec } from '../controllers/index.ts';

/** Every metric the reconciler exports. */
export interface ReconcilerMetrics {
  registry: Registry;
  passDuration: Histogram<'result'>;
  objectsApplied: Counter<'cluster' | 'action'>;
  objectsPruned: Counter<'cluster'>;
  objectsFailed: Counter<'cluster'>;
  sourceFetchErrors: Counter<never>;
  memberReady: Gauge<'cluster'>;
  lastReconciledCommit: Gauge<'commit'>;
  lastReconcileTime: Gauge<never>;
  ownedShards: Gauge<never>;
  scriptTimeouts: Counter<'customization' | 'operation'>;
  /** The metrics the registered controllers declare, by name. */
  controllers: ReadonlyMap<string, Counter<string> | Gauge<string> | Histogram<string>>;
}

/** Creates the metrics; `defaultMetrics` adds process CPU, memory and event-loop lag. */
export function createMetrics(options: { defaultMetrics: boolean } = { defaultMetrics: true }): ReconcilerMetrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    passDuration: new Histogram({
      name: 'flotilla_pass_duration_seconds',
      help: 'Duration of reconcile passes, by result (ok, failed: a cluster or object failed, error: nothing applied)',
      labelNames: ['result'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    }),
    ...createObjectMetrics(registry),
    sourceFetchErrors: new Counter({
      name: 'flotilla_source_fetch_errors_total',
      help: 'Failures to fetch or read the source repository',
      registers,
    }),
    memberReady: new Gauge({
      name: 'flotilla_member_ready',
      help: '1 when the member cluster answered its readiness probe, else 0',
      labelNames: ['cluster'],
      registers,
    }),
    lastReconciledCommit: new Gauge({
      name: 'flotilla_last_reconciled_commit_info',
      help: 'The source commit of the last successful pass (value 1)',
      labelNames: ['commit'],
      registers,
    }),
    lastReconcileTime: new Gauge({
      name: 'flotilla_last_reconcile_timestamp_seconds',
      help: 'Unix time the last successful pass ended',
      registers,
    }),
    ownedShards: new Gauge({
      name: 'flotilla_held_shards',
      help: 'Shard Leases this replica holds (leader election: 1 on the leader)',
      registers,
    }),
    scriptTimeouts: new Counter({
      name: 'flotilla_interpreter_script_timeouts_total',
      help: 'Calls of a ResourceInterpreterCustomization script that ran into the time limit',
      labelNames: ['customization', 'operation'],
      registers,
    }),
    controllers: new Map(
      CONTROLLERS.flatMap((c) => c.metrics ?? []).map((spec) => [spec.name, metricOf(spec, registry)]),
    ),
  };
}

/** A controller's declared metric, on `registry`. */
function metricOf(spec: MetricSpec, registry: Registry): Counter<string> | Gauge<string> | Histogram<string> {
  const common = { name: spec.name, help: spec.help, labelNames: [...spec.labels], registers: [registry] };
  if (spec.type === 'counter') return new Counter(common);
  if (spec.type === 'gauge') return new Gauge(common);
  return new Histogram({ ...common, ...(spec.buckets ? { buckets: [...spec.buckets] } : {}) });
}

/** The controllers' view of the metrics (ControllerContext.metrics). */
export function controllerMetrics(metrics: ReconcilerMetrics): ControllerMetrics {
  // A name no registration declares is a controller's bug, not a condition of the fleet: say so at once.
  const metric = <T>(name: string, type: new (...args: never[]) => T): T => {
    const found = metrics.controllers.get(name);
    if (!(found instanceof type)) throw new Error(`no controller declares the ${type.name.toLowerCase()} ${name}`);
    return found;
  };
  return {
    inc: (name, labels, value = 1) => metric(name, Counter).inc(labels, value),
    set: (name, labels, value) => metric(name, Gauge).set(labels, value),
    observe: (name, labels, value) => metric(name, Histogram).observe(labels, value),
  };
}

/** The object counters `run` and `flotilla agent` both export. */
export type ObjectMetrics = Pick<ReconcilerMetrics, 'objectsApplied' | 'objectsPruned' | 'objectsFailed'>;

/** The object counters, on `registry`. */
export function createObjectMetrics(registry: Registry): ObjectMetrics {
  const registers = [registry];
  return {
    objectsApplied: new Counter({
      name: 'flotilla_objects_applied_total',
      help: 'Objects written to member clusters (created or configured)',
      labelNames: ['cluster', 'action'],
      registers,
    }),
    objectsPruned: new Counter({
      name: 'flotilla_objects_pruned_total',
      help: 'Objects deleted from member clusters by prune',
      labelNames: ['cluster'],
      registers,
    }),
    objectsFailed: new Counter({
      name: 'flotilla_objects_failed_total',
      help: 'Objects that failed to apply or prune, conflicts included',
      labelNames: ['cluster'],
      registers,
    }),
  };
}

/** Counts one cluster's apply results. */
export function recordClusterResult(metrics: ObjectMetrics, result: ClusterApplyResult): void {
  const { cluster } = result;
  for (const o of result.objects) {
    if (o.action === 'created' || o.action === 'configured') metrics.objectsApplied.inc({ cluster, action: o.action });
    if (o.action === 'failed' || o.action === 'conflict') metrics.objectsFailed.inc({ cluster });
  }
  for (const p of result.pruned) {
    if (p.action === 'deleted') metrics.objectsPruned.inc({ cluster });
    if (p.action === 'failed') metrics.objectsFailed.inc({ cluster });
  }
}

/** Records a successful pass's commit: the info gauge holds exactly one series. */
export function recordReconciledCommit(metrics: ReconcilerMetrics, commit: string, unixSeconds: number): void {
  metrics.lastReconciledCommit.reset();
  metrics.lastReconciledCommit.set({ commit }, 1);
  metrics.lastReconcileTime.set(unixSeconds);
}
