import { describe, expect, it } from 'vitest';
import { addQuantities, formatQuantity, parseQuantity, quantityMilliValue, quantityValue, toQuantity } from '../../src/interpreter/quantity.ts';

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
