import { describe, expect, it } from 'vitest';
import { planText } from '../../../src/cli/output/plan-text.ts';
import type { PlanDocument } from '../../../src/reconcile/plan/plan-document.ts';

const web = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' };
const paint = (_format: unknown, text: string) => text;

describe('plan output shows the descheduler’s last move', () => {
  it('notes which members gave up replicas, and when', () => {
    // The fields the descheduler's plan view gives the entry (src/controllers/descheduler/view.ts).
    const binding = {
      resource: web,
      policy: { kind: 'PropagationPolicy' as const, namespace: 'shop', name: 'web' },
      replicas: 4,
      hasReplicas: true,
      clusters: [{ name: 'member2', replicas: 4 }],
      error: null,
      descheduled: {
        at: '2026-01-01T00:10:00.000Z',
        message: 'Binding has been descheduled, 2 total descheduled replica(s), 2 replica(s) in cluster(member1)',
        clusters: [{ name: 'member1', spec: 2, target: 0 }],
      },
    };
    const doc: PlanDocument = {
      source: { repo: '/fleet', ref: 'HEAD', commit: 'a'.repeat(40), path: '' },
      clusters: [],
      bindings: [binding],
      works: {},
      diagnostics: [],
    };
    expect(planText(doc, paint)).toContain(
      'Deployment/shop/web  PropagationPolicy/shop/web  4 replicas → member2: 4 (descheduled 2026-01-01T00:10:00.000Z: member1 2→0)',
    );
  });
});
