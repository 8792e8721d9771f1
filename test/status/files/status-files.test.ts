import { describe, expect, it } from 'vitest';
import type { ClusterStatus } from '../../../src/model/index.ts';
import {
  bindingDocument,
  bindingName,
  parseBindingDocument,
  parseStatusTree,
  readyReplicas,
  resourcePath,
  statusFiles,
  statusMarkdown,
  templateStatus,
  type StatusReport,
} from '../../../src/status/index.ts';
import { bindingFor, deployment, memberDeployment, nativeInterpreter } from '../helpers.ts';

const web = deployment('web', 4);
const healthy = templateStatus(
  {
    template: web,
    policy: bindingFor(web, []).policy,
    binding: bindingFor(web, [
      { name: 'member1', replicas: 2 },
      { name: 'member2', replicas: 2 },
    ]),
    expectedClusters: ['member1', 'member2'],
    observations: [
      { clusterName: 'member1', applied: true, observed: memberDeployment('web', 2, { updated: 2, available: 2 }) },
      { clusterName: 'member2', applied: true, observed: memberDeployment('web', 2, { updated: 2, available: 0 }) },
    ],
  },
  nativeInterpreter,
);
const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'system:reader' } };
const clusterScoped = templateStatus(
  {
    template: role,
    policy: { kind: 'ClusterPropagationPolicy', namespace: '', name: 'everywhere' },
    binding: bindingFor(role, [{ name: 'member1', replicas: 0 }]),
    expectedClusters: ['member1'],
    observations: [{ clusterName: 'member1', applied: true, observed: role }],
  },
  nativeInterpreter,
);

const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'shop' } };
const claimedByService = templateStatus(
  {
    template: service,
    policy: { kind: 'MultiClusterService', namespace: 'shop', name: 'web' },
    binding: bindingFor(service, [{ name: 'member1', replicas: 0 }]),
    expectedClusters: ['member1'],
    observations: [{ clusterName: 'member1', applied: true, observed: service }],
  },
  nativeInterpreter,
);

const ready: ClusterStatus = {
  kubernetesVersion: 'v1.31.0',
  conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady' }],
  nodeSummary: { totalNum: 3, readyNum: 3 },
  resourceSummary: { allocatable: { cpu: '12', memory: '48Gi', pods: '330' }, allocated: { cpu: '1100m', memory: '2Gi', pods: '4' } },
};
const report: StatusReport = {
  sourceCommit: 'a'.repeat(40),
  reconciledAt: '2026-01-01T00:00:00.000Z',
  clusters: [
    { name: 'member1', status: ready },
    { name: 'member2', status: { conditions: [{ type: 'Ready', status: 'False', reason: 'ClusterNotReachable' }] } },
  ],
  templates: [healthy, clusterScoped],
};

describe('status branch files', () => {
  it.each([
    ['a namespaced template', web.metadata, 'resources/apps/Deployment/default/web.yaml'],
    ['a cluster-scoped core template', { name: 'prod' }, 'resources/core/Namespace/_cluster/prod.yaml'],
  ])('%s lives at resources/<group>/<kind>/<namespace>/<name>.yaml', (_name, metadata, path) => {
    const ref = metadata.namespace
      ? { apiVersion: 'apps/v1', kind: 'Deployment', namespace: metadata.namespace, name: metadata.name ?? '' }
      : { apiVersion: 'v1', kind: 'Namespace', namespace: '', name: metadata.name ?? '' };
    expect(resourcePath(ref)).toBe(path);
  });

  it('names bindings as Karmada does', () => {
    expect(bindingName({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', namespace: '', name: 'system:Foo' })).toBe('system.foo-clusterrole');
  });

  it('writes exactly STATUS.md, summary.json, one file per cluster and per template, sorted', () => {
    expect(statusFiles(report, []).map((f) => f.path)).toEqual([
      'STATUS.md',
      'clusters/member1.yaml',
      'clusters/member2.yaml',
      'resources/apps/Deployment/default/web.yaml',
      'resources/rbac.authorization.k8s.io/ClusterRole/_cluster/system:reader.yaml',
      'summary.json',
    ]);
  });

  it("records the render roots and kustomize's and helm's versions in summary.json", () => {
    const render = {
      tools: { kustomize: 'v5.8.2', helm: 'v3.22.0' },
      roots: [{ file: 'apps/web/overlays/prod/kustomization.yaml', outcome: 'rendered' }],
    };
    const summary = (r: typeof report) => JSON.parse(String(statusFiles(r, []).find((f) => f.path === 'summary.json')?.content));
    expect(summary({ ...report, render }).render).toEqual(render);
    expect(summary(report).render).toBeUndefined();
  });

  it('is deterministic: the same report gives the same bytes', () => {
    expect(statusFiles(report, [])).toEqual(statusFiles(structuredClone(report), []));
  });

  it("names a rendered template's root and source file in its binding's annotations", () => {
    const status = {
      ...healthy,
      renderedFrom: { root: 'apps/web/overlays/prod/kustomization.yaml', sourceFile: 'apps/web/base/deployment.yaml' },
    };
    expect(bindingDocument(status)['metadata']).toMatchObject({
      annotations: {
        'flotilla.io/rendered-from': 'apps/web/overlays/prod/kustomization.yaml',
        'flotilla.io/source-file': 'apps/web/base/deployment.yaml',
      },
    });
    expect(bindingDocument(healthy)['metadata']).not.toHaveProperty(['annotations', 'flotilla.io/rendered-from']);
  });

  it.each([
    ['a namespaced binding', healthy],
    ['a cluster-scoped binding with a ClusterPropagationPolicy', clusterScoped],
    ["a Service's binding made by its MultiClusterService", claimedByService],
    [
      'a binding of a rendered template',
      {
        ...healthy,
        renderedFrom: {
          root: 'apps/web/kustomization.yaml',
          sourceFile: 'apps/web/kustomization.yaml',
          generator: 'HelmChartInflationGenerator',
        },
      },
    ],
  ])('%s reads back as written', (_name, status) => {
    expect(parseBindingDocument(JSON.parse(JSON.stringify(bindingDocument(status))))).toEqual(status);
  });

  it('parses its own tree back: summary, clusters and templates', () => {
    const parsed = parseStatusTree(
      statusFiles(report, []).map((f) => ({ path: f.path, content: Buffer.from(f.content) })),
      [],
    );
    expect(parsed.summary).toEqual({
      sourceCommit: report.sourceCommit,
      reconciledAt: report.reconciledAt,
      counts: { templates: 2, healthy: 1, unhealthy: 1, unknown: 0, clusters: 2, readyClusters: 1 },
    });
    expect(parsed.clusters).toEqual(report.clusters);
    expect(parsed.templates).toEqual([healthy, clusterScoped]);
  });

  it.each([
    ['a plain affinity name', 'primary'],
    ['one that needs quoting', 'tier: gold'],
  ])('reads placements alone as the full read has them, with %s', (_name, affinityName) => {
    const withAffinity: StatusReport = { ...report, templates: [{ ...healthy, affinityName }, clusterScoped] };
    const files = statusFiles(withAffinity, []).map((f) => ({ path: f.path, content: Buffer.from(f.content) }));
    const placements = parseStatusTree(files, [], 'placement');
    expect(placements.templates).toEqual([]);
    expect(placements.placements).toEqual(parseStatusTree(files, []).placements);
    expect(placements.placements[0]).toMatchObject({ affinityName, clusters: healthy.clusters, policy: healthy.policy });
  });

  it.each([
    ['single-quoted by a hand edit', "'tier: gold'", 'tier: gold', 0],
    ['an unterminated quote', '"tier: gold', undefined, 1],
  ])('reads a hand-edited affinity name (%s) in placements alone as the full read does, without throwing', (_name, written, affinityName, warnings) => {
    const files = statusFiles({ ...report, templates: [{ ...healthy, affinityName: 'primary' }] }, []).map((f) => ({
      path: f.path,
      content: Buffer.from(f.content.toString().replace('schedulerObservingAffinityName: primary', `schedulerObservingAffinityName: ${written}`)),
    }));
    const placements = parseStatusTree(files, [], 'placement');
    expect(placements.placements[0]?.affinityName).toBe(affinityName);
    expect(placements.warnings).toHaveLength(warnings);
    if (affinityName !== undefined) expect(placements.placements).toEqual(parseStatusTree(files, []).placements);
  });

  it.each(['full', 'placement'] as const)("keeps the applied placement in Karmada's annotation, verbatim (%s read)", (detail) => {
    const appliedPlacement = JSON.stringify({
      clusterAffinity: { clusterNames: ['member1', 'member2'] },
      clusterTolerations: [{ key: 'a: b', operator: 'Exists' }],
    });
    const files = statusFiles({ ...report, templates: [{ ...healthy, appliedPlacement }] }, []).map((f) => ({ path: f.path, content: Buffer.from(f.content) }));
    const doc = files.find((f) => f.path === resourcePath(healthy.resource))?.content.toString() ?? '';
    expect(doc).toContain('policy.karmada.io/applied-placement:');
    expect(parseStatusTree(files, [], detail).placements[0]?.appliedPlacement).toBe(appliedPlacement);
  });

  it('STATUS.md shows per cluster readiness and capacity, per template clusters, replicas, health and problems, with links', () => {
    const md = statusMarkdown(report, []);
    expect(md).toContain('1 healthy, 1 unhealthy, 0 unknown · 1/2 clusters ready');
    expect(md).toContain('| [member1](clusters/member1.yaml) | ✅ Ready | 3/3 | 1100m / 12 | 2Gi / 48Gi | 4 / 330 | v1.31.0 |');
    expect(md).toContain('| [member2](clusters/member2.yaml) | ❌ ClusterNotReachable |');
    expect(md).toContain('### ❌ Deployment/default/web');
    expect(md).toContain('[binding](resources/apps/Deployment/default/web.yaml)');
    expect(md).toContain('| member1 | 2 | 2 | yes | Healthy |');
    expect(md).toContain('| member2 | 2 | 0 | yes | Unhealthy |');
    expect(md).toContain('- member2: Unhealthy (0/2 available)');
  });

  it('STATUS.md lists troubled templates first and folds healthy ones past the limit', () => {
    const md = statusMarkdown(report, [], { maxTemplateSections: 1 });
    expect(md).toContain('Deployment/default/web');
    expect(md).not.toContain('### ✅ ClusterRole/system:reader');
    expect(md).toContain('… and 1 more healthy templates');
  });
});

describe('readyReplicas', () => {
  it.each([
    ['a Deployment status with its counter', { readyReplicas: 2, replicas: 2 }, 2],
    ['a workload status without the counter has none ready (zeros are omitted)', { replicas: 2, updatedReplicas: 2 }, 0],
    ['a DaemonSet counts numberReady', { numberReady: 3, desiredNumberScheduled: 3 }, 3],
    ['a kind without replicas has no count', { loadBalancer: {} }, undefined],
    ['no status has no count', undefined, undefined],
  ])('%s', (_name, status, expected) => {
    expect(readyReplicas(status)).toBe(expected);
  });
});
