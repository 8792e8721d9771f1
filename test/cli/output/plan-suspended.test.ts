import { describe, expect, it } from 'vitest';
import { planMarkdown } from '../../../src/cli/output/plan-markdown.ts';
import { planText } from '../../../src/cli/output/plan-text.ts';
import type { PlanBinding, PlanDocument } from '../../../src/reconcile/plan/plan-document.ts';

const web = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' };
const cfg = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'cfg' };
const policy = { kind: 'PropagationPolicy' as const, namespace: 'shop', name: 'web' };
const manifest = (ref: typeof web, replicas?: number) => ({
  apiVersion: ref.apiVersion,
  kind: ref.kind,
  metadata: { namespace: ref.namespace, name: ref.name },
  ...(replicas === undefined ? {} : { spec: { replicas } }),
});

function plan(bindings: PlanBinding[]): PlanDocument {
  return {
    source: { repo: '/fleet', ref: 'HEAD', commit: 'a'.repeat(40), path: '' },
    clusters: ['member1', 'member2'].map((name) => ({ name, ready: true, provider: '', region: '', zone: '', zones: [], labels: {}, taints: [] })),
    bindings,
    works: { member1: [manifest(web, 2), manifest(cfg)], member2: [manifest(web, 2), manifest(cfg)] },
    diagnostics: [],
  };
}
const paint = (_format: unknown, text: string) => text;

describe('plan output marks suspended clusters', () => {
  it.each<[string, PlanBinding[], string[], string[]]>([
    [
      'a workload suspended on member2',
      [
        {
          resource: web,
          policy,
          replicas: 4,
          hasReplicas: true,
          clusters: [
            { name: 'member1', replicas: 2 },
            { name: 'member2', replicas: 2 },
          ],
          error: null,
          suspendedClusters: ['member2'],
        },
      ],
      [
        'Deployment/shop/web  PropagationPolicy/shop/web  4 replicas → member1: 2, member2: 2 (suspended)',
        '    Deployment/shop/web (2 replicas) (suspended: not applied, not pruned)',
      ],
      ['| Deployment/shop/web | PropagationPolicy/shop/web | 4 | member1: 2, member2: 2 (suspended) |'],
    ],
    [
      'a non-workload suspended everywhere',
      [
        {
          resource: cfg,
          policy,
          replicas: 0,
          hasReplicas: false,
          clusters: [
            { name: 'member1', replicas: 0 },
            { name: 'member2', replicas: 0 },
          ],
          error: null,
          suspendedClusters: ['member1', 'member2'],
        },
      ],
      ['ConfigMap/shop/cfg  PropagationPolicy/shop/web  → member1 (suspended), member2 (suspended)'],
      ['| ConfigMap/shop/cfg | PropagationPolicy/shop/web | — | member1 (suspended), member2 (suspended) |'],
    ],
  ])('%s', (_name, bindings, textLines, markdownLines) => {
    const doc = plan(bindings);
    const text = planText(doc, paint, { diffs: false });
    for (const line of textLines) expect(text).toContain(line);
    expect(text.match(/suspended: not applied/g)?.length).toBe(bindings[0]!.suspendedClusters!.length);
    const md = planMarkdown(doc);
    for (const line of markdownLines) expect(md).toContain(line);
  });

  it('marks nothing without suspension', () => {
    const doc = plan([
      {
        resource: web,
        policy,
        replicas: 4,
        hasReplicas: true,
        clusters: [
          { name: 'member1', replicas: 2 },
          { name: 'member2', replicas: 2 },
        ],
        error: null,
      },
    ]);
    expect(planText(doc, paint, { diffs: false })).not.toContain('suspended');
    expect(planMarkdown(doc)).not.toContain('suspended');
  });
});
