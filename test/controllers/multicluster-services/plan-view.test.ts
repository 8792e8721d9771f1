import { describe, expect, it } from 'vitest';
import { planText } from '../../../src/cli/output/plan-text.ts';
import { planMultiClusterServices } from '../../../src/controllers/multicluster-services/plan-view.ts';
import type { PlanDocument } from '../../../src/reconcile/plan/plan-document.ts';
import { exportYaml, ingressYaml, load, mcsYaml, render } from '../../controllers/multicluster-services/fixtures.ts';

const planned = (yaml: string) => {
  const fleet = load(yaml);
  return planMultiClusterServices(fleet, render(fleet));
};
const plain = (_format: unknown, text: string) => text;
/** A plan with the document fields the controller's plan view gives (`multiClusterServices`, `multiClusterIngresses`). */
const planDoc = (fields: Readonly<Record<string, unknown>>): PlanDocument => ({
  source: { repo: 'r', ref: 'HEAD', commit: 'c'.repeat(40), path: '' },
  clusters: [],
  bindings: [],
  works: {},
  diagnostics: [],
  ...fields,
});

describe('plan: the multi-cluster services, with what each member gets of them', () => {
  it.each<[string, string, unknown]>([
    [
      "a MultiClusterService: its Service in every provider's and consumer's Work",
      mcsYaml(['member1'], ['member2']),
      [
        {
          kind: 'MultiClusterService',
          namespace: 'shop',
          name: 'web',
          service: 'web',
          providers: [{ name: 'member1', objects: ['Service/web'] }],
          consumers: [{ name: 'member2', objects: ['Service/web'] }],
        },
      ],
    ],
    [
      'a ServiceExport: Service and ServiceExport in the providers, the ServiceImport and its derived Service in the consumers',
      exportYaml(['member1'], ['member3']).replace(
        'kind: ServiceExport, name: web}]',
        'kind: ServiceExport, name: web}, {apiVersion: v1, kind: Service, name: web}]',
      ),
      [
        {
          kind: 'ServiceExport',
          namespace: 'shop',
          name: 'web',
          service: 'derived-web',
          providers: [{ name: 'member1', objects: ['Service/web', 'ServiceExport/web'] }],
          consumers: [{ name: 'member3', objects: ['Service/derived-web', 'ServiceImport/web'] }],
        },
      ],
    ],
    [
      "a MultiClusterIngress's backend: its Service in the Work of every member that runs it, each providing and consuming",
      ingressYaml(['member1', 'member2']),
      [
        {
          kind: 'MultiClusterIngress',
          namespace: 'shop',
          name: 'web',
          service: 'web',
          providers: [
            { name: 'member1', objects: ['Service/web'] },
            { name: 'member2', objects: ['Service/web'] },
          ],
          consumers: [
            { name: 'member1', objects: ['Service/web'] },
            { name: 'member2', objects: ['Service/web'] },
          ],
        },
      ],
    ],
    [
      'a provider whose Work lacks the Service says so with an empty list',
      exportYaml(['member1'], ['member3']),
      [expect.objectContaining({ providers: [{ name: 'member1', objects: ['ServiceExport/web'] }] })],
    ],
  ])('%s', (_name, yaml, want) => {
    expect(planned(yaml)).toEqual(want);
  });
});

describe('plan text: the multi-cluster services', () => {
  it('the text plan shows them after the Work, and nothing when there is none', () => {
    const doc = planDoc({ multiClusterServices: planned(exportYaml(['member1'], ['member2', 'member3'])) });
    const text = planText(doc, plain, { diffs: false });
    expect(text).toContain(
      [
        'Multi-cluster services (run copies the EndpointSlices):',
        '  ServiceExport shop/web → Service shop/derived-web',
        '    providers: member1 (ServiceExport/web)',
        '    consumers: member2 (Service/derived-web, ServiceImport/web), member3 (Service/derived-web, ServiceImport/web)',
      ].join('\n'),
    );
    expect(planText(planDoc({}), plain, { diffs: false })).not.toContain('Multi-cluster');
  });

  it('the text plan flags a member whose Work holds none of a service, in colour where there is colour', () => {
    const tagged = (format: unknown, text: string) => `<${String(format)}>${text}</${String(format)}>`;
    const doc = planDoc({
      multiClusterServices: [
        {
          kind: 'ServiceExport',
          namespace: 'shop',
          name: 'web',
          service: 'derived-web',
          providers: [{ name: 'member1', objects: [] }],
          consumers: [],
        },
      ],
    });
    const text = planText(doc, tagged, { diffs: false });
    expect(text).toContain('<bold>Multi-cluster services (run copies the EndpointSlices):</bold>');
    expect(text).toContain('    providers: member1 <yellow>(none in its Work)</yellow>');
    expect(text).toContain('    consumers: none');
  });

  it('the text plan lists each MultiClusterIngress with where its backends run', () => {
    const doc = planDoc({
      multiClusterIngresses: [{ namespace: 'shop', name: 'web-ingress', serviceLocations: [{ name: 'web', clusters: ['member1', 'member2'] }] }],
    });
    expect(planText(doc, plain, { diffs: false })).toContain(
      [
        'Multi-cluster ingresses (no load balancer: backends shared among their members):',
        '  MultiClusterIngress shop/web-ingress',
        '    Service web: member1, member2',
      ].join('\n'),
    );
  });
});
