import { describe, expect, it } from 'vitest';
import type { FieldOverrider, KubeObject } from '../../../src/model/index.ts';
import { applyFieldOverriders } from '../../../src/render/overrides/field-overrider.ts';

function configMap(key: string, text: string): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { [key]: text } };
}

function run(text: string, entry: Omit<FieldOverrider, 'fieldPath'>): unknown {
  const result = applyFieldOverriders(configMap('f', text), [{ fieldPath: '/data/f', ...entry }]);
  return result.ok ? (result.doc['data'] as Record<string, unknown>)['f'] : { entry: result.entry, path: result.path };
}

describe('fieldOverrider with yaml (go-yaml v2 round trip, docs/karmada-compatibility.md#the-overriders)', () => {
  it.each<[string, string, Omit<FieldOverrider, 'fieldPath'>, string]>([
    [
      'the overridemanager_test example',
      'key:\n  key1: value\n',
      { yaml: [{ subPath: '/key/key1', operator: 'replace', value: 'updated_value' }] },
      'key:\n  key1: updated_value\n',
    ],
    ['keys come out sorted', 'b: 1\na: 2\n', { yaml: [{ subPath: '/c', operator: 'add', value: 3 }] }, 'a: 2\nb: 1\nc: 3\n'],
    ['digit runs sort as numbers', 'key10: 1\nkey9: 2\n', { yaml: [{ subPath: '/key1', operator: 'add', value: 0 }] }, 'key1: 0\nkey9: 2\nkey10: 1\n'],
    [
      'YAML 1.1 booleans become true/false',
      'a: on\nb: yes\nc: off\n',
      { yaml: [{ subPath: '/d', operator: 'add', value: 'x' }] },
      'a: true\nb: true\nc: false\nd: x\n',
    ],
    ['1.10 becomes 1.1', 'v: 1.10\n', { yaml: [{ subPath: '/w', operator: 'add', value: 1 }] }, 'v: 1.1\nw: 1\n'],
    ['YAML 1.1 octal and underscores are numbers', 'a: 010\nb: 1_000\n', { yaml: [{ subPath: '/c', operator: 'add', value: 1 }] }, 'a: 8\nb: 1000\nc: 1\n'],
    [
      'sequences are not indented under their key',
      'l:\n    - a\n    - b\n',
      { yaml: [{ subPath: '/l/-', operator: 'add', value: 'c' }] },
      'l:\n- a\n- b\n- c\n',
    ],
    ['comments and anchors are lost', '# c\na: &x 1\nb: *x\n', { yaml: [{ subPath: '/c', operator: 'add', value: 2 }] }, 'a: 1\nb: 1\nc: 2\n'],
    [
      'strings that read as other types are double quoted',
      'a: "true"\nb: "1.5"\nc: "2001-12-14"\n',
      { yaml: [{ subPath: '/d', operator: 'add', value: 'yes' }] },
      'a: "true"\nb: "1.5"\nc: "2001-12-14"\nd: "yes"\n',
    ],
    [
      'dates and sexagesimals stay strings',
      'd: 2001-12-14\nt: 12:30\n',
      { yaml: [{ subPath: '/x', operator: 'add', value: 1 }] },
      'd: "2001-12-14"\nt: "12:30"\nx: 1\n',
    ],
    ['strings needing quotes for syntax are single quoted', 'a: "x: y"\n', { yaml: [{ subPath: '/b', operator: 'add', value: '#c' }] }, "a: 'x: y'\nb: '#c'\n"],
    [
      'floats use Go %g',
      'a: 1\n',
      {
        yaml: [
          { subPath: '/b', operator: 'add', value: 1234567.5 },
          { subPath: '/c', operator: 'add', value: 0.00001 },
        ],
      },
      'a: 1\nb: 1.2345675e+06\nc: 1e-05\n',
    ],
    ['strings with a tab are double quoted', 'a: 1\n', { yaml: [{ subPath: '/t', operator: 'add', value: 'x\ty' }] }, 'a: 1\nt: "x\\ty"\n'],
    ['multi-line strings are literal blocks', 'a: 1\n', { yaml: [{ subPath: '/s', operator: 'add', value: 'x\ny\n' }] }, 'a: 1\ns: |\n  x\n  y\n'],
    ['a root list is patched', '- a\n', { yaml: [{ subPath: '/0', operator: 'replace', value: 'b' }] }, '- b\n'],
    [
      'yaml wins over json when both are set',
      'a: 1\n',
      { yaml: [{ subPath: '/a', operator: 'replace', value: 2 }], json: [{ subPath: '/a', operator: 'replace', value: 3 }] },
      'a: 2\n',
    ],
  ])('%s', (_name, text, entry, want) => {
    expect(run(text, entry)).toBe(want);
  });
});

describe('fieldOverrider with json (evanphx on raw text, docs/karmada-compatibility.md#the-overriders)', () => {
  it.each<[string, string, Omit<FieldOverrider, 'fieldPath'>, string]>([
    [
      'the overridemanager_test example',
      '{"key":{"key1":"value"}}',
      { json: [{ subPath: '/key/key1', operator: 'replace', value: 'updated_value' }] },
      '{"key":{"key1":"updated_value"}}',
    ],
    ['original key order is kept and new keys appended', '{"b":1,"a":2}', { json: [{ subPath: '/c', operator: 'add', value: 3 }] }, '{"b":1,"a":2,"c":3}'],
    ['integer-like keys keep their place', '{"b":1,"10":2}', { json: [{ subPath: '/b', operator: 'replace', value: 0 }] }, '{"b":0,"10":2}'],
    [
      'output is compact and untouched numbers keep their text',
      '{ "a" : 1.0,\n "b": [1e3] }',
      { json: [{ subPath: '/c', operator: 'add', value: true }] },
      '{"a":1.0,"b":[1e3],"c":true}',
    ],
    ['<, > and & are escaped', '{"h":"<b>&"}', { json: [{ subPath: '/i', operator: 'add', value: 'a&b' }] }, '{"h":"\\u003cb\\u003e\\u0026","i":"a\\u0026b"}'],
    [
      'an inserted object is written with sorted keys',
      '{}',
      { json: [{ subPath: '/o', operator: 'add', value: { z: 1, a: [null] } }] },
      '{"o":{"a":[null],"z":1}}',
    ],
    ['remove', '{"a":1,"b":2}', { json: [{ subPath: '/a', operator: 'remove' }] }, '{"b":2}'],
    ['a root array is patched', '[1,2]', { json: [{ subPath: '/-', operator: 'add', value: 3 }] }, '[1,2,3]'],
    ['an empty text is left empty', '', { json: [{ subPath: '/a', operator: 'add', value: 1 }] }, ''],
    ['neither yaml nor json sets the field to the empty string', '{"a":1}', {}, ''],
  ])('%s', (_name, text, entry, want) => {
    expect(run(text, entry)).toBe(want);
  });
});

describe('fieldOverrider failures', () => {
  it.each<[string, KubeObject, FieldOverrider, string]>([
    ['a missing field fails', configMap('f', 'a: 1'), { fieldPath: '/data/g', yaml: [{ subPath: '/a', operator: 'remove' }] }, '/data/g'],
    ['a non-string field fails', configMap('f', 'a: 1'), { fieldPath: '/data', yaml: [{ subPath: '/a', operator: 'remove' }] }, '/data'],
    ['a pointer without a leading slash fails', configMap('f', 'a: 1'), { fieldPath: 'data/f', yaml: [{ subPath: '/a', operator: 'remove' }] }, 'data/f'],
    ['invalid YAML fails', configMap('f', 'a: [1'), { fieldPath: '/data/f', yaml: [{ subPath: '/a', operator: 'remove' }] }, '/data/f'],
    ['invalid JSON fails', configMap('f', '{"a":'), { fieldPath: '/data/f', json: [{ subPath: '/a', operator: 'remove' }] }, '/data/f'],
    ['a scalar JSON document fails', configMap('f', '"x"'), { fieldPath: '/data/f', json: [{ subPath: '/a', operator: 'add', value: 1 }] }, '/data/f'],
    ['a scalar YAML document fails', configMap('f', 'just text'), { fieldPath: '/data/f', yaml: [{ subPath: '/a', operator: 'add', value: 1 }] }, '/data/f/a'],
    [
      'a failing sub-operation names the sub path',
      configMap('f', 'a: 1'),
      { fieldPath: '/data/f', yaml: [{ subPath: '/b/c', operator: 'replace', value: 1 }] },
      '/data/f/b/c',
    ],
  ])('%s', (_name, obj, entry, path) => {
    const result = applyFieldOverriders(obj, [entry]);
    expect(result).toMatchObject({ ok: false, entry: 0, path });
  });

  it('names the failing entry and leaves the input untouched', () => {
    const input = configMap('f', '{"a":1}');
    const result = applyFieldOverriders(input, [
      { fieldPath: '/data/f', json: [{ subPath: '/b', operator: 'add', value: 2 }] },
      { fieldPath: '/data/f', json: [{ subPath: '/zz', operator: 'remove' }] },
    ]);
    expect(result).toMatchObject({ ok: false, entry: 1, path: '/data/f/zz' });
    expect(input['data']).toEqual({ f: '{"a":1}' });
  });

  it('applies entries in order, each on the result of the previous one', () => {
    const result = applyFieldOverriders(configMap('f', '{"a":1}'), [
      { fieldPath: '/data/f', json: [{ subPath: '/b', operator: 'add', value: 2 }] },
      { fieldPath: '/data/f', json: [{ subPath: '/a', operator: 'remove' }] },
    ]);
    expect(result.ok && result.doc['data']).toEqual({ f: '{"b":2}' });
  });
});
