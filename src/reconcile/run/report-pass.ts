/** Turns the loop's and the pass's events into metrics and log records (they only render). */
import type { Logger } from 'pino';
import { EngineError } from '../../model/index.ts';
import type { Diagnostic } from '../../model/index.ts';
import { clusterFailed } from '../../apply/index.ts';
import { recordClusterResult, recordReconciledCommit } from '../../observability/index.ts';
import type { ReconcilerMetrics } from '../../observability/index.ts';
import type { RunLoopEvent } from './run-loop.ts';
import { scriptTimeoutLine } from '../../status/index.ts';
import type { ReconcileResult } from './reconcile-pass.ts';

/**
 * The warnings the loop has told about its commit: a pass on the same commit repeating one the pass before told
 * (a refused prune, an ignored status-branch entry, a controller's complaint) does not tell it again; a new commit,
 * or a warning that went away and came back, does.
 */
export class WarningMemory {
  #commit: string | undefined;
  #before = new Set<string>();
  #now = new Set<string>();

  /** A pass on `commit` begins. */
  pass(commit: string | undefined): void {
    this.#before = commit === this.#commit ? this.#now : new Set();
    this.#commit = commit;
    this.#now = new Set();
  }

  /** Whether the warning `key` is to be told in this pass. */
  fresh(key: string): boolean {
    this.#now.add(key);
    return !this.#before.has(key);
  }
}

/** Records one pass's per-cluster outcomes and logs its summary; `memory` keeps a warning to once per commit. */
export function reportPass(
  result: ReconcileResult,
  metrics: ReconcilerMetrics,
  log: Logger,
  memory: WarningMemory = new WarningMemory(),
): void {
  memory.pass(result.commit);
  const warn = (key: unknown, fields: Record<string, unknown>, message: string) => {
    if (memory.fresh(JSON.stringify([key, message]))) log.warn(fields, message);
  };
  log.debug({ commit: result.commit, ...result.render }, 'rendered');
  for (const d of result.controllerDiagnostics)
    warn(d, { file: d.file, line: d.line, object: d.object, field: d.field }, d.message);
  for (const warning of result.statusWarnings)
    warn('status', { statusBranch: result.statusBranch }, `status branch: ${warning}`);
  for (const timeout of result.scriptTimeouts) {
    metrics.scriptTimeouts.inc(
      { customization: timeout.customization, operation: timeout.operation },
      timeout.timeouts,
    );
    log.warn(
      {
        customization: timeout.customization,
        operation: timeout.operation,
        timeouts: timeout.timeouts,
        stopped: timeout.stopped,
      },
      scriptTimeoutLine(timeout),
    );
  }
  for (const cluster of result.clusters) {
    recordClusterResult(metrics, cluster);
    const changed = cluster.objects.filter((o) => o.action === 'created' || o.action === 'configured').length;
    const fields = {
      cluster: cluster.cluster,
      changed,
      pruned: cluster.pruned.filter((p) => p.action === 'deleted').length,
      // Why objects the Work no longer holds stay, e.g. an evicted member's old copy under a graceful-eviction task.
      notPruned: cluster.pruned.filter((p) => p.action === 'skipped').map((p) => p.reason),
    };
    const failed = cluster.objects.filter((o) => o.error).map((o) => o.error?.message);
    const why = { cluster: cluster.cluster, error: cluster.error?.message, failed, blocked: cluster.pruneBlocked };
    if (clusterFailed(cluster))
      warn(
        why,
        {
          ...fields,
          // A member that is down or refuses us is an expected failure: its message, one line, no stack.
          ...(cluster.error instanceof EngineError ? { error: cluster.error.message } : { err: cluster.error }),
          failed,
          ...(cluster.pruneBlocked ? { pruneBlocked: cluster.pruneBlocked.message } : {}),
        },
        'cluster failed',
      );
    else log.debug(fields, 'cluster reconciled');
  }
  if (result.works instanceof Error) log.warn({ err: result.works }, 'works branch not written');
  else if (result.works?.changed)
    log.info({ commit: result.works.commit, clusters: result.pullMembers }, 'works branch written');
  if (result.status instanceof Error) log.warn({ err: result.status }, 'status branch not written');
  if (result.aborted) log.info({ commit: result.commit }, 'stopping: pass ended before the apply step');
}

/**
 * Logs a pass's source and render diagnostics that the pass before did not have: a pushed commit's
 * errors (which hold prune back and make the pass fail) are told once, not at every pass on it.
 */
export function diagnosticReporter(log: Logger): (diagnostics: readonly Diagnostic[]) => void {
  let last = new Set<string>();
  return (diagnostics) => {
    const now = new Set<string>();
    for (const d of diagnostics) {
      const key = JSON.stringify(d);
      now.add(key);
      if (last.has(key)) continue;
      const fields = { file: d.file, line: d.line, object: d.object, field: d.field };
      if (d.severity === 'error') log.error(fields, d.message);
      else log.warn(fields, d.message);
    }
    last = now;
  };
}

/** Records pass durations and the reconciled commit; logs every loop event. */
export function reportLoopEvent(event: RunLoopEvent, metrics: ReconcilerMetrics, log: Logger, now: () => number): void {
  switch (event.type) {
    case 'pass-started':
      log.info({ triggers: event.signals.map((s) => s.kind) }, 'pass started');
      return;
    case 'pass-skipped':
      log.debug({ reason: event.reason }, 'pass skipped');
      return;
    case 'pass-finished': {
      const seconds = event.durationMs / 1000;
      metrics.passDuration.observe({ result: event.outcome.ok ? 'ok' : 'failed' }, seconds);
      if (event.outcome.ok && event.outcome.commit)
        recordReconciledCommit(metrics, event.outcome.commit, Math.floor(now() / 1000));
      log.info(
        { commit: event.outcome.commit, ok: event.outcome.ok, durationMs: Math.round(event.durationMs) },
        'pass finished',
      );
      return;
    }
    case 'pass-failed':
      metrics.passDuration.observe({ result: 'error' }, event.durationMs / 1000);
      log.error(
        { err: event.error, durationMs: Math.round(event.durationMs) },
        'pass failed: clusters left as they are',
      );
  }
}
