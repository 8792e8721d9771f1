import { describe, expect, it } from 'vitest';
import { load } from 'js-yaml';
import type { RecordedMultiClusterService } from '../../../src/model/index.ts';
import { emitYaml, parseStatusTree, statusFiles, statusMarkdown, type StatusReport } from '../../../src/status/index.ts';
import { controllerRecordsOfTree, RECORD_SECTIONS } from '../../../src/controllers/index.ts';
import {
  multiClusterServiceDocument,
  multiClusterServicePath,
  parseMultiClusterServiceDocument,
} from '../../../src/controllers/multicluster-services/multicluster-service-document.ts';

const web: RecordedMultiClusterService = {
  kind: 'MultiClusterService',
  namespace: 'shop',
  name: 'web',
  providers: [{ cluster: 'member1', ready: true, slices: 1, endpoints: 3 }],
  consumers: [
    { cluster: 'member2', slices: 1, endpoints: 3, dispatched: true },
    { cluster: 'member3', slices: 0, endpoints: 0, dispatched: false, message: 'not Ready' },
  ],
};
const api: RecordedMultiClusterService = {
  kind: 'ServiceExport',
  namespace: 'shop',
  name: 'api',
  providers: [{ cluster: 'member1', ready: false, slices: 2, endpoints: 4 }],
  consumers: [{ cluster: 'member2', slices: 2, endpoints: 4 }],
};
const backend: RecordedMultiClusterService = {
  kind: 'MultiClusterIngress',
  namespace: 'shop',
  name: 'web',
  providers: [{ cluster: 'member1', ready: true, slices: 1, endpoints: 2 }],
  consumers: [{ cluster: 'member1', slices: 0, endpoints: 0, dispatched: true }],
  ingresses: ['admin-ingress', 'web-ingress'],
};
const report: StatusReport = {
  sourceCommit: 'a'.repeat(40),
  reconciledAt: '2026-01-01T00:00:00.000Z',
  clusters: [],
  templates: [],
  records: { 'multicluster-services': [web, api] },
};

describe('multi-cluster services on the status branch', () => {
  it('one file per service, named by kind, namespace and name, in the shape of its kind', () => {
    const files = statusFiles(report, RECORD_SECTIONS).filter((f) => f.path.startsWith('multicluster-services/'));
    expect(files.map((f) => f.path)).toEqual(['multicluster-services/MultiClusterService/shop/web.yaml', 'multicluster-services/ServiceExport/shop/api.yaml']);
    expect(load(String(files[1]?.content ?? ''))).toEqual({
      apiVersion: 'multicluster.x-k8s.io/v1alpha1',
      kind: 'ServiceExport',
      metadata: { name: 'api', namespace: 'shop' },
      status: { providers: api.providers, consumers: api.consumers },
    });
  });

  it("a MultiClusterIngress's backend: named as its Service, with the ingresses that route to it, read back as written", () => {
    const withIngress: StatusReport = { ...report, records: { 'multicluster-services': [backend] } };
    const files = statusFiles(withIngress, RECORD_SECTIONS).filter((f) => f.path.startsWith('multicluster-services/'));
    expect(files.map((f) => f.path)).toEqual(['multicluster-services/MultiClusterIngress/shop/web.yaml']);
    expect(load(String(files[0]?.content ?? ''))).toEqual({
      apiVersion: 'networking.karmada.io/v1alpha1',
      kind: 'MultiClusterIngress',
      metadata: { name: 'web', namespace: 'shop' },
      status: { ingresses: backend.ingresses, providers: backend.providers, consumers: backend.consumers },
    });
    const tree = parseStatusTree(
      files.map((f) => ({ path: f.path, content: Buffer.from(f.content) })),
      RECORD_SECTIONS,
    );
    expect(tree.records['multicluster-services']).toEqual([backend]);
    expect(statusMarkdown(withIngress, RECORD_SECTIONS)).toContain('routed to by admin-ingress, web-ingress');
  });

  it('reads back as written, into the records a restarted run resumes from', () => {
    const tree = parseStatusTree(
      statusFiles(report, RECORD_SECTIONS).map((f) => ({ path: f.path, content: Buffer.from(f.content) })),
      RECORD_SECTIONS,
    );
    expect(tree.records['multicluster-services']).toEqual([web, api]);
    expect([...controllerRecordsOfTree(tree)['multicluster-services'].keys()]).toEqual(['MultiClusterService/shop/web', 'ServiceExport/shop/api']);
  });

  it.each<[string, unknown, RecordedMultiClusterService | undefined, string[]]>([
    [
      'not a record',
      { kind: 'Service', metadata: { name: 'web', namespace: 'shop' }, status: {} },
      undefined,
      ['not a MultiClusterService, ServiceExport or MultiClusterIngress record with metadata.name, metadata.namespace and a status; ignored'],
    ],
    [
      'a member entry without its counts is dropped, the rest kept',
      { ...multiClusterServiceDocument(web), status: { providers: [{ cluster: 'member1', ready: true }], consumers: web.consumers } },
      { ...web, providers: [] },
      ['status.providers[0]: not a member with its counts; ignored'],
    ],
  ])('%s', (_name, doc, want, warnings) => {
    const seen: string[] = [];
    expect(parseMultiClusterServiceDocument(doc, (m) => seen.push(m))).toEqual(want);
    expect(seen).toEqual(warnings);
  });

  it('STATUS.md lists them, each linked to its file; a fleet without any gets no section', () => {
    const md = statusMarkdown(report, RECORD_SECTIONS);
    expect(md).toContain(
      `## Multi-cluster services\n\n- [MultiClusterService shop/web](${multiClusterServicePath(web)}): providers member1 (3 endpoints); consumers member2 (3 endpoints), member3 (0 endpoints, not dispatched: not Ready)\n- [ServiceExport shop/api](${multiClusterServicePath(api)}): providers member1 (4 endpoints, not dispatched); consumers member2 (4 endpoints)\n`,
    );
    expect(statusMarkdown({ ...report, records: { 'multicluster-services': [] } }, RECORD_SECTIONS)).not.toContain('Multi-cluster');
    expect(emitYaml(multiClusterServiceDocument(web))).toBe(statusFiles(report, RECORD_SECTIONS).find((f) => f.path === multiClusterServicePath(web))?.content);
  });
});
