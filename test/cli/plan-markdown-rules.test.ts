import { describe, expect, it } from 'vitest';
import { planMarkdown } from '../../src/cli/output/plan-markdown.ts';
import type { Diagnostic } from '../../src/model/index.ts';
import type { PlanBinding, PlanDocument } from '../../src/reconcile/plan/plan-document.ts';
import type { ObjectChange } from '../../src/render/works/diff-works.ts';
import { wellFormed } from './markdown-shape.ts';

const names = ['production', 'qa', 'staging'];

function doc(changes: Record<string, ObjectChange[]>, extra: Partial<PlanDocument> = {}): PlanDocument {
  return {
    source: { repo: '/fleet', ref: 'HEAD', commit: 'a'.repeat(40), path: '' },
    base: { ref: 'origin/main', commit: 'b'.repeat(40) },
    clusters: names.map((name) => ({ name, ready: true, provider: '', region: '', zone: '', zones: [], labels: {}, taints: [] })),
    bindings: [],
    works: Object.fromEntries(names.map((n) => [n, []])),
    changes,
    diagnostics: [],
    ...extra,
  };
}

const update = (name: string, line: string): ObjectChange => ({
  action: 'update',
  apiVersion: 'v1',
  kind: 'ConfigMap',
  namespace: 'app',
  name,
  diff: `--- a/v1/ConfigMap/app/${name}\n+++ b/v1/ConfigMap/app/${name}\n@@ -1 +1 @@\n-a: 1\n+${line}`,
});

describe('plan -o markdown: identical changes grouped across clusters', () => {
  it.each([
    {
      name: 'the same change on two clusters is one section, its diff once',
      changes: { production: [update('cm', 'a: 2')], qa: [update('cm', 'a: 3')], staging: [update('cm', 'a: 2')] },
      summaries: ['<b>production, staging</b>: 1 changed · same change', '<b>qa</b>: 1 changed'],
      diffs: 2,
    },
    {
      name: 'every cluster with the same change',
      changes: { production: [update('cm', 'a: 2')], qa: [update('cm', 'a: 2')], staging: [update('cm', 'a: 2')] },
      summaries: ['<b>production, qa, staging</b>: 1 changed · same change'],
      diffs: 1,
    },
    {
      name: 'one change more on a cluster keeps it apart',
      changes: { production: [update('cm', 'a: 2'), update('other', 'b: 1')], qa: [], staging: [update('cm', 'a: 2')] },
      summaries: ['<b>production</b>: 2 changed', '<b>staging</b>: 1 changed'],
      diffs: 3,
    },
  ])('$name', ({ changes, summaries, diffs }) => {
    const md = planMarkdown(doc(changes));
    wellFormed(md);
    const found = [...md.matchAll(/^<summary>(.*)<\/summary>$/gm)].map((m) => m[1]);
    expect(found).toEqual(summaries.map((s) => expect.stringContaining(s)));
    expect(md.match(/^```diff$/gm)).toHaveLength(diffs);
  });

  it('keeps clusters apart when their replica moves differ', () => {
    const move = {
      resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'app', name: 'web' },
      replicas: { before: 4, after: 4 },
      clusters: [
        { name: 'production', before: 2, after: 3 },
        { name: 'staging', before: 2, after: 1 },
      ],
    };
    const md = planMarkdown(doc({ production: [update('cm', 'a: 2')], qa: [], staging: [update('cm', 'a: 2')] }, { replicaMoves: [move] }));
    expect(md).toContain('<summary><b>production</b>: 1 changed · replicas +1</summary>');
    expect(md).toContain('<summary><b>staging</b>: 1 changed · replicas −1</summary>');
  });
});

const warning = (file: string, line: number, message: string, severity: Diagnostic['severity'] = 'warning'): Diagnostic => ({
  file,
  line,
  column: 1,
  severity,
  message,
});

describe('plan -o markdown: diagnostics the base has too', () => {
  const old = warning('apps/a.yaml', 3, 'Deployment/app/a: old warning');
  const moved = { ...old, line: 9 };
  const fresh = warning('apps/b.yaml', 1, 'Deployment/app/b: new warning');
  const error = warning('apps/c.yaml', 1, 'Deployment/app/c: broken', 'error');

  it.each([
    { name: 'without the base every diagnostic is listed', base: undefined, listed: [old, fresh], grouped: 0 },
    { name: 'a warning the base has, even on another line, is grouped apart', base: [old], listed: [fresh], grouped: 1, now: [moved, fresh] },
    { name: 'an error is always listed, even when the base has it', base: [error, old], listed: [error, fresh], grouped: 1, now: [error, old, fresh] },
    { name: 'the same message in another file is new', base: [{ ...old, file: 'apps/z.yaml' }], listed: [old, fresh], grouped: 0 },
  ])('$name', ({ base, listed, grouped, now }) => {
    const diagnostics = now ?? [old, fresh];
    const md = planMarkdown(doc({}, { diagnostics }), base ? { baseDiagnostics: base } : {});
    wellFormed(md);
    const [main, rest] = md.split(/<summary>\d+ warnings? also on the base<\/summary>/);
    for (const d of listed) expect(main).toContain(d.message);
    if (grouped === 0) {
      expect(rest).toBeUndefined();
      return;
    }
    expect(md).toContain(`<summary>${grouped} warning also on the base</summary>`);
    expect(rest).toContain(old.message);
    expect(main).not.toContain(old.message);
  });
});

const binding = (kind: string, name: string, extra: Partial<PlanBinding>): PlanBinding => ({
  resource: { apiVersion: kind === 'Deployment' ? 'apps/v1' : 'v1', kind, namespace: kind === 'Namespace' ? '' : 'app', name },
  policy: null,
  replicas: 0,
  hasReplicas: false,
  clusters: [],
  error: null,
  ...extra,
});

const policy = { kind: 'PropagationPolicy' as const, namespace: 'app', name: 'web' };
const manifest = (kind: string, name: string, namespace?: string) => ({ apiVersion: 'v1', kind, metadata: { name, ...(namespace ? { namespace } : {}) } });

describe('plan -o markdown: placements', () => {
  const bindings = [
    binding('Deployment', 'web', { policy, replicas: 3, hasReplicas: true, clusters: [{ name: 'production', replicas: 3 }] }),
    binding('Deployment', 'idle', { policy, replicas: 0, hasReplicas: true, clusters: [{ name: 'production', replicas: 0 }] }),
    binding('Service', 'web', { policy, clusters: [{ name: 'production', replicas: 0 }] }),
    binding('ConfigMap', 'web-config', { requiredBy: { bindings: ['apps/v1/Deployment/app/web'], clusters: ['production'] } }),
    binding('Namespace', 'app', { note: 'synced to every cluster' }),
    binding('ConfigMap', 'stray', { note: 'no PropagationPolicy or ClusterPropagationPolicy selects it' }),
  ];
  const works = {
    production: [manifest('Namespace', 'app'), manifest('ConfigMap', 'web-config', 'app')],
    qa: [manifest('Namespace', 'app')],
    staging: [manifest('Namespace', 'app')],
  };
  const md = planMarkdown(doc({}, { bindings, works }));

  it('counts dependencies and synced Namespaces as propagated, and leaves out what reaches no cluster', () => {
    expect(md).toContain('<summary>Placements: 5 templates propagated (3 claimed by a policy, 1 as dependencies, 1 namespaces synced)</summary>');
    expect(md).not.toContain('ConfigMap/app/stray');
  });

  it.each([
    { what: 'a workload', row: '| Deployment/app/web | PropagationPolicy/app/web | 3 | production: 3 |' },
    { what: 'a workload scaled to 0 shows 0', row: '| Deployment/app/idle | PropagationPolicy/app/web | 0 | production: 0 |' },
    { what: 'a kind without replicas shows —', row: '| Service/app/web | PropagationPolicy/app/web | — | production |' },
    { what: 'a dependency names its workload', row: '| ConfigMap/app/web-config | dependency of Deployment/app/web | — | production |' },
    { what: 'a synced Namespace lists the clusters whose Work holds it', row: '| Namespace/app | namespace sync | — | production, qa, staging |' },
  ])('$what', ({ row }) => {
    expect(md).toContain(`${row}\n`);
  });
});
