import { parseEvents } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { aliasExpansions, excessiveAliasing } from '../../../src/render/parse/alias-budget.ts';
import { MAX_DOCUMENTS_PER_FILE, MAX_FILE_BYTES } from '../../../src/render/parse/file-limits.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';

function file(path: string, text: string | Buffer) {
  return { path, blobId: path, content: typeof text === 'string' ? Buffer.from(text) : text };
}

const OK = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n';

/** A ConfigMap whose `x` expands to `fanOut ** levels` strings: a "billion laughs" at 10 and 9. */
function laughs(levels: number, fanOut: number): string {
  const lines = ['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: bomb}', 'x:', '  a0: &a0 "lol"'];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `  a${i}: &a${i} [${Array(fanOut)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

function expansion(text: string) {
  return aliasExpansions(text, parseEvents(text, {}));
}

describe('alias expansion', () => {
  it.each<[string, string, { nodes: number; aliased: number }]>([
    ['no alias', 'a: [1, 2]\n', { nodes: 5, aliased: 0 }],
    ['a scalar alias', 'a: &x v\nb: *x\n', { nodes: 6, aliased: 1 }],
    ['a sequence alias counts its whole subtree', 'a: &x [1, 2]\nb: *x\n', { nodes: 10, aliased: 3 }],
    ['nested aliases multiply', 'a: &x [1, 2]\nb: &y [*x, *x]\nc: *y\n', { nodes: 26, aliased: 6 + 9 }],
  ])('%s', (_case, text, expected) => {
    expect(expansion(text)).toEqual([{ ...expected, offset: 0 }]);
  });

  it('measures each document on its own, anchors included', () => {
    const found = expansion('a: &x [1, 2]\nb: *x\n---\nc: *x\n');
    expect(found.map((d) => d.aliased)).toEqual([3, 0]);
    expect(found[1]?.offset).toBe(23);
  });

  it.each<[string, number, number, boolean]>([
    ['a billion laughs is excessive', 9, 10, true],
    ['a few shared anchors are not', 2, 10, false],
    ['a wide but shallow expansion below a thousand nodes is not', 1, 500, false],
  ])('%s', (_case, levels, fanOut, excessive) => {
    const [doc] = expansion(laughs(levels, fanOut));
    expect(excessiveAliasing(doc!)).toBe(excessive);
  });

  it('follows go-yaml: a large document may alias only a falling share of its nodes', () => {
    expect(excessiveAliasing({ nodes: 399_000, aliased: 390_000, offset: 0 })).toBe(false);
    expect(excessiveAliasing({ nodes: 399_000, aliased: 396_000, offset: 0 })).toBe(true);
    expect(excessiveAliasing({ nodes: 5_000_000, aliased: 400_000, offset: 0 })).toBe(false);
    expect(excessiveAliasing({ nodes: 5_000_000, aliased: 600_000, offset: 0 })).toBe(true);
  });
});

describe('parse limits', { timeout: 30_000 }, () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: m${i}}\n`).join('---\n');
  const list = (n: number) =>
    `apiVersion: v1\nkind: List\nitems:\n${Array.from({ length: n }, (_, i) => `- {apiVersion: v1, kind: ConfigMap, metadata: {name: m${i}}}\n`).join('')}`;

  it.each<[string, string | Buffer, RegExp, number]>([
    [
      "an alias bomb is refused at its document, the file's other documents kept",
      `${OK}---\n${laughs(12, 10)}`,
      /^5:1: invalid YAML: document contains excessive aliasing: \d+ of its \d+ nodes come from aliases$/,
      1,
    ],
    [
      'nesting beyond 100 levels is refused',
      `${OK}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: d}\nx: ${'['.repeat(5000)}${']'.repeat(5000)}\n`,
      /invalid YAML: nesting exceeded maxDepth \(100\)/,
      1,
    ],
    [
      'too many documents refuse the file',
      many(MAX_DOCUMENTS_PER_FILE + 1),
      /^1:1: too many documents: 10001 in one file, over the 10000 a manifest file may hold; not read$/,
      0,
    ],
    ['a List of too many items refuses the file', list(MAX_DOCUMENTS_PER_FILE + 1), /^1:1: too many documents: 10001 in one file/, 0],
    [
      'an object over 1.5 MiB is refused, the others kept',
      `${OK}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata: {k: "${'x'.repeat(2 * 1024 * 1024)}"}\n`,
      /^5:1: object too large: 2\.0 MiB as JSON, over the 1\.5 MiB a Kubernetes API server stores/,
      1,
    ],
    [
      'a file over 32 MiB is not parsed',
      Buffer.alloc(MAX_FILE_BYTES + 1, 0x20),
      /^1:1: file too large: 32\.0 MiB, over the 32\.0 MiB a manifest file may hold; not read$/,
      0,
    ],
    [
      'a NUL past the binary sniff is a syntax error',
      `${OK}---\n${' '.repeat(9000)}\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: n}\ndata: {k: "a\0b"}\n`,
      /invalid YAML/,
      1,
    ],
  ])('%s', (_case, content, message, kept) => {
    const started = Date.now();
    const out = parseSources([file('hostile.yaml', content), file('ok.yaml', OK)]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(out.diagnostics.map((d) => `${d.file} ${d.severity}`)).toEqual(['hostile.yaml error']);
    expect(`${out.diagnostics[0]?.line}:${out.diagnostics[0]?.column}: ${out.diagnostics[0]?.message}`).toMatch(message);
    expect(out.objects.filter((o) => o.origin.file === 'hostile.yaml')).toHaveLength(kept);
    expect(out.objects.filter((o) => o.origin.file === 'ok.yaml')).toHaveLength(1);
  });

  it('keeps exactly the limit of documents', () => {
    const out = parseSources([file('f.yaml', many(MAX_DOCUMENTS_PER_FILE))]);
    expect(out.diagnostics).toEqual([]);
    expect(out.objects).toHaveLength(MAX_DOCUMENTS_PER_FILE);
  });
});
