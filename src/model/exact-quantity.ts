/**
 * Kubernetes resource quantities with apimachinery's exact canonical form (`resource.Quantity`):
 * values are kept as exact decimals (a BigInt mantissa and a power of ten, rounded up to nano
 * units as apimachinery does), and `formatQuantity` ports `CanonicalizeBytes`.
 */
import { EngineError } from './errors.ts';
import {
  ceilDiv,
  DECIMAL_SUFFIX_POWER,
  decimalQuantity,
  MAX_QUANTITY_EXPONENT,
  splitQuantity,
  type QuantityFormat,
} from './quantity.ts';

/** An exact quantity: `mantissa × 10^exponent`, printed in `format`. */
export interface Quantity {
  readonly mantissa: bigint;
  readonly exponent: number;
  readonly format: QuantityFormat;
  /** The parsed text, which apimachinery prints as is when it was already canonical enough. */
  readonly original?: string;
}

const GRAMMAR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** Raised for a string that is not a Kubernetes quantity, or one whose power of ten is out of range. */
export class QuantityParseError extends EngineError<'InvalidQuantity', { input: string }> {
  constructor(input: string, problem = GRAMMAR) {
    super('InvalidQuantity', `${problem}: "${input}"`, { input });
  }
}

const NANO = -9;

/** The zero quantity (DecimalSI), the neutral element of `addQuantities`. */
export const ZERO_QUANTITY: Quantity = { mantissa: 0n, exponent: 0, format: 'DecimalSI' };

/** Parse a quantity string (`500m`, `1.5Gi`, `1e3`) exactly like `resource.ParseQuantity`. */
export function parseQuantity(input: string): Quantity {
  const parts = splitQuantity(input);
  if (parts === undefined) throw new QuantityParseError(input);
  const value = decimalQuantity(parts);
  if (value === undefined)
    throw new QuantityParseError(input, `quantities must have a power of ten within ±${MAX_QUANTITY_EXPONENT}`);
  const { whole, fraction, format, exponent: suffixExponent, binaryPower } = parts;
  const q = { ...roundUpToNano(value.mantissa, value.exponent), format };
  return keepsText(whole, fraction, format, format === 'BinarySI' ? binaryPower * 10 : suffixExponent)
    ? { ...q, original: input }
    : q;
}

const MAX_INT64 = 2n ** 63n - 1n;

/** ParseQuantity's fast path, which keeps the input text as the printed form (quantity.go). */
function keepsText(whole: string, fraction: string, format: QuantityFormat, exponent: number): boolean {
  const shifted = whole + fraction;
  if (format === 'BinarySI') {
    if (fraction.length > 0 || 15 - whole.length - Math.trunc((exponent * 3) / 10) - 1 < 0) return false;
    const value = BigInt(whole || '0');
    return value * 2n ** BigInt(exponent) <= MAX_INT64 && (value & 7n) !== 0n;
  }
  const scale = exponent - fraction.length;
  if (18 - shifted.length < 0 || scale < NANO || BigInt(shifted || '0') > MAX_INT64) return false;
  return scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0' && shifted.length > 0;
}

/** apimachinery keeps at most nano precision and rounds away from zero (`ceil` for positives). */
function roundUpToNano(mantissa: bigint, exponent: number): { mantissa: bigint; exponent: number } {
  if (exponent >= NANO) return { mantissa, exponent };
  const divisor = 10n ** BigInt(NANO - exponent);
  let q = mantissa / divisor;
  if (q * divisor !== mantissa) q += mantissa > 0n ? 1n : -1n;
  return { mantissa: q, exponent: NANO };
}

function align(a: Quantity, b: Quantity): [bigint, bigint, number] {
  const exponent = Math.min(a.exponent, b.exponent);
  return [
    a.mantissa * 10n ** BigInt(a.exponent - exponent),
    b.mantissa * 10n ** BigInt(b.exponent - exponent),
    exponent,
  ];
}

/** `Quantity.Add`: the sum keeps the format of the first non-zero operand. */
export function addQuantities(a: Quantity, b: Quantity): Quantity {
  const [ma, mb, exponent] = align(a, b);
  return { mantissa: ma + mb, exponent, format: a.mantissa === 0n ? b.format : a.format };
}

/** `Quantity.Value()`: the value rounded up to an integer. */
export function quantityValue(q: Quantity): bigint {
  return scaledCeil(q, 0);
}

/** `Quantity.MilliValue()`: the value in thousandths, rounded up. */
export function quantityMilliValue(q: Quantity): bigint {
  return scaledCeil(q, -3);
}

function scaledCeil(q: Quantity, scale: number): bigint {
  if (q.exponent >= scale) return q.mantissa * 10n ** BigInt(q.exponent - scale);
  return ceilDiv(q.mantissa, 10n ** BigInt(scale - q.exponent));
}

/** `resource.NewQuantity(value, format)`. */
export function newQuantity(value: bigint, format: QuantityFormat): Quantity {
  return { mantissa: value, exponent: 0, format };
}

/** `resource.NewMilliQuantity(value, format)`. */
export function newMilliQuantity(milli: bigint, format: QuantityFormat): Quantity {
  return { mantissa: milli, exponent: -3, format };
}

/** The approximate float value (`Quantity.AsApproximateFloat64`). */
export function quantityToNumber(q: Quantity): number {
  return Number(q.mantissa) * 10 ** q.exponent;
}

/** `Quantity.String()`: apimachinery's canonical form (`1300m`, `1536Mi`, `2`, `1e3`). */
export function formatQuantity(q: Quantity): string {
  if (q.original !== undefined) return q.original;
  if (q.mantissa === 0n) return '0';
  if (q.format === 'BinarySI' && !isSmallInteger(q)) {
    const integral = q.exponent >= 0 || q.mantissa % 10n ** BigInt(-q.exponent) === 0n;
    if (integral) return formatBase1024(scaledCeil(q, 0));
  }
  return formatDecimal(q, q.format === 'DecimalExponent' ? 'DecimalExponent' : 'DecimalSI');
}

function isSmallInteger(q: Quantity): boolean {
  const v = quantityToNumber(q);
  return v > -1024 && v < 1024;
}

function formatBase1024(value: bigint): string {
  const suffixes = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
  let v = value;
  let power = 0;
  while (power < 6 && v % 1024n === 0n && v !== 0n) {
    v /= 1024n;
    power++;
  }
  return `${v}${suffixes[power]}`;
}

function formatDecimal(q: Quantity, format: 'DecimalSI' | 'DecimalExponent'): string {
  // Trailing zeros are cut from the digits at once: dividing by ten per zero is quadratic on the
  // million-digit mantissas a script can pass.
  const digits = q.mantissa.toString();
  let end = digits.length;
  while (digits[end - 1] === '0') end--;
  const significant = digits.slice(0, end);
  let exponent = q.exponent + digits.length - end;
  const shift = ((exponent % 3) + 3) % 3;
  const mantissa = BigInt(significant) * 10n ** BigInt(shift);
  exponent -= shift;
  if (format === 'DecimalExponent') return exponent === 0 ? `${mantissa}` : `${mantissa}e${exponent}`;
  const suffix = exponent === 0 ? '' : Object.entries(DECIMAL_SUFFIX_POWER).find(([, e]) => e === exponent)?.[0];
  return suffix === undefined ? `${mantissa}e${exponent}` : `${mantissa}${suffix}`;
}

/**
 * Parse a quantity given as a string or a JSON number (`0.5` → `500m`), as Go's JSON decoding
 * does: the number's JSON text (encoding/json prints floats as JavaScript does) is parsed.
 */
export function toQuantity(value: string | number): Quantity {
  return parseQuantity(typeof value === 'number' ? String(value) : value);
}
