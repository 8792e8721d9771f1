import { describe, expect, it } from 'vitest';
import { ageOf, humanDuration } from '../../src/search/human-duration.ts';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('humanDuration (kubectl ages)', () => {
  it.each([
    [-3 * s, '<invalid>'],
    [-1 * s, '0s'],
    [0, '0s'],
    [45 * s, '45s'],
    [119 * s, '119s'],
    [2 * m, '2m'],
    [5 * m + 30 * s, '5m30s'],
    [10 * m + 30 * s, '10m'],
    [179 * m, '179m'],
    [3 * h, '3h'],
    [3 * h + 10 * m, '3h10m'],
    [8 * h + 10 * m, '8h'],
    [47 * h, '47h'],
    [2 * d, '2d'],
    [2 * d + 4 * h, '2d4h'],
    [8 * d + 4 * h, '8d'],
    [400 * d, '400d'],
    [3 * 365 * d + 12 * d, '3y12d'],
    [9 * 365 * d, '9y'],
  ])('%d ms → %s', (ms, want) => expect(humanDuration(ms)).toBe(want));

  it('reads an RFC 3339 creation time', () => {
    expect(ageOf('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:05:00Z'))).toBe('5m');
    expect(ageOf(undefined, 0)).toBe('<unknown>');
  });
});
