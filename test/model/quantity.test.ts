import { describe, expect, it } from 'vitest';
import { quantityAsMilli, quantityAsNumber } from '../../src/model/index.ts';

describe('Kubernetes quantities', () => {
  it.each<[string, string | number, number | undefined, number | undefined]>([
    ['milli-cores', '100m', 0.1, 100],
    ['a decimal', '1.5', 1.5, 1500],
    ['an exponent', '2e3', 2000, 2_000_000],
    ['a negative exponent', '25E-2', 0.25, 250],
    ['kibibytes', '1Ki', 1024, 1_024_000],
    ['mebibytes', '500Mi', 524_288_000, 524_288_000_000],
    ['fractional gibibytes', '1.5Gi', 1_610_612_736, 1_610_612_736_000],
    ['kilo', '2k', 2000, 2_000_000],
    ['mega', '3M', 3_000_000, 3_000_000_000],
    ['exa as a suffix', '1E', 1e18, 1e21],
    ['a plus sign', '+5', 5, 5000],
    ['a negative value', '-1', -1, -1000],
    ['a leading dot', '.5', 0.5, 500],
    ['a trailing dot', '5.', 5, 5000],
    ['nano rounds milli-values up', '1n', 1e-9, 1],
    ['micro', '1500u', 0.0015, 2],
    ['a bare number', 3, 3, 3000],
    ['a fractional number', 0.25, 0.25, 250],
    ['an upper-case K is not a suffix', '1K', undefined, undefined],
    ['bytes spelled out are not a suffix', '2GiB', undefined, undefined],
    ['a space is not allowed', '1 Gi', undefined, undefined],
    ['an empty string', '', undefined, undefined],
    ['two suffixes', '1Mi2', undefined, undefined],
    ['infinity', Number.POSITIVE_INFINITY, undefined, undefined],
    ['the smallest power of ten: milli-values round up', '1e-400', 0, 1],
    ['one past the largest power of ten', '1e401', undefined, undefined],
    ['a billion-digit negative exponent', '1e-999999999', undefined, undefined],
    ['an exponent beyond a safe integer', '1e99999999999999999999', undefined, undefined],
  ])('%s', (_name, input, base, milli) => {
    expect(quantityAsNumber(input)).toBe(base);
    expect(quantityAsMilli(input)).toBe(milli);
  });
});
