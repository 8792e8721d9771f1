import { describe, expect, it } from 'vitest';
import { statusText } from '../../../src/cli/output/status-text.ts';
import { painter } from '../../../src/cli/color.ts';
import type { AutoscalingRecord } from '../../../src/model/index.ts';
import { parseStatusTree, statusFiles } from '../../../src/status/index.ts';
import type { StatusReport } from '../../../src/status/index.ts';
import { controllerRecordsOfTree, RECORD_SECTIONS } from '../../../src/controllers/index.ts';

const WEB = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
const RECORD: AutoscalingRecord = {
  federatedHPAs: [
    {
      namespace: 'shop',
      name: 'web',
      scaleTargetRef: WEB,
      status: {
        currentReplicas: 4,
        desiredReplicas: 8,
        lastScaleTime: '2026-03-02T08:00:01.000Z',
        currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 200, averageValue: '200m' } } }],
        conditions: [
          { type: 'AbleToScale', status: 'True', reason: 'SucceededRescale', message: 'the HPA controller was able to update the target scale to 8' },
          {
            type: 'ScalingActive',
            status: 'True',
            reason: 'ValidMetricFound',
            message: 'the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)',
          },
        ],
      },
      scaleEvents: [{ time: '2026-03-02T08:00:01.000Z', from: 4, to: 8, reason: 'cpu resource utilization (percentage of request) above target' }],
      limits: { maxReplicas: 8, specMinReplicas: 1, specMaxReplicas: 10, by: 'CronFederatedHPA shop/daily' },
    },
  ],
  cronFederatedHPAs: [
    {
      namespace: 'shop',
      name: 'daily',
      scaleTargetRef: { apiVersion: 'autoscaling.karmada.io/v1alpha1', kind: 'FederatedHPA', name: 'web' },
      status: {
        executionHistories: [
          {
            ruleName: 'day',
            nextExecutionTime: '2026-03-03T08:00:00.000Z',
            successfulExecutions: [{ scheduleTime: '2026-03-02T08:00:00.000Z', executionTime: '2026-03-02T08:00:01.000Z', appliedMaxReplicas: 8 }],
          },
          { ruleName: 'night' },
        ],
      },
    },
  ],
  workloads: [{ resource: { ...WEB, namespace: 'shop' }, replicas: 8, templateReplicas: 4, by: 'FederatedHPA shop/web' }],
};

const report = (autoscaling?: AutoscalingRecord): StatusReport => ({
  sourceCommit: 'c'.repeat(40),
  reconciledAt: '2026-03-02T08:00:02.000Z',
  clusters: [],
  templates: [],
  ...(autoscaling ? { records: { autoscaling: autoscaling } } : {}),
});

const tree = (files: { path: string; content: string | Buffer }[]) =>
  parseStatusTree(
    files.map((f) => ({ path: f.path, content: Buffer.from(f.content) })),
    RECORD_SECTIONS,
  );

describe('autoscaling/ on the status branch', () => {
  it("is written in Karmada's shapes and read back as it was, into the controllers' record", () => {
    const files = statusFiles(report(RECORD), RECORD_SECTIONS);
    expect(files.map((f) => f.path).filter((p) => p.startsWith('autoscaling/'))).toEqual([
      'autoscaling/cronfederatedhpas/shop/daily.yaml',
      'autoscaling/federatedhpas/shop/web.yaml',
      'autoscaling/workloads.yaml',
    ]);
    const parsed = tree(files);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.records['autoscaling']).toEqual(RECORD);
    expect(controllerRecordsOfTree(parsed).autoscaling).toEqual(RECORD);
  });

  it('a fleet without autoscalers writes no such file and no STATUS.md section', () => {
    const files = statusFiles(report(), RECORD_SECTIONS);
    expect(files.some((f) => f.path.startsWith('autoscaling/'))).toBe(false);
    expect(files.find((f) => f.path === 'STATUS.md')?.content).not.toContain('Autoscaling');
  });

  it('STATUS.md says the scaled count, the FederatedHPA and the rules', () => {
    const markdown = statusFiles(report(RECORD), RECORD_SECTIONS).find((f) => f.path === 'STATUS.md')?.content ?? '';
    expect(markdown).toContain('## Autoscaling');
    expect(markdown).toContain('- Deployment/shop/web: 8 replicas (FederatedHPA shop/web; template says 4)');
    expect(markdown).toContain(
      '- [FederatedHPA shop/web](autoscaling/federatedhpas/shop/web.yaml) → Deployment/shop/web: current 4, desired 8 (bounds 1-8 by CronFederatedHPA shop/daily); cpu 200%; AbleToScale True SucceededRescale, ScalingActive True ValidMetricFound; last scaled 2026-03-02T08:00:01.000Z',
    );
    expect(markdown).toContain('  - scaled 4 → 8 at 2026-03-02T08:00:01.000Z: cpu resource utilization (percentage of request) above target');
    expect(markdown).toContain('  - rule day: next 2026-03-03T08:00:00.000Z, last Successful 2026-03-02T08:00:01.000Z');
    expect(markdown).toContain('  - rule night: suspended, not run yet');
  });

  it("a metric that could not be computed keeps its place in STATUS.md, as Kubernetes' <unknown>", () => {
    const hpa = RECORD.federatedHPAs[0]!;
    const metrics = [{ type: '' as const }, ...(hpa.status.currentMetrics ?? [])];
    const record = { ...RECORD, federatedHPAs: [{ ...hpa, status: { ...hpa.status, currentMetrics: metrics } }] };
    const markdown = statusFiles(report(record), RECORD_SECTIONS).find((f) => f.path === 'STATUS.md')?.content ?? '';
    expect(markdown).toContain('; <unknown>, cpu 200%;');
  });

  it('flotilla status lists the same', () => {
    const parsed = tree(statusFiles(report(RECORD), RECORD_SECTIONS));
    const text = statusText({ ...parsed, commit: 'f'.repeat(40) }, painter(true));
    expect(text).toContain('Autoscaling:\n  Deployment/shop/web: 8 replicas (FederatedHPA shop/web; template says 4)');
  });

  it.each<[string, string, string]>([
    [
      'autoscaling/federatedhpas/shop/x.yaml',
      'kind: FederatedHPA\nmetadata: {name: x}\n',
      'not a FederatedHPA record with metadata.namespace, metadata.name and spec.scaleTargetRef; ignored',
    ],
    [
      'autoscaling/cronfederatedhpas/shop/x.yaml',
      'kind: CronFederatedHPA\nmetadata: {name: x, namespace: shop}\nspec: {scaleTargetRef: {kind: D, name: d}}\nstatus: {executionHistories: [{nextExecutionTime: x}]}\n',
      'status.executionHistories[0]: no ruleName; ignored',
    ],
    [
      'autoscaling/workloads.yaml',
      'workloads: [{apiVersion: apps/v1, kind: Deployment, name: web, replicas: -1}]\n',
      'workloads[0]: not a scaled workload with apiVersion, kind, name, replicas, templateReplicas and scaledBy; ignored',
    ],
    [
      'autoscaling/federatedhpas/shop/y.yaml',
      'kind: FederatedHPA\nmetadata: {name: y, namespace: shop}\nspec: {scaleTargetRef: {kind: D, name: d}}\nstatus: {cronLimits: {maxReplicas: 2}}\n',
      'status.cronLimits: not bounds with specMinReplicas, specMaxReplicas and by; ignored',
    ],
  ])('%s that does not parse is dropped with a warning naming it', (path, content, warning) => {
    expect(tree([{ path, content }]).warnings).toEqual([`${path}: ${warning}`]);
  });
});
