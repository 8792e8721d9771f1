import { describe, expect, it } from 'vitest';
import type { RecordedRebalancer } from '../../../src/model/index.ts';
import { parseStatusTree, statusFiles } from '../../../src/status/index.ts';
import type { StatusReport } from '../../../src/status/index.ts';
import { controllerRecordsOfTree, RECORD_SECTIONS } from '../../../src/controllers/index.ts';

const RECORD: RecordedRebalancer = {
  name: 'hello-now',
  specDigest: '0123456789abcdef',
  status: {
    observedWorkloads: [
      { workload: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'hello', name: 'gone' }, result: 'Failed', reason: 'ReferencedBindingNotFound' },
      { workload: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'hello', name: 'hello' }, result: 'Successful' },
      { workload: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', name: 'view' } },
    ],
    observedGeneration: 2,
    finishTime: '2026-01-01T00:00:00.000Z',
    expiredAt: '2026-01-01T00:01:00.000Z',
  },
};

const report = (rebalancers?: RecordedRebalancer[]): StatusReport => ({
  sourceCommit: 'c'.repeat(40),
  reconciledAt: '2026-01-01T00:00:00.000Z',
  clusters: [],
  templates: [],
  ...(rebalancers ? { records: { 'workload-rebalancer': rebalancers } } : {}),
});

describe('rebalancers/<name>.yaml on the status branch', () => {
  it("is written and read back as it was, and becomes the controllers' record", () => {
    const files = statusFiles(report([RECORD]), RECORD_SECTIONS);
    expect(files.map((f) => f.path)).toContain('rebalancers/hello-now.yaml');
    const tree = parseStatusTree(
      files.map((f) => ({ path: f.path, content: Buffer.from(f.content) })),
      RECORD_SECTIONS,
    );
    expect(tree.records['workload-rebalancer']).toEqual([RECORD]);
    expect(tree.warnings).toEqual([]);
    expect(controllerRecordsOfTree(tree)['workload-rebalancer'].get('hello-now')).toEqual(RECORD);
  });

  it('a fleet without rebalancers writes no such file and no STATUS.md section', () => {
    const files = statusFiles(report(), RECORD_SECTIONS);
    expect(files.some((f) => f.path.startsWith('rebalancers/'))).toBe(false);
    expect(files.find((f) => f.path === 'STATUS.md')?.content).not.toContain('Workload rebalancers');
  });

  it("STATUS.md says each rebalancer's results, finish and expiry", () => {
    expect(statusFiles(report([RECORD]), RECORD_SECTIONS).find((f) => f.path === 'STATUS.md')?.content).toContain(
      '- [hello-now](rebalancers/hello-now.yaml): generation 2: 1 Successful, 1 Failed (ReferencedBindingNotFound), 1 pending; ' +
        'finished 2026-01-01T00:00:00.000Z, expired 2026-01-01T00:01:00.000Z (delete it from git)',
    );
  });

  it.each<[string, string, string]>([
    [
      'no digest',
      'apiVersion: apps.karmada.io/v1alpha1\nkind: WorkloadRebalancer\nmetadata: {name: r}\nstatus: {observedWorkloads: [], observedGeneration: 1}\n',
      'flotilla.io/spec-digest',
    ],
    [
      'a generation of 0',
      'kind: WorkloadRebalancer\nmetadata: {name: r, annotations: {flotilla.io/spec-digest: d}}\nstatus: {observedWorkloads: [], observedGeneration: 0}\n',
      'ignored',
    ],
    [
      'a workload without a name',
      'kind: WorkloadRebalancer\nmetadata: {name: r, annotations: {flotilla.io/spec-digest: d}}\nstatus: {observedWorkloads: [{workload: {apiVersion: v1, kind: ConfigMap}}], observedGeneration: 1}\n',
      'observedWorkloads[0]',
    ],
  ])('a hand-edited record with %s is reported with its file', (_name, yaml, said) => {
    const tree = parseStatusTree([{ path: 'rebalancers/r.yaml', content: Buffer.from(yaml) }], RECORD_SECTIONS);
    expect(tree.warnings.join('\n')).toContain('rebalancers/r.yaml');
    expect(tree.warnings.join('\n')).toContain(said);
  });
});
