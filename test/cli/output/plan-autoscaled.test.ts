import { describe, expect, it } from 'vitest';
import { placements } from '../../../src/cli/output/markdown/placements.ts';
import { planText } from '../../../src/cli/output/plan-text.ts';
import type { PlanDocument } from '../../../src/reconcile/plan/plan-document.ts';

const web = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' };
const paint = (_format: unknown, text: string) => text;

/** A plan of one binding with the fields the autoscaling controller's plan view gives its entry (src/controllers/autoscaling/plan-view.ts). */
function planOf(replicas: number, autoscaled?: { by: string; templateReplicas: number }): PlanDocument {
  const binding = {
    resource: web,
    policy: { kind: 'PropagationPolicy' as const, namespace: 'shop', name: 'web' },
    replicas,
    hasReplicas: true,
    clusters: [{ name: 'member1', replicas }],
    error: null,
    ...(autoscaled ? { autoscaled } : {}),
  };
  return {
    source: { repo: '/fleet', ref: 'HEAD', commit: 'a'.repeat(40), path: '' },
    clusters: [],
    bindings: [binding],
    works: { member1: [] },
    diagnostics: [],
  };
}

describe('plan output says which autoscaler set a count, from its registration', () => {
  it.each([
    ['scaled up', 6, { by: 'FederatedHPA shop/web', templateReplicas: 4 }, '6 replicas (FederatedHPA shop/web; template says 4) → member1: 6'],
    [
      'scaled to 0: the count is still shown',
      0,
      { by: 'CronFederatedHPA shop/night', templateReplicas: 3 },
      '0 replicas (CronFederatedHPA shop/night; template says 3) → member1',
    ],
    ['not scaled', 4, undefined, 'PropagationPolicy/shop/web  4 replicas → member1: 4'],
    ['not scaled, 0 replicas: no count', 0, undefined, 'PropagationPolicy/shop/web  → member1'],
  ])('text: %s', (_name, replicas, autoscaled, line) => {
    expect(planText(planOf(replicas, autoscaled), paint)).toContain(line);
  });

  it.each([
    ['scaled', { by: 'FederatedHPA shop/<web>', templateReplicas: 4 }, '| 6 (FederatedHPA shop/&lt;web&gt;; template says 4) |'],
    ['not scaled', undefined, '| 6 |'],
  ])('markdown placements: %s', (_name, autoscaled, cell) => {
    expect(placements(planOf(6, autoscaled))).toContain(cell);
  });
});
