import { describe, expect, it } from 'vitest';
import type { GracefulEvictionTask, Taint } from '../../../src/model/index.ts';
import {
  bindingDocument,
  clusterDocument,
  parseBindingDocument,
  parseClusterDocument,
  parseStatusTree,
  statusFiles,
  statusMarkdown,
  templateStatus,
  type ClusterReport,
  type StatusReport,
  type TemplateStatus,
} from '../../../src/status/index.ts';
import { RECORD_SECTIONS } from '../../../src/controllers/index.ts';
import { bindingFor, deployment, memberDeployment, nativeInterpreter } from '../helpers.ts';

const web = deployment('web', 4);
const plain = templateStatus(
  {
    template: web,
    policy: bindingFor(web, []).policy,
    binding: { ...bindingFor(web, [{ name: 'member1', replicas: 4 }]), affinityName: 'tier: gold' },
    expectedClusters: ['member1'],
    observations: [{ clusterName: 'member1', applied: true, observed: memberDeployment('web', 4, { updated: 4, available: 4 }) }],
  },
  nativeInterpreter,
);
const taint: Taint = { key: 'cluster.karmada.io/unreachable', effect: 'NoExecute', timeAdded: '2026-11-29T17:00:00.000Z' };
const tasks: GracefulEvictionTask[] = [
  {
    fromCluster: 'member2',
    purgeMode: 'Gracefully',
    reason: 'TaintUntolerated',
    producer: 'TaintManager',
    replicas: 2,
    creationTimestamp: '2026-11-29T17:00:30.000Z',
  },
  {
    fromCluster: 'member3',
    purgeMode: 'Never',
    reason: 'ApplicationFailure',
    producer: 'resource-binding-application-failover-controller',
    suppressDeletion: true,
    creationTimestamp: '2026-11-29T17:05:00.000Z',
  },
];
const evicting: TemplateStatus = { ...plain, gracefulEvictionTasks: tasks, unhealthySince: [{ clusterName: 'member1', since: '2026-11-29T17:10:00.000Z' }] };
const down: ClusterReport = { name: 'member2', taints: [taint], status: { conditions: [{ type: 'Ready', status: 'Unknown', reason: 'ClusterNotReachable' }] } };
const up: ClusterReport = { name: 'member1', status: { conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady' }] } };
const report = (clusters: ClusterReport[], templates: TemplateStatus[]): StatusReport => ({
  sourceCommit: 'a'.repeat(40),
  reconciledAt: '2026-11-29T17:20:00.000Z',
  clusters,
  templates,
});
const asFiles = (r: StatusReport) => statusFiles(r, RECORD_SECTIONS).map((f) => ({ path: f.path, content: Buffer.from(f.content) }));

describe('failover on the status documents', () => {
  it('a failed-over member carries its NoExecute taint in spec.taints, next to its observed Ready condition', () => {
    expect(clusterDocument(down, RECORD_SECTIONS)).toEqual({
      apiVersion: 'cluster.karmada.io/v1alpha1',
      kind: 'Cluster',
      metadata: { name: 'member2' },
      spec: { taints: [taint] },
      status: down.status,
    });
  });

  it("a binding carries Karmada's spec.gracefulEvictionTasks and Flotilla's status.unhealthySince", () => {
    const doc = bindingDocument(evicting, RECORD_SECTIONS) as { spec: Record<string, unknown>; status: Record<string, unknown> };
    expect(doc.spec['gracefulEvictionTasks']).toEqual(tasks);
    expect(doc.status['unhealthySince']).toEqual([{ clusterName: 'member1', since: '2026-11-29T17:10:00.000Z' }]);
  });

  it.each([
    ['fields absent', report([up], [plain])],
    ['empty lists', report([{ ...up, taints: [] }], [{ ...plain, gracefulEvictionTasks: [], unhealthySince: [] }])],
  ])('without failover the files are those of a fleet that never had any (%s)', (_name, r) => {
    const files = statusFiles(r, RECORD_SECTIONS);
    expect(files).toEqual(statusFiles(report([up], [plain]), RECORD_SECTIONS));
    expect(files.map((f) => f.content).join('')).not.toMatch(/taints|gracefulEvictionTasks|unhealthySince|## Failover/);
  });

  it.each([
    ['a cluster document', () => parseClusterDocument(JSON.parse(JSON.stringify(clusterDocument(down, RECORD_SECTIONS))), undefined, RECORD_SECTIONS), down],
    [
      'a binding document',
      () => parseBindingDocument(JSON.parse(JSON.stringify(bindingDocument(evicting, RECORD_SECTIONS))), undefined, RECORD_SECTIONS),
      evicting,
    ],
  ])('%s reads back as written', (_name, read, expected) => {
    expect(read()).toEqual(expected);
  });

  it.each(['full', 'placement'] as const)('the tree read back (%s) holds the taints, tasks and first-unhealthy times', (detail) => {
    const parsed = parseStatusTree(asFiles(report([up, down], [evicting])), RECORD_SECTIONS, detail);
    expect(parsed.clusters).toEqual([up, down]);
    expect(parsed.placements).toEqual([
      expect.objectContaining({ affinityName: 'tier: gold', gracefulEvictionTasks: tasks, unhealthySince: evicting.unhealthySince }),
    ]);
    expect(parsed.warnings).toEqual([]);
  });

  it('a malformed entry is dropped with a warning naming its file; the rest of the document counts', () => {
    const files = asFiles(report([up, down], [evicting])).map((f) =>
      f.path.startsWith('resources/')
        ? {
            ...f,
            content: Buffer.from(f.content.toString().replace('purgeMode: Never', 'purgeMode: Sometimes').replace('"2026-11-29T17:10:00.000Z"', 'later')),
          }
        : f,
    );
    for (const detail of ['full', 'placement'] as const) {
      const parsed = parseStatusTree(files, RECORD_SECTIONS, detail);
      expect(parsed.placements[0]).toMatchObject({ gracefulEvictionTasks: [tasks[0]], clusters: evicting.clusters });
      expect(parsed.placements[0]?.unhealthySince).toBeUndefined();
      expect(parsed.warnings).toEqual([
        'resources/apps/Deployment/default/web.yaml: spec.gracefulEvictionTasks[1]: purgeMode "Sometimes" is not one of Directly, Gracefully, Never; ignored',
        'resources/apps/Deployment/default/web.yaml: status.unhealthySince[0]: since "later" is not an RFC 3339 time; ignored',
      ]);
    }
  });

  it.each([
    ['conditions that are not a list', { conditions: 'Ready' }, 'status.conditions: not a list of mappings; ignored'],
    ['a condition that is not a mapping', { conditions: [null] }, 'status.conditions: not a list of mappings; ignored'],
    [
      'an API enablement that is not a mapping',
      { apiEnablements: [null] },
      'status.apiEnablements: not a list of mappings, each with a list of resources; ignored',
    ],
    [
      'an API enablement whose resources hold something else',
      { apiEnablements: [{ groupVersion: 'v1', resources: [7] }] },
      'status.apiEnablements: not a list of mappings, each with a list of resources; ignored',
    ],
  ])('a cluster status with %s is read without it, with a warning (the scheduler would throw on it every pass)', (_name, broken, warning) => {
    const warnings: string[] = [];
    const status = { ...up.status, kubernetesVersion: 'v1.31.0', ...broken };
    const parsed = parseClusterDocument({ ...clusterDocument(up, RECORD_SECTIONS), status }, (m) => warnings.push(m), RECORD_SECTIONS);
    const kept = Object.fromEntries(Object.entries(status).filter(([field]) => !(field in broken)));
    expect(parsed).toEqual({ name: 'member1', status: kept });
    expect(warnings).toEqual([warning]);
  });

  it('a file that is not YAML is skipped with a warning', () => {
    const parsed = parseStatusTree([{ path: 'clusters/member2.yaml', content: Buffer.from('spec: [taints\n') }], RECORD_SECTIONS);
    expect(parsed.clusters).toEqual([]);
    expect(parsed.warnings).toEqual([expect.stringMatching(/^clusters\/member2\.yaml: not YAML \(.+\); ignored$/)]);
  });
});

describe('STATUS.md failover section', () => {
  it('lists tainted members since when, and eviction tasks with template, member, reason, purge mode and since', () => {
    const md = statusMarkdown(report([up, down], [evicting]), RECORD_SECTIONS);
    const section = md.slice(md.indexOf('## Failover'), md.indexOf('## Templates'));
    expect(section).toBe(
      [
        '## Failover',
        '',
        '| member | taint | since |',
        '| --- | --- | --- |',
        '| [member2](clusters/member2.yaml) | `cluster.karmada.io/unreachable:NoExecute` | 2026-11-29T17:00:00.000Z |',
        '',
        '| evicted template | from cluster | reason | purge mode | since |',
        '| --- | --- | --- | --- | --- |',
        '| [Deployment/default/web](resources/apps/Deployment/default/web.yaml) | member2 | TaintUntolerated | Gracefully | 2026-11-29T17:00:30.000Z |',
        '| [Deployment/default/web](resources/apps/Deployment/default/web.yaml) | member3 | ApplicationFailure | Never | 2026-11-29T17:05:00.000Z |',
        '',
        '',
      ].join('\n'),
    );
  });

  it.each([
    ['only a tainted member', report([up, down], [plain]), true, false],
    ['only an eviction task', report([up], [{ ...plain, gracefulEvictionTasks: tasks }]), false, true],
    ['nothing', report([up], [plain]), false, false],
  ])('with %s, shows only what there is', (_name, r, members, evictions) => {
    const md = statusMarkdown(r, RECORD_SECTIONS);
    expect(md.includes('## Failover')).toBe(members || evictions);
    expect(md.includes('| member | taint | since |')).toBe(members);
    expect(md.includes('| evicted template |')).toBe(evictions);
  });
});
