import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../src/model/index.ts';

describe('parseDuration', () => {
  it.each([
    ['milliseconds', '500ms', 500],
    ['seconds', '30s', 30_000],
    ['minutes', '5m', 300_000],
    ['hours and minutes together', '1h30m', 5_400_000],
    ['a bare number as seconds', '15', 15_000],
    ['a fraction', '1.5s', 1_500],
  ])('reads %s', (_name, text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each([
    ['a unit alone', 's'],
    ['an unknown unit', '5d'],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(() => parseDuration(text)).toThrow(/invalid duration/);
  });
});
