import { describe, expect, it } from 'vitest';
import { planText } from '../../../src/cli/output/plan-text.ts';
import type { PlanDocument } from '../../../src/reconcile/index.ts';
import type { ObjectChange } from '../../../src/render/works/diff-works.ts';

const ref = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name });
const manifest = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'shop', name } });
const create = (name: string): ObjectChange => ({
  ...ref(name),
  action: 'create',
  diff: `--- /dev/null\n+++ b/${name}\n@@ -0,0 +1 @@\n+name: ${name}\n`,
});

function plan(withChanges: boolean): PlanDocument {
  return {
    source: { repo: '/fleet', ref: 'HEAD', commit: 'a'.repeat(40), path: '' },
    clusters: ['member1', 'member2'].map((name) => ({ name, ready: true, provider: '', region: '', zone: '', zones: [], labels: {}, taints: [] })),
    bindings: [],
    works: { member1: [manifest('a'), manifest('b')], member2: [manifest('c')] },
    ...(withChanges ? { changes: { member1: [create('a'), create('b')], member2: [create('c')] } } : {}),
    diagnostics: [],
  };
}
const paint = (_format: unknown, text: string) => text;

describe('plan --summary', () => {
  it.each<[string, boolean, boolean, string[], string[]]>([
    [
      'a live plan shows the first change with its diff, the rest as counts',
      true,
      true,
      [
        '  member1: 2 objects; 2 to create, 0 to change, 0 to prune',
        '    + ConfigMap/shop/a',
        '        +name: a',
        '  member2: 1 objects; 1 to create',
        '(2 more objects counted above',
      ],
      ['ConfigMap/shop/b', '+name: b', 'ConfigMap/shop/c'],
    ],
    ['an offline plan shows counts only', false, true, ['  member1: 2 objects', '  member2: 1 objects', '(3 more objects counted above'], ['ConfigMap/shop/a']],
    ['without it every change is listed with its diff', true, false, ['    + ConfigMap/shop/b', '        +name: c'], ['more objects counted above']],
  ])('%s', (_name, withChanges, summary, present, absent) => {
    const text = planText(plan(withChanges), paint, { diffs: true, summary });
    for (const line of present) expect(text).toContain(line);
    for (const line of absent) expect(text).not.toContain(line);
  });
});
