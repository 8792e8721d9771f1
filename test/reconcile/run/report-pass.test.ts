import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/reconcile/observability/logger.ts';
import { createMetrics } from '../../../src/reconcile/observability/metrics.ts';
import { reportPass } from '../../../src/reconcile/run/report-pass.ts';
import type { ReconcileResult } from '../../../src/reconcile/run/reconcile-pass.ts';
import type { Rendered } from '../../../src/render/render-fleet.ts';
import type { FleetSource } from '../../../src/reconcile/read-fleet.ts';

const result = (statusWarnings: string[]): ReconcileResult => ({
  commit: 'c'.repeat(40), statusBranch: 'status', rendered: { bindings: [], works: new Map() } as unknown as Rendered,
  source: {} as FleetSource, clusters: [], sourceHasErrors: false, diagnostics: [], controllerDiagnostics: [], statusWarnings, aborted: false, ok: true,
  render: { mode: 'full', rerendered: 0, readMs: 1, renderMs: 1 },
});

describe('reportPass', () => {
  it.each([
    ['nothing ignored: no warning', [], []],
    ['one warning per ignored status-branch entry', ['resources/x.yaml: spec.gracefulEvictionTasks[0]: fromCluster is missing; ignored'],
      ['status branch: resources/x.yaml: spec.gracefulEvictionTasks[0]: fromCluster is missing; ignored']],
  ])('%s', (_name, warnings, logged) => {
    const records: Record<string, unknown>[] = [];
    const log = createLogger({ level: 'info', pretty: false, write: (line) => records.push(JSON.parse(line) as Record<string, unknown>) });
    reportPass(result(warnings), createMetrics({ defaultMetrics: false }), log);
    expect(records.filter((r) => r['level'] === 40).map((r) => [r['msg'], r['statusBranch']])).toEqual(logged.map((m) => [m, 'status']));
  });
});
