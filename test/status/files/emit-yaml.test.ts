import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { emitYaml } from '../../../src/status/index.ts';

const TRICKY = [
  '',
  'yes',
  'No',
  'null',
  '~',
  '123',
  '1.5',
  '0x1F',
  '1e3',
  '100m',
  '1Gi',
  'a: b',
  'a #b',
  '- x',
  ' x',
  'x ',
  'a\nb',
  'tab\there',
  '"q"',
  "it's",
  '*ref',
  '&anchor',
  '!tag',
  '%x',
  '@x',
  '`x',
  '|',
  '>',
  '{a}',
  '[a]',
  'é ✓',
  '2026-01-01T00:00:00Z',
  'a  b',
  'key:',
  ':x',
  '?x',
  '.inf',
  'on',
];

describe('emitYaml', () => {
  it.each(TRICKY.map((s) => [JSON.stringify(s), s]))('the string %s reads back as itself', (_name, value) => {
    expect(load(emitYaml({ value, [value]: 'as a key' }))).toEqual({ value, [value]: 'as a key' });
  });

  it.each([
    ['nested mappings and sequences', { a: [{ b: [1, [2, 3], { c: null }] }, [], {}], d: { e: true, f: -1.5 } }],
    ['a top-level sequence', [{ x: 1 }, 'y', [2]]],
    ['an empty mapping', {}],
  ])('%s read back equal', (_name, value) => {
    expect(load(emitYaml(value))).toEqual(value);
  });

  it('sorts keys, so the same data in any key order gives the same bytes', () => {
    expect(emitYaml({ b: 1, a: { d: 2, c: 3 } })).toBe(emitYaml({ a: { c: 3, d: 2 }, b: 1 }));
    expect(emitYaml({ b: 1, a: { d: 2, c: 3 } })).toBe('a:\n  c: 3\n  d: 2\nb: 1\n');
  });

  it('leaves undefined fields out, as JSON does', () => {
    expect(emitYaml({ a: undefined, b: 1 })).toBe('b: 1\n');
  });
});
