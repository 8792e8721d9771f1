// A record section may keep its record as fields of the fleet's cluster and binding documents (as
// failover does): the writer, the readers and STATUS.md go through its hooks, naming no controller.
import { describe, expect, it } from 'vitest';
import { parseStatusTree, statusFiles, statusMarkdown, type RecordSection, type StatusReport, type TemplateStatus } from '../../../src/status/index.ts';

const web: TemplateStatus = {
  resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' },
  policy: null,
  replicas: 1,
  clusters: [{ name: 'm1', replicas: 1 }],
  conditions: [],
  aggregatedStatus: [],
  health: 'Healthy',
  problems: [],
};

/** A section no status code knows: it keeps a member's taints as `spec.marks`, a template's times as `status.zSince`. */
const MARKS: RecordSection<unknown> = {
  name: 'marks',
  fields: {
    clusterSpec: (c) => (c.taints ? { marks: c.taints.map((t) => t.key) } : {}),
    readClusterSpec: (spec) => (Array.isArray(spec['marks']) ? { taints: spec['marks'].map((key) => ({ key, effect: 'NoSchedule' as const })) } : {}),
    bindingFields: (t) => ({ spec: {}, status: t.unhealthySince ? { zSince: t.unhealthySince } : {} }),
    readBinding: (_spec, status) => (Array.isArray(status['zSince']) ? { unhealthySince: status['zSince'] } : {}),
    placementStatusKey: 'zSince',
    mergeShard: (t) => t,
    markdown: (r) => (r.clusters.length > 0 ? ['## Marks', ''] : []),
    statusLines: () => ({ title: 'Marks', lines: [] }),
  },
  markdownOrder: 'fleet',
};

const LATER: RecordSection<unknown> = { name: 'later', markdown: () => ['## Later', ''] };

const report: StatusReport = {
  sourceCommit: 'a'.repeat(40),
  reconciledAt: '2026-12-04T00:00:00.000Z',
  clusters: [{ name: 'm1', status: {}, taints: [{ key: 'k', effect: 'NoSchedule' }] }],
  templates: [{ ...web, unhealthySince: [{ clusterName: 'm1', since: '2026-12-04T00:00:00.000Z' }] }],
  records: { later: true },
};

const asFiles = (sections: readonly RecordSection<unknown>[]) => statusFiles(report, sections).map((f) => ({ path: f.path, content: Buffer.from(f.content) }));

describe('document fields of a record section', () => {
  it.each([
    ['handed the section', [MARKS], true],
    ['not handed it: its fields are neither written nor read', [], false],
  ])('%s', (_name, sections, marked) => {
    const files = asFiles(sections);
    const text = (path: string) => files.find((f) => f.path === path)?.content.toString() ?? '';
    expect(text('clusters/m1.yaml').includes('marks:\n  - k\n')).toBe(marked);
    expect(text('resources/apps/Deployment/shop/web.yaml').includes('zSince:')).toBe(marked);
    const tree = parseStatusTree(files, [MARKS]);
    expect(tree.clusters[0]?.taints).toEqual(marked ? report.clusters[0]?.taints : undefined);
    expect(tree.templates[0]?.unhealthySince).toEqual(marked ? report.templates[0]?.unhealthySince : undefined);
    expect(parseStatusTree(asFiles([MARKS]), []).clusters[0]?.taints).toBeUndefined();
  });

  it('reads its binding status fields in a placement-only read', () => {
    const files = asFiles([MARKS]);
    const placement = parseStatusTree(files, [MARKS], 'placement').placements[0];
    expect(placement?.unhealthySince).toEqual(report.templates[0]?.unhealthySince);
    expect(placement).toEqual(parseStatusTree(files, [MARKS]).placements[0]);
  });

  it('shows a section with the fleet before the controllers’ sections, whatever the order it is handed in', () => {
    const md = statusMarkdown(report, [LATER, MARKS]);
    expect([md.indexOf('## Marks'), md.indexOf('## Later')].map((at) => at > 0)).toEqual([true, true]);
    expect(md.indexOf('## Marks')).toBeLessThan(md.indexOf('## Later'));
  });
});
