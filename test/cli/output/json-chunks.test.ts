import { describe, expect, it } from 'vitest';
import { jsonChunks } from '../../../src/cli/output/json-chunks.ts';

const joined = (pieces: Iterable<string | Buffer>) => Buffer.concat([...pieces].map((p) => (typeof p === 'string' ? Buffer.from(p) : p))).toString('utf8');

const shared = { kind: 'ConfigMap', data: { a: 'x\ny "quoted"' }, list: [1, { b: [] }] };

describe('jsonChunks', () => {
  it.each<[string, unknown, number]>([
    ['an empty object', {}, 3],
    ['an empty array at the root', [], 1],
    ['nested empties', { a: {}, b: [], c: [[]], d: [{}] }, 1],
    ['primitives of every kind', { s: 'é\u2028\t"', n: -1.5e-7, t: true, f: false, z: null, inf: Infinity, nan: Number.NaN }, 2],
    ['skipped values: dropped from objects, null in arrays', { u: undefined, fn: () => 1, sym: Symbol('s'), a: [undefined, () => 1, Symbol('t')] }, 3],
    ['toJSON at every depth', { d: new Date(0), w: { deep: { toJSON: (key: string) => `key ${key}` } }, a: [{ toJSON: () => undefined }] }, 3],
    ['integer-like keys come first, as in JSON.stringify', { b: 1, 2: 'two', a: { 10: 'ten', 1: 'one' } }, 1],
    ['one object met many times at the native depth', { works: { m1: [shared, shared], m2: [shared] }, other: shared }, 3],
    ['the same object at different depths', { a: shared, b: { c: shared, d: [shared] } }, 2],
    ['native from the root', { works: { m1: [shared] } }, 0],
  ])('writes exactly JSON.stringify(value, null, 2): %s', (_name, value, depth) => {
    expect(joined(jsonChunks(value, depth))).toBe(JSON.stringify(value, null, 2));
  });

  it('keeps the bytes of shared objects only: a piece met once is not held, a shared one is one Buffer', () => {
    const once = { kind: 'Secret' };
    const pieces = [...jsonChunks({ works: { m1: [once, shared], m2: [shared, shared] } }, 3)];
    const of = (value: object) => pieces.filter((p) => String(p) === JSON.stringify(value, null, 2).replaceAll('\n', '\n      '));
    expect(of(once).map((p) => typeof p)).toEqual(['string']);
    const [first, second, third] = of(shared);
    expect([typeof first, Buffer.isBuffer(second), second === third]).toEqual(['string', true, true]);
  });

  it('serialises an object met again at the native depth at most twice', () => {
    let reads = 0;
    const counted = {
      get data() {
        reads++;
        return { a: '1' };
      },
    };
    const doc = { works: { m1: [counted], m2: [counted, counted] } };
    expect(joined(jsonChunks(doc, 3))).toBe(JSON.stringify(doc, null, 2));
    // JSON.stringify above read it three times; the pieces read it twice (met once, then kept).
    expect(reads).toBe(5);
  });
});
