/**
 * Kubernetes resource quantities (k8s.io/apimachinery/pkg/api/resource): `100m`, `1.5`, `2e3`,
 * `1Ki`, `500Mi`. Parsed exactly with bigint arithmetic, so `100m` is exactly 100 milli-units.
 */

/** Grammar of resource.ParseQuantity: signed decimal number, then at most one suffix. */
const QUANTITY = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:([KMGTPE]i)|([numkMGTPE])|[eE]([+-]?\d+))?$/;

const BINARY_POWER: Readonly<Record<string, number>> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
/** The power of ten of each decimal suffix (`m` → -3). */
export const DECIMAL_SUFFIX_POWER: Readonly<Record<string, number>> = {
  n: -9,
  u: -6,
  m: -3,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};

/** How a quantity is printed: apimachinery's three formats, chosen by the suffix. */
export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** A quantity string split by resource.ParseQuantity's grammar; the value is ±(whole.fraction) × 10^exponent × 1024^binaryPower. */
export interface QuantityParts {
  readonly negative: boolean;
  /** Digits before the dot ('' for `.5`). */
  readonly whole: string;
  /** Digits after the dot. */
  readonly fraction: string;
  readonly format: QuantityFormat;
  /** The power of ten of a decimal suffix or exponent; 0 for a binary suffix. */
  readonly exponent: number;
  /** The power of 1024 of a binary suffix (`Ki` → 1); 0 otherwise. */
  readonly binaryPower: number;
}

/** Splits a quantity string (`500m`, `1.5Gi`, `1e3`), or undefined when it is not one. */
export function splitQuantity(text: string): QuantityParts | undefined {
  const m = QUANTITY.exec(text);
  if (!m) return undefined;
  const [, sign, digits = '', binary, decimal, exponent] = m;
  const dot = digits.indexOf('.');
  const whole = dot < 0 ? digits : digits.slice(0, dot);
  const fraction = dot < 0 ? '' : digits.slice(dot + 1);
  const negative = sign === '-';
  if (binary !== undefined)
    return { negative, whole, fraction, format: 'BinarySI', exponent: 0, binaryPower: BINARY_POWER[binary] ?? 0 };
  if (exponent !== undefined)
    return { negative, whole, fraction, format: 'DecimalExponent', exponent: Number(exponent), binaryPower: 0 };
  return {
    negative,
    whole,
    fraction,
    format: 'DecimalSI',
    exponent: decimal === undefined ? 0 : (DECIMAL_SUFFIX_POWER[decimal] ?? 0),
    binaryPower: 0,
  };
}

/**
 * The largest power of ten a quantity may carry, either way. No resource amount comes near it,
 * and exact arithmetic on `1e-999999999` would build a billion-digit power of ten.
 */
export const MAX_QUANTITY_EXPONENT = 400;

/** A quantity's exact value as mantissa × 10^exponent, with fraction digits and binary suffix folded into the mantissa. */
export interface DecimalQuantity {
  readonly mantissa: bigint;
  readonly exponent: number;
}

/**
 * The exact value of a split quantity (`1.5Ki` → 15360 × 10^-1), or undefined when its power of
 * ten is beyond ±{@link MAX_QUANTITY_EXPONENT}.
 */
export function decimalQuantity(parts: QuantityParts): DecimalQuantity | undefined {
  const exponent = parts.exponent - parts.fraction.length;
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_QUANTITY_EXPONENT) return undefined;
  const digits = BigInt(parts.whole + parts.fraction || '0') << BigInt(10 * parts.binaryPower);
  return { mantissa: parts.negative ? -digits : digits, exponent };
}

/** A quantity as the exact fraction numerator / denominator of base units (denominator > 0). */
interface Exact {
  numerator: bigint;
  denominator: bigint;
}

function exact(input: string | number): Exact | undefined {
  const text = typeof input === 'number' ? numberText(input) : input;
  const parts = text === undefined ? undefined : splitQuantity(text);
  const value = parts === undefined ? undefined : decimalQuantity(parts);
  if (value === undefined) return undefined;
  const { mantissa, exponent } = value;
  return exponent >= 0
    ? { numerator: mantissa * 10n ** BigInt(exponent), denominator: 1n }
    : { numerator: mantissa, denominator: 10n ** BigInt(-exponent) };
}

/** YAML may give a bare number (`cpu: 2`); JSON numbers have the same grammar once printed. */
function numberText(n: number): string | undefined {
  return Number.isFinite(n) ? String(n).replace('e+', 'e') : undefined;
}

/** Ceiling division of bigints, denominator > 0: resource.Quantity rounds values and milli-values up. */
export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  const q = numerator / denominator;
  return numerator % denominator > 0n ? q + 1n : q;
}

/**
 * The value of a quantity in base units (cores, bytes, pods) as a plain number, or undefined when
 * it is not a valid quantity: `500m` → 0.5, `1Gi` → 1073741824, `2e3` → 2000. For arithmetic that
 * tolerates floats (validation, capacity). The interpreter's `parseQuantity` keeps the exact value
 * and apimachinery's printed form, and throws on bad input.
 */
export function quantityAsNumber(input: string | number): number | undefined {
  const q = exact(input);
  if (q === undefined) return undefined;
  if (q.denominator === 1n) return Number(q.numerator);
  const whole = q.numerator / q.denominator;
  const rest = q.numerator - whole * q.denominator;
  return Number(whole) + Number(rest) / Number(q.denominator);
}

/**
 * The value of a quantity in milli-units, rounded up like resource.Quantity.MilliValue, or
 * undefined when it is not a valid quantity. `100m` → 100, `1.5` → 1500, `1Ki` → 1024000.
 */
export function quantityAsMilli(input: string | number): number | undefined {
  const q = exact(input);
  if (q === undefined) return undefined;
  return Number(ceilDiv(q.numerator * 1000n, q.denominator));
}
