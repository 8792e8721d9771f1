import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/observability/logger.ts';
import { createMetrics } from '../../../src/observability/metrics.ts';
import { diagnosticReporter, reportPass, WarningMemory } from '../../../src/reconcile/run/report-pass.ts';
import type { ReconcileResult } from '../../../src/reconcile/run/reconcile-pass.ts';
import type { Rendered } from '../../../src/render/render-fleet.ts';
import type { FleetSource } from '../../../src/reconcile/pass/read-fleet.ts';
import type { ScriptTimeout } from '../../../src/interpreter/index.ts';
import type { ClusterApplyResult } from '../../../src/apply/events.ts';
import { ClusterUnreachableError } from '../../../src/apply/errors/index.ts';

const result = (statusWarnings: string[], scriptTimeouts: ScriptTimeout[] = [], clusters: ClusterApplyResult[] = []): ReconcileResult => ({
  commit: 'c'.repeat(40),
  statusBranch: 'status',
  rendered: { bindings: [], works: new Map() } as unknown as Rendered,
  source: {} as FleetSource,
  clusters,
  sourceHasErrors: false,
  diagnostics: [],
  controllerDiagnostics: [],
  statusWarnings,
  aborted: false,
  ok: true,
  scriptTimeouts,
  render: { mode: 'full', rerendered: 0, readMs: 1, renderMs: 1 },
});

describe('reportPass: a failed member', () => {
  it.each([
    ['an unreachable member is one line with its message, no stack', new ClusterUnreachableError('member9', 'https://10.0.0.9', 'connect ECONNREFUSED'), false],
    ['an unexpected error keeps its stack', new TypeError('x is undefined'), true],
  ])('%s', (_name, error, stack) => {
    const records: Record<string, unknown>[] = [];
    const log = createLogger({ level: 'info', pretty: false, write: (line) => records.push(JSON.parse(line) as Record<string, unknown>) });
    const failed: ClusterApplyResult = { cluster: 'member9', objects: [], pruned: [], inventoryWritten: false, error };
    reportPass(result([], [], [failed]), createMetrics({ defaultMetrics: false }), log);
    const record = records.find((r) => r['msg'] === 'cluster failed');
    expect(JSON.stringify(record).includes('"stack"')).toBe(stack);
    if (!stack) expect(record?.['error']).toBe(error.message);
  });
});

describe('reportPass', () => {
  it.each([
    ['nothing ignored: no warning', [], []],
    [
      'one warning per ignored status-branch entry',
      ['resources/x.yaml: spec.gracefulEvictionTasks[0]: fromCluster is missing; ignored'],
      ['status branch: resources/x.yaml: spec.gracefulEvictionTasks[0]: fromCluster is missing; ignored'],
    ],
  ])('%s', (_name, warnings, logged) => {
    const records: Record<string, unknown>[] = [];
    const log = createLogger({ level: 'info', pretty: false, write: (line) => records.push(JSON.parse(line) as Record<string, unknown>) });
    reportPass(result(warnings), createMetrics({ defaultMetrics: false }), log);
    expect(records.filter((r) => r['level'] === 40).map((r) => [r['msg'], r['statusBranch']])).toEqual(logged.map((m) => [m, 'status']));
  });

  it('names a customization that timed out once per pass, and counts its timeouts', async () => {
    const records: Record<string, unknown>[] = [];
    const log = createLogger({ level: 'info', pretty: false, write: (line) => records.push(JSON.parse(line) as Record<string, unknown>) });
    const metrics = createMetrics({ defaultMetrics: false });
    const timeout: ScriptTimeout = {
      customization: 'slow-health',
      operation: 'InterpretHealth',
      target: { apiVersion: 'v1', kind: 'ConfigMap' },
      timeouts: 2,
      stopped: true,
    };
    reportPass(result([], [timeout]), metrics, log);
    expect(records.filter((r) => r['level'] === 40).map((r) => [r['msg'], r['customization'], r['stopped']])).toEqual([
      [
        'ResourceInterpreterCustomization slow-health: InterpretHealth timed out 2 times this pass; not called again this pass, so its answers (health: Unknown) are missing',
        'slow-health',
        true,
      ],
    ]);
    expect(await metrics.registry.getSingleMetricAsString('flotilla_interpreter_script_timeouts_total')).toContain(
      'flotilla_interpreter_script_timeouts_total{customization="slow-health",operation="InterpretHealth"} 2',
    );
  });

  it('says why a cluster failed when only its prune was refused', () => {
    const records: Record<string, unknown>[] = [];
    const log = createLogger({ level: 'info', pretty: false, write: (line) => records.push(JSON.parse(line) as Record<string, unknown>) });
    const message = 'cluster member1: prune refused: 1 of 3 inventory objects would be deleted, more than 25%; pass --allow-mass-prune if this is intended';
    const cluster: ClusterApplyResult = {
      cluster: 'member1',
      objects: [],
      pruned: [],
      inventoryWritten: false,
      pruneBlocked: { reason: 'mass-prune', message },
    };
    reportPass(result([], [], [cluster]), createMetrics({ defaultMetrics: false }), log);
    expect(records.filter((r) => r['level'] === 40).map((r) => [r['msg'], r['cluster'], r['pruneBlocked']])).toEqual([['cluster failed', 'member1', message]]);
  });
});

describe('reportPass over the passes of a run', () => {
  it('tells a warning once per commit: not again while passes on the commit repeat it, again on a new commit or once it came back', () => {
    const records: Record<string, unknown>[] = [];
    const log = createLogger({ level: 'info', pretty: false, write: (line) => records.push(JSON.parse(line) as Record<string, unknown>) });
    const metrics = createMetrics({ defaultMetrics: false });
    const memory = new WarningMemory();
    const refused: ClusterApplyResult = {
      cluster: 'member1',
      objects: [],
      pruned: [],
      inventoryWritten: false,
      pruneBlocked: { reason: 'mass-prune', message: 'cluster member1: prune refused: 6 of 16 inventory objects would be deleted' },
    };
    const ignored = 'resources/x.yaml: fromCluster is missing; ignored';
    const passes: [string, ReconcileResult][] = [
      ['a', result([ignored], [], [refused])],
      ['a', result([ignored], [], [refused])],
      ['a', result([], [], [refused])],
      ['a', result([ignored], [], [refused])],
      ['b', result([ignored], [], [refused])],
    ];
    const told = passes.map(([commit, pass]) => {
      const from = records.length;
      reportPass({ ...pass, commit: commit.repeat(40) }, metrics, log, memory);
      return records
        .slice(from)
        .filter((r) => r['level'] === 40)
        .map((r) => r['msg']);
    });
    expect(told).toEqual([
      [`status branch: ${ignored}`, 'cluster failed'],
      [],
      [],
      [`status branch: ${ignored}`],
      [`status branch: ${ignored}`, 'cluster failed'],
    ]);
  });
});

describe('diagnosticReporter', () => {
  it('logs what the pass before did not have, errors as errors, and again once it came back', () => {
    const records: Record<string, unknown>[] = [];
    const log = createLogger({ level: 'info', pretty: false, write: (line) => records.push(JSON.parse(line) as Record<string, unknown>) });
    const report = diagnosticReporter(log);
    const error = {
      file: 'apps/cron.yaml',
      line: 18,
      column: 7,
      severity: 'error' as const,
      object: 'CronFederatedHPA/shop/web',
      field: 'spec.rules[1].schedule',
      message: 'invalid cron format',
    };
    const warning = { file: 'policies/web.yaml', line: 3, column: 1, severity: 'warning' as const, message: 'no Cluster prodution in the repository' };
    const passes = [[error, warning], [error, warning], [warning], [error, warning]];
    const logged = passes.map((diagnostics) => {
      const from = records.length;
      report(diagnostics);
      return records.slice(from).map((r) => [r['level'], r['msg'], r['file'], r['field'] ?? null]);
    });
    expect(logged).toEqual([
      [
        [50, 'invalid cron format', 'apps/cron.yaml', 'spec.rules[1].schedule'],
        [40, 'no Cluster prodution in the repository', 'policies/web.yaml', null],
      ],
      [],
      [],
      [[50, 'invalid cron format', 'apps/cron.yaml', 'spec.rules[1].schedule']],
    ]);
  });
});
