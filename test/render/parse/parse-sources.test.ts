import { describe, expect, it } from 'vitest';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import type { ParseCache } from '../../../src/render/parse/parse-sources.ts';

function file(path: string, text: string | Buffer, blobId = path) {
  return { path, blobId, content: typeof text === 'string' ? Buffer.from(text) : text };
}

describe('parseSources', () => {
  it.each<[string, string, { objects: string[]; lines: number[]; errors: string[] }]>([
    ['a single object', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n', { objects: ['ConfigMap/a'], lines: [1], errors: [] }],
    [
      'documents separated by ---',
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: b}\n',
      { objects: ['ConfigMap/a', 'Secret/b'], lines: [1, 5], errors: [] },
    ],
    [
      'empty documents and comments are skipped',
      '---\n# nothing\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n',
      { objects: ['ConfigMap/a'], lines: [4], errors: [] },
    ],
    [
      'a List is unwrapped',
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: b}\n',
      { objects: ['ConfigMap/a', 'ConfigMap/b'], lines: [1, 1], errors: [] },
    ],
    [
      'a document without kind is an error',
      'apiVersion: v1\nmetadata: {name: a}\n',
      { objects: [], lines: [], errors: ['1:1: not a Kubernetes object: a document needs a string apiVersion and kind'] },
    ],
    [
      'a scalar document is an error',
      '--- just text\n',
      { objects: [], lines: [], errors: ['1:5: not a Kubernetes object: a document needs a string apiVersion and kind'] },
    ],
    [
      'a syntax error loses only its own document',
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: [oops\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: b}\n',
      { objects: ['ConfigMap/a', 'Secret/b'], lines: [1, 8], errors: ['7:1: invalid YAML: deficient indentation'] },
    ],
    [
      'duplicate keys are an error',
      'apiVersion: v1\nkind: ConfigMap\nkind: Secret\n',
      { objects: [], lines: [], errors: ['3:1: invalid YAML: duplicated mapping key'] },
    ],
    ['JSON is read too', '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}}', { objects: ['ConfigMap/a'], lines: [1], errors: [] }],
  ])('%s', (_name, text, want) => {
    const out = parseSources([file('f.yaml', text)]);
    expect(out.objects.map((o) => `${o.object.kind}/${o.object.metadata?.name}`)).toEqual(want.objects);
    expect(out.objects.map((o) => o.origin.line)).toEqual(want.lines);
    expect(out.diagnostics.map((d) => `${d.line}:${d.column}: ${d.message.split('\n')[0]?.replace(/ \(\d+:\d+\)$/, '')}`)).toEqual(want.errors);
  });

  it('reports a file that is not UTF-8 and keeps reading the others', () => {
    const out = parseSources([
      file('bad.yaml', Buffer.from([0xff, 0xfe, 0x00, 0x41])),
      file('ok.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n'),
    ]);
    expect(out.diagnostics).toEqual([{ file: 'bad.yaml', line: 1, column: 1, severity: 'error', message: 'file is not valid UTF-8 text' }]);
    expect(out.objects).toHaveLength(1);
  });

  const policyText = [
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata: {name: x}',
    '---',
    'apiVersion: policy.karmada.io/v1alpha1',
    'kind: PropagationPolicy',
    'spec:',
    '  resourceSelectors:',
    '    - apiVersion: v1',
    '      kind: ConfigMap',
    '  placement:',
    '    replicaScheduling: {}',
    '',
  ].join('\n');

  it.each<[string, (string | number)[], string]>([
    ['a nested key', ['spec', 'placement', 'replicaScheduling'], '12:5'],
    ['a list item', ['spec', 'resourceSelectors', 0], '9:7'],
    ['a key inside a list item', ['spec', 'resourceSelectors', 0, 'kind'], '10:7'],
    ['a missing field at its parent', ['spec', 'placement', 'nothing'], '11:3'],
    ['the whole object at its first line', [], '5:1'],
  ])('locates %s', (_name, path, want) => {
    const out = parseSources([file('p.yaml', policyText)]);
    const where = out.locate(out.objects[1]!, path);
    expect(`${where.line}:${where.column}`).toBe(want);
  });

  it('resolves merge keys as kubectl does: the mapping merged in, its own keys winning', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  base: &base {a: "1", b: "2"}\n  merged:\n    <<: *base\n    b: "3"\n';
    expect(parseSources([file('m.yaml', text)]).objects[0]?.object['data']).toEqual({ base: { a: '1', b: '2' }, merged: { a: '1', b: '3' } });
  });

  it('reuses a cached parse for an unchanged blob', () => {
    const cache: ParseCache = new Map();
    const first = parseSources([file('a.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n', 'blob1')], cache);
    const second = parseSources([file('a.yaml', 'ignored: because the blob id is the same\n', 'blob1')], cache);
    expect(second.objects[0]!.object).toBe(first.objects[0]!.object);
  });

  describe('identical files at two paths', () => {
    const broken = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\nkind: [oops\n---\napiVersion: v1\nmetadata: {name: b}\n';
    const twins = [file('one/a.yaml', broken, 'same-blob'), file('two/a.yaml', broken, 'same-blob')];

    it('name their own file in every diagnostic and location, pass after pass', () => {
      const cache: ParseCache = new Map();
      for (const out of [parseSources(twins, cache), parseSources(twins, cache)]) {
        expect(out.diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual(['one/a.yaml:6', 'one/a.yaml:7', 'two/a.yaml:6', 'two/a.yaml:7']);
        expect(out.objects.map((o) => o.origin.file)).toEqual(['one/a.yaml', 'two/a.yaml']);
        expect(out.objects.map((o) => out.locate(o, ['metadata', 'name']).file)).toEqual(['one/a.yaml', 'two/a.yaml']);
      }
    });

    it('are each parsed once, not again on every pass', () => {
      const cache: ParseCache = new Map();
      const first = parseSources(twins, cache);
      const second = parseSources(twins, cache);
      expect(second.objects.map((o) => o.object)).toEqual(first.objects.map((o) => o.object));
      for (const [i, o] of second.objects.entries()) expect(o.object).toBe(first.objects[i]!.object);
    });
  });
});
