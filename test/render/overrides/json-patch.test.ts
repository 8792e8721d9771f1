import { describe, expect, it } from 'vitest';
import { applyPatch, type PatchOperation } from '../../../src/render/overrides/json-patch.ts';

const doc = () => ({ a: { b: [1, 2, 3], c: 'x', n: null }, 'k/e~y': 1 });

describe('applyPatch (evanphx/json-patch v5 semantics, docs/karmada-compatibility.md#the-overriders)', () => {
  it.each<[string, PatchOperation[], unknown]>([
    ['add creates a key on an object', [{ op: 'add', path: '/a/d', value: 1 }], { a: { b: [1, 2, 3], c: 'x', n: null, d: 1 }, 'k/e~y': 1 }],
    ['add overwrites an existing key', [{ op: 'add', path: '/a/c', value: 'y' }], { a: { b: [1, 2, 3], c: 'y', n: null }, 'k/e~y': 1 }],
    ['add inserts before an array index', [{ op: 'add', path: '/a/b/0', value: 0 }], { a: { b: [0, 1, 2, 3], c: 'x', n: null }, 'k/e~y': 1 }],
    ['add at the length appends', [{ op: 'add', path: '/a/b/3', value: 4 }], { a: { b: [1, 2, 3, 4], c: 'x', n: null }, 'k/e~y': 1 }],
    ['add with - appends', [{ op: 'add', path: '/a/b/-', value: 4 }], { a: { b: [1, 2, 3, 4], c: 'x', n: null }, 'k/e~y': 1 }],
    ['add with -1 appends', [{ op: 'add', path: '/a/b/-1', value: 4 }], { a: { b: [1, 2, 3, 4], c: 'x', n: null }, 'k/e~y': 1 }],
    ['add with -2 inserts before the last', [{ op: 'add', path: '/a/b/-2', value: 9 }], { a: { b: [1, 2, 9, 3], c: 'x', n: null }, 'k/e~y': 1 }],
    ['a missing value adds null', [{ op: 'add', path: '/z' }], { a: { b: [1, 2, 3], c: 'x', n: null }, 'k/e~y': 1, z: null }],
    ['remove deletes a key', [{ op: 'remove', path: '/a/c' }], { a: { b: [1, 2, 3], n: null }, 'k/e~y': 1 }],
    ['remove with a negative index counts from the end', [{ op: 'remove', path: '/a/b/-1' }], { a: { b: [1, 2], c: 'x', n: null }, 'k/e~y': 1 }],
    ['replace sets an existing array element', [{ op: 'replace', path: '/a/b/1', value: 7 }], { a: { b: [1, 7, 3], c: 'x', n: null }, 'k/e~y': 1 }],
    ['replace of a key holding null works', [{ op: 'replace', path: '/a/n', value: 1 }], { a: { b: [1, 2, 3], c: 'x', n: 1 }, 'k/e~y': 1 }],
    ['~1 and ~0 unescape to / and ~', [{ op: 'replace', path: '/k~1e~0y', value: 2 }], { a: { b: [1, 2, 3], c: 'x', n: null }, 'k/e~y': 2 }],
    ['path "" with add replaces the document', [{ op: 'add', path: '', value: { kind: 'X' } }], { kind: 'X' }],
    ['path "" with replace replaces the document', [{ op: 'replace', path: '', value: [1] }], [1]],
    [
      'later operations see earlier ones',
      [
        { op: 'add', path: '/m', value: {} },
        { op: 'add', path: '/m/k', value: 'v' },
      ],
      { a: { b: [1, 2, 3], c: 'x', n: null }, 'k/e~y': 1, m: { k: 'v' } },
    ],
    ['a leading zero index is accepted like Go Atoi', [{ op: 'replace', path: '/a/b/01', value: 5 }], { a: { b: [1, 5, 3], c: 'x', n: null }, 'k/e~y': 1 }],
  ])('%s', (_name, ops, want) => {
    const input = doc();
    const result = applyPatch(input, ops);
    expect(result).toEqual({ ok: true, doc: want });
    expect(input).toEqual(doc());
  });

  it.each<[string, PatchOperation[], number, string]>([
    ['add needs the parent to exist', [{ op: 'add', path: '/x/y', value: 1 }], 0, 'missing path'],
    ['add past the end of an array fails', [{ op: 'add', path: '/a/b/5', value: 1 }], 0, 'invalid index'],
    ['add below -(len+1) fails', [{ op: 'add', path: '/a/b/-5', value: 1 }], 0, 'invalid index'],
    ['add with a non-numeric array index fails', [{ op: 'add', path: '/a/b/x', value: 1 }], 0, 'proper array index'],
    ['remove of a missing key fails', [{ op: 'remove', path: '/a/zz' }], 0, 'nonexistent key'],
    ['remove past the end fails', [{ op: 'remove', path: '/a/b/3' }], 0, 'invalid index'],
    ['replace of a missing key fails', [{ op: 'replace', path: '/a/zz', value: 1 }], 0, 'missing key'],
    ['replace past the end fails', [{ op: 'replace', path: '/a/b/3', value: 1 }], 0, 'invalid index'],
    ['walking through a string fails', [{ op: 'add', path: '/a/c/x', value: 1 }], 0, 'missing path'],
    ['walking through null fails', [{ op: 'add', path: '/a/n/x', value: 1 }], 0, 'missing path'],
    ['a path without a leading slash fails', [{ op: 'add', path: 'a', value: 1 }], 0, 'missing path'],
    ['a scalar whole-document value fails', [{ op: 'replace', path: '', value: 3 }], 0, 'object or array'],
    ['an unknown operator fails', [{ op: 'move', path: '/a' }], 0, 'Unexpected kind'],
    [
      'the second failing operation is named',
      [
        { op: 'add', path: '/ok', value: 1 },
        { op: 'remove', path: '/nope' },
      ],
      1,
      'nonexistent',
    ],
  ])('%s', (_name, ops, index, reason) => {
    const input = doc();
    const result = applyPatch(input, ops);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.index).toBe(index);
    expect(result.path).toBe(ops[index]?.path);
    expect(result.reason).toContain(reason);
    expect(input).toEqual(doc());
  });

  it('copies only the containers on the path', () => {
    const input = { a: { deep: { x: 1 } }, b: { y: 2 } };
    const result = applyPatch(input, [{ op: 'replace', path: '/a/deep/x', value: 2 }]);
    if (!result.ok) throw new Error('patch failed');
    const out = result.doc as typeof input;
    expect(out.b).toBe(input.b);
    expect(out.a).not.toBe(input.a);
    expect(input.a.deep.x).toBe(1);
  });

  it('never mutates an inserted value when later operations write into it', () => {
    const value = { k: 'v' };
    const result = applyPatch({}, [
      { op: 'add', path: '/m', value },
      { op: 'add', path: '/m/j', value: 1 },
    ]);
    expect(result).toEqual({ ok: true, doc: { m: { k: 'v', j: 1 } } });
    expect(value).toEqual({ k: 'v' });
  });

  it('treats Map objects like JSON objects, keeping key order and appending new keys', () => {
    const input = new Map<string, unknown>([
      ['b', 1],
      ['1', 2],
    ]);
    const result = applyPatch(input, [
      { op: 'add', path: '/a', value: 3 },
      { op: 'replace', path: '/b', value: 4 },
    ]);
    if (!result.ok) throw new Error('patch failed');
    expect([...(result.doc as Map<string, unknown>)]).toEqual([
      ['b', 4],
      ['1', 2],
      ['a', 3],
    ]);
    expect([...input]).toEqual([
      ['b', 1],
      ['1', 2],
    ]);
  });
});
