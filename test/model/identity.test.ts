import { describe, expect, it } from 'vitest';
import { compareBytes } from '../../src/model/index.ts';

describe('compareBytes: Go byte order', () => {
  it.each<[string, string, string]>([
    ['a prefix sorts first', 'ab', 'abc'],
    ['the empty string sorts first', '', 'a'],
    ['upper case sorts before lower case', 'B', 'a'],
    ['digits sort before letters', '9', 'A'],
    ['a BMP character above U+E000 sorts before an astral one', '\uffff', '😀'],
    ['accented letters sort after ASCII', 'z', 'é'],
  ])('%s', (_name, low, high) => {
    expect(compareBytes(low, high)).toBeLessThan(0);
    expect(compareBytes(high, low)).toBeGreaterThan(0);
    expect(Math.sign(compareBytes(low, high))).toBe(Math.sign(Buffer.compare(Buffer.from(low), Buffer.from(high))));
  });

  it('equal strings compare equal', () => {
    expect(compareBytes('same', 'same')).toBe(0);
  });
});
