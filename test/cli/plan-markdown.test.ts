import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMENT_LIMIT, parseMarkdownLimit, planMarkdown, STEP_SUMMARY_LIMIT } from '../../src/cli/output/plan-markdown.ts';
import type { MarkdownLimit } from '../../src/cli/output/plan-markdown.ts';
import type { PlanDocument } from '../../src/reconcile/plan/plan-document.ts';
import type { ObjectChange } from '../../src/render/works/diff-works.ts';
import { wellFormed } from './markdown-shape.ts';

const COMMIT = 'a'.repeat(40);

/**
 * A plan with `clusters` clusters of `changes` updates each, every diff `lines` lines of `line`;
 * each cluster's diffs name the cluster, so no two clusters share a section.
 */
function syntheticPlan(clusters: number, changes: number, lines: number, line = '+  key: value'): PlanDocument {
  const names = Array.from({ length: clusters }, (_, i) => `member${String(i).padStart(4, '0')}`);
  const diff = (name: string) =>
    [`--- a/${name}`, `+++ b/${name}`, `@@ -1,${lines} +1,${lines} @@`, ...Array.from({ length: lines }, (_, i) => `${line} ${i}`)].join('\n');
  const change = (i: number, cluster: string): ObjectChange => ({
    action: 'update',
    apiVersion: 'v1',
    kind: 'ConfigMap',
    namespace: 'app',
    name: `cm-${i}`,
    diff: diff(`${cluster}/v1/ConfigMap/app/cm-${i}`),
  });
  return {
    source: { repo: '/fleet', ref: 'HEAD', commit: COMMIT, path: '' },
    base: { ref: 'origin/main', commit: 'b'.repeat(40) },
    clusters: names.map((name) => ({ name, ready: true, provider: '', region: '', zone: '', zones: [], labels: {}, taints: [] })),
    bindings: [],
    works: Object.fromEntries(names.map((n) => [n, []])),
    changes: Object.fromEntries(names.map((n) => [n, Array.from({ length: changes }, (_, i) => change(i, n))])),
    replicaMoves: [
      {
        resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'app', name: 'web' },
        replicas: { before: 6, after: 6 },
        clusters: [
          { name: names[0]!, before: 2, after: 3 },
          { name: names[1] ?? names[0]!, before: 4, after: 3 },
        ],
      },
    ],
    diagnostics: [],
  };
}

function size(text: string, unit: MarkdownLimit['unit']): number {
  return unit === 'bytes' ? Buffer.byteLength(text) : [...text].length;
}

describe('planMarkdown within a limit', () => {
  it('prints the whole plan when it fits, without a note', () => {
    const doc = syntheticPlan(2, 2, 5);
    const md = planMarkdown(doc);
    expect(md).toBe(planMarkdown(doc, { limit: null }));
    expect(md).not.toContain('[!WARNING]');
    expect(md).toContain('- `Deployment/app/web`: member0000 2→3, member0001 4→3\n');
    wellFormed(md);
  });

  it("stays under GitHub's comment limit by default, keeping every cluster's row and every change's name", () => {
    const doc = syntheticPlan(5, 40, 60);
    expect(size(planMarkdown(doc, { limit: null }), 'characters')).toBeGreaterThan(COMMENT_LIMIT.max);
    const md = planMarkdown(doc);
    expect(size(md, 'characters')).toBeLessThanOrEqual(COMMENT_LIMIT.max);
    wellFormed(md);
    expect(md).toMatch(
      /^> Shortened to stay within GitHub's limit of 65,536 characters for a comment: \d+ diffs left out, 1 cut\. `flotilla plan --offline --base origin\/main` prints the whole plan\.$/m,
    );
    for (let c = 0; c < 5; c++) expect(md).toContain(`| member000${c} | yes | 0 | 0 | 40 | 0 |`);
    expect(md.match(/^\*\*changed\*\* `ConfigMap\/app\/cm-\d+`/gm)).toHaveLength(200);
    expect(md).toContain('**changed** `ConfigMap/app/cm-39` — _diff left out (size limit)_');
    expect(md).toMatch(/_✂️ \d+ more lines of this diff left out \(size limit\)\._/);
  });

  it('counts a step summary in bytes', () => {
    const doc = syntheticPlan(3, 80, 200, '+  grüße: →→→');
    const md = planMarkdown(doc, { limit: STEP_SUMMARY_LIMIT });
    expect(Buffer.byteLength(planMarkdown(doc, { limit: null }))).toBeGreaterThan(STEP_SUMMARY_LIMIT.max);
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(STEP_SUMMARY_LIMIT.max);
    expect(Buffer.byteLength(md)).toBeGreaterThan(STEP_SUMMARY_LIMIT.max * 0.95);
    wellFormed(md);
  });

  it('never exceeds the limit and never leaves a fence or <details> open', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 2_500, max: 60_000 }),
        fc.constantFrom<MarkdownLimit['unit']>('characters', 'bytes'),
        fc.constantFrom('+  key: value', '-  text: |', '+  ```nested fence```', '+  ü→€ 😀'),
        fc.integer({ min: 0, max: 400 }),
        (clusters, changes, lines, max, unit, line, problems) => {
          const doc = syntheticPlan(clusters, changes, lines, line);
          doc.diagnostics = Array.from({ length: problems }, (_, i) => ({
            file: `apps/f${i}.yaml`,
            line: i + 1,
            column: 1,
            severity: i % 3 ? 'warning' : 'error',
            message: `problem <${i}> | with a message long enough to matter`,
          }));
          const md = planMarkdown(doc, { limit: { max, unit, what: 'the test limit' } });
          expect(size(md, unit)).toBeLessThanOrEqual(max);
          wellFormed(md);
        },
      ),
      { numRuns: 150, seed: 10 },
    );
  });

  it('cuts a long table of clusters with a line saying how many are left out', () => {
    const md = planMarkdown(syntheticPlan(3000, 1, 3), { limit: COMMENT_LIMIT });
    expect(size(md, 'characters')).toBeLessThanOrEqual(COMMENT_LIMIT.max);
    expect(md).toMatch(/\n\n_… and \d+ more clusters \(size limit\)\._\n/);
    expect(md).not.toContain('<details>');
    wellFormed(md);
  });

  it('fences a diff with more backticks than the diff holds', () => {
    const md = planMarkdown(syntheticPlan(1, 1, 2, '+  doc: ````md'));
    expect(md).toContain('`````diff\n');
    wellFormed(md);
  });

  it('reads --markdown-limit', () => {
    expect(parseMarkdownLimit('comment')).toBe(COMMENT_LIMIT);
    expect(parseMarkdownLimit('step-summary')).toBe(STEP_SUMMARY_LIMIT);
    expect(parseMarkdownLimit('none')).toBeNull();
    expect(parseMarkdownLimit('4000')).toEqual({ max: 4000, unit: 'characters', what: 'the limit of 4,000 characters' });
    expect(() => parseMarkdownLimit('64k')).toThrow('--markdown-limit: expected comment, step-summary, none or a number of characters, got "64k"');
  });
});
