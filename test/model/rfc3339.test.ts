import { describe, expect, it } from 'vitest';
import { parseRfc3339 } from '../../src/model/index.ts';

describe('parseRfc3339', () => {
  it.each([
    ['UTC', '2026-11-29T18:00:00Z', Date.UTC(2026, 10, 29, 18)],
    ['an offset', '2026-11-29T19:30:00+01:30', Date.UTC(2026, 10, 29, 18)],
    ['fractional seconds', '2026-11-29T18:00:00.250Z', Date.UTC(2026, 10, 29, 18, 0, 0, 250)],
    ['lower-case t and z', '2026-11-29t18:00:00z', Date.UTC(2026, 10, 29, 18)],
    ['a leap day', '2028-02-29T00:00:00Z', Date.UTC(2028, 1, 29)],
    ['a date without time', '2026-11-29', undefined],
    ['no zone', '2026-11-29T18:00:00', undefined],
    ['February 30th', '2026-02-30T00:00:00Z', undefined],
    ['February 29th of a common year', '2026-02-29T00:00:00Z', undefined],
    ['month 13', '2026-13-01T00:00:00Z', undefined],
    ['hour 24', '2026-11-29T24:00:00Z', undefined],
    ['an offset hour of 24', '2026-11-29T18:00:00+24:00', undefined],
    ['a Unix time', '1764439200', undefined],
    ['prose', 'now', undefined],
  ])('%s', (_name, text, expected) => {
    expect(parseRfc3339(text)).toBe(expected);
  });
});
