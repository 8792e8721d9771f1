/**
 * `flotilla agent`'s loop (docs/karmada-compatibility.md#pull-mode): a round every `--poll` (or
 * sooner when the heartbeat falls due), one at a time; a round that fails (the repository cannot be
 * fetched, the report cannot be pushed) is logged and the next one tries again. `--once` runs one
 * round. Metrics, `/healthz` and `/readyz` (after the first round) on `--metrics-addr`.
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Logger } from 'pino';
import { startHealthServer, createObjectMetrics, recordClusterResult } from '../observability/index.ts';
import type { HealthServer, ObjectMetrics } from '../observability/index.ts';
import type { TlsFiles } from '../source/index.ts';
import type { AgentRounds, RoundResult } from './agent-round.ts';

/** How the loop runs. */
export interface AgentLoopOptions {
  cluster: string;
  pollMs: number;
  heartbeatMs: number;
  log: Logger;
  now: () => number;
  /** Aborted: the loop ends after the round under way. */
  signal: AbortSignal;
  metricsAddress?: string;
  /** `--metrics-tls-cert-file` and `--metrics-tls-key-file`; absent, plain HTTP. */
  metricsTls?: TlsFiles;
}

/** The agent's metrics, on a registry of their own. */
interface AgentMetrics extends ObjectMetrics {
  registry: Registry;
  rounds: Counter<'result'>;
  lastReport: Gauge<never>;
  appliedCommit: Gauge<'commit'>;
}

function agentMetrics(): AgentMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    ...createObjectMetrics(registry),
    rounds: new Counter({
      name: 'flotilla_agent_rounds_total',
      help: 'Agent rounds, by result (ok; failed: an object or the apply failed; error: the round could not run)',
      labelNames: ['result'],
      registers,
    }),
    lastReport: new Gauge({
      name: 'flotilla_agent_last_report_timestamp_seconds',
      help: 'Unix time of the last report published to the agent branch',
      registers,
    }),
    appliedCommit: new Gauge({
      name: 'flotilla_agent_applied_works_commit_info',
      help: 'The works commit the agent last applied (value 1)',
      labelNames: ['commit'],
      registers,
    }),
  };
}

function record(metrics: AgentMetrics, result: RoundResult, now: number): void {
  metrics.rounds.inc({ result: result.ok ? 'ok' : 'failed' });
  if (result.reported) metrics.lastReport.set(Math.floor(now / 1000));
  if (result.applied) {
    recordClusterResult(metrics, result.applied);
    metrics.appliedCommit.reset();
    if (result.worksCommit) metrics.appliedCommit.set({ commit: result.worksCommit }, 1);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** One round, logged; a round that throws is an error result. */
async function logged(rounds: AgentRounds, o: AgentLoopOptions): Promise<RoundResult> {
  const now = o.now();
  try {
    const result = await rounds.round(now);
    const fields = {
      cluster: o.cluster,
      worksCommit: result.worksCommit,
      reported: result.reported,
      ...(result.applied
        ? {
            objects: result.applied.objects.length,
            pruned: result.applied.pruned.filter((p) => p.action === 'deleted').length,
            ...(result.applied.pruneBlocked ? { pruneBlocked: result.applied.pruneBlocked.reason } : {}),
          }
        : {}),
      ...(result.error ? { error: result.error } : {}),
    };
    if (result.applied || result.error) o.log[result.ok ? 'info' : 'warn'](fields, 'agent round finished');
    else o.log.debug(fields, 'agent round finished');
    return result;
  } catch (error) {
    o.log.warn({ cluster: o.cluster, err: error }, 'agent round failed');
    return { reported: false, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Runs rounds until the signal aborts; `once` runs one and returns its result. */
export async function runAgentLoop(rounds: AgentRounds, o: AgentLoopOptions & { once: boolean }): Promise<RoundResult> {
  const metrics = agentMetrics();
  let ready = false;
  const health: HealthServer | undefined = o.metricsAddress
    ? await startHealthServer({
        address: o.metricsAddress,
        tls: o.metricsTls,
        registry: metrics.registry,
        ready: () => ready,
      })
    : undefined;
  if (health) o.log.info({ url: health.url }, 'metrics listening');
  try {
    for (;;) {
      const result = await logged(rounds, o);
      record(metrics, result, o.now());
      ready = true;
      if (o.once || o.signal.aborted) return result;
      await sleep(Math.min(o.pollMs, o.heartbeatMs), o.signal);
      if (o.signal.aborted) return result;
    }
  } finally {
    await health?.close();
  }
}
