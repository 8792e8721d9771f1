import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addQuantities,
  formatQuantity,
  newMilliQuantity,
  newQuantity,
  parseQuantity,
  QuantityParseError,
  quantityMilliValue,
  quantityValue,
  toQuantity,
} from '../../src/model/exact-quantity.ts';

describe('formatQuantity', () => {
  it.each([
    ['1.5 prints as 1500m', '1.5', '1500m'],
    ['2000m prints as 2', '2000m', '2'],
    ['1Gi stays binary', '1Gi', '1Gi'],
    ['1536Mi stays 1536Mi', '1536Mi', '1536Mi'],
    ['a small binary value prints decimal', '512', '512'],
    ['100M stays 100M', '100M', '100M'],
    ['1.2G prints as 1200M', '1.2G', '1200M'],
    ['1e3 keeps the exponent form', '1e3', '1e3'],
    ['zero prints as 0', '0m', '0'],
    ['sub-nano values round up', '0.0000000001', '1n'],
    ['2048Ki becomes 2Mi', '2048Ki', '2Mi'],
  ])('%s', (_name, input, expected) => {
    expect(formatQuantity(parseQuantity(input))).toBe(expected);
  });

  it.each([['abc'], [''], ['1.2.3'], ['1Qi'], ['.']])('rejects %j', (input) => {
    expect(() => parseQuantity(input)).toThrow(/quantities must match/);
  });
});

describe('the power of ten is bounded like model quantities (±400)', () => {
  it.each([
    ['the largest exponent', '1e400', '10e399'],
    ['the smallest exponent rounds up to nano', '1e-400', '1e-9'],
    ['a long fraction within the bound', `0.${'0'.repeat(399)}1`, '1n'],
  ])('accepts %s', (_name, input, expected) => {
    expect(formatQuantity(parseQuantity(input))).toBe(expected);
  });

  it.each([
    ['a billion-digit negative exponent', '1e-999999999'],
    ['a billion-digit positive exponent', '1e999999999'],
    ['an exponent beyond a safe integer', '1e-99999999999999999999'],
    ['one past the largest exponent', '1e401'],
    ['one past the smallest exponent', '1e-401'],
    ['a fraction one digit too long', `0.${'0'.repeat(400)}1`],
    ['a fraction that moves a large exponent past the bound', '1.5e-400'],
  ])('rejects %s', (_name, input) => {
    expect(() => parseQuantity(input)).toThrow(QuantityParseError);
    expect(() => parseQuantity(input)).toThrow(`quantities must have a power of ten within ±400: "${input}"`);
  });
});

describe('formatQuantity of the longest values a script can pass', () => {
  const zeros = '0'.repeat(300_000);
  it.each([
    ['trailing zeros', `1${zeros}`, '0', '1e300000'],
    ['zeros inside the digits', `1${zeros}`, '1m', `1${zeros}001m`],
  ])('prints a 300,000-digit value with %s in linear time', (_name, a, b, expected) => {
    const started = performance.now();
    expect(formatQuantity(addQuantities(parseQuantity(a), parseQuantity(b)))).toBe(expected);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('addQuantities', () => {
  it.each([
    ['cpu 100m + 1.2 is 1300m', ['100m', '1.2'], '1300m'],
    ['memory 100M + 1.2G is 1300M', ['100M', '1.2G'], '1300M'],
    ['1Gi + 512Mi is 1536Mi', ['1Gi', '512Mi'], '1536Mi'],
    ['the first non-zero operand chooses the format', ['0', '1Gi', '1G'], '2073741824'],
  ])('%s', (_name, inputs, expected) => {
    const sum = inputs.map(parseQuantity).reduce(addQuantities);
    expect(formatQuantity(sum)).toBe(expected);
  });
});

describe('quantity values', () => {
  it.each([
    ['Value rounds 1.5 up to 2', '1.5', 2n, 1500n],
    ['MilliValue of 100m is 100', '100m', 1n, 100n],
    ['Value of 1Ki is 1024', '1Ki', 1024n, 1024000n],
  ])('%s', (_name, input, value, milli) => {
    const q = parseQuantity(input);
    expect(quantityValue(q)).toBe(value);
    expect(quantityMilliValue(q)).toBe(milli);
  });

  it.each([
    [0.5, '500m'],
    [2, '2'],
    [1073741824, '1073741824'],
  ])('the JSON number %d is the quantity %s', (input, expected) => {
    expect(formatQuantity(toQuantity(input))).toBe(expected);
  });
});

/**
 * Vectors printed by Kubernetes apimachinery v0.36.3 (`resource.ParseQuantity(s).String()`,
 * `Value()`, `MilliValue()`, `Quantity.Add`, `NewMilliQuantity`, `NewQuantity`), so the port is
 * checked against Go, not against itself.
 */
interface Vectors {
  parse: { in: string; out: string; value: number; milli: number }[];
  add: { A: string; B: string; Out: string }[];
  new: { Kind: 'milliDecimal' | 'binary' | 'decimal'; Value: number; Out: string }[];
}
const vectors = JSON.parse(readFileSync(new URL('./fixtures/quantity-vectors.json', import.meta.url), 'utf8')) as Vectors;

describe('apimachinery vectors', () => {
  it.each(vectors.parse.map((v) => [v.in, v] as const))('parses and prints %s', (_in, v) => {
    if (v.out === 'ERROR') {
      expect(() => parseQuantity(v.in)).toThrow(QuantityParseError);
      return;
    }
    const q = parseQuantity(v.in);
    expect(formatQuantity(q)).toBe(v.out);
    // Go's Value and MilliValue overflow int64 for exa-scale values; Flotilla's stay exact.
    if (quantityValue(q) < 2n ** 63n) expect(quantityValue(q)).toBe(BigInt(v.value));
    if (quantityMilliValue(q) < 2n ** 63n) expect(quantityMilliValue(q)).toBe(BigInt(v.milli));
  });

  it.each(vectors.add.map((v) => [`${v.A} + ${v.B}`, v] as const))('adds %s', (_name, v) => {
    expect(formatQuantity(addQuantities(parseQuantity(v.A), parseQuantity(v.B)))).toBe(v.Out);
  });

  it.each(vectors.new.map((v) => [`${v.Kind} ${v.Value}`, v] as const))('prints the new %s', (_name, v) => {
    const q =
      v.Kind === 'milliDecimal' ? newMilliQuantity(BigInt(v.Value), 'DecimalSI') : newQuantity(BigInt(v.Value), v.Kind === 'binary' ? 'BinarySI' : 'DecimalSI');
    expect(formatQuantity(q)).toBe(v.Out);
  });
});
