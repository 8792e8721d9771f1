/**
 * Go's float formatting as Karmada's Lua VM shows numbers: gopher-lua prints a number whose value
 * is an integer in int64 range as digits, and any other with `fmt.Sprint(float64)` — `%g` with
 * the shortest digits and exponent form below 1e-4 or from 1e6 (strconv's `eprec = 6`).
 */
export function formatGoFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (Number.isInteger(value) && value >= -(2 ** 63) && value < 2 ** 63) return BigInt(value).toString();
  const [mantissa = '', exp = '0'] = value.toExponential().split('e');
  const exponent = Number(exp);
  if (exponent < -4 || exponent >= 6)
    return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  return String(value);
}

/** `value` as exact `numerator / denominator` (the denominator a power of two). */
function exactFraction(value: number): [bigint, bigint] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = biased === 0 ? -1074 : biased - 1075;
  return exponent >= 0 ? [mantissa << BigInt(exponent), 1n] : [mantissa, 1n << BigInt(-exponent)];
}

/** Go's `%.<digits>f`: correctly rounded from the exact binary value, ties to even. */
export function formatGoFixed(value: number, digits: number): string {
  const [numerator, denominator] = exactFraction(Math.abs(value));
  const scaled = numerator * 10n ** BigInt(digits);
  let q = scaled / denominator;
  const twice = (scaled % denominator) * 2n;
  if (twice > denominator || (twice === denominator && q % 2n === 1n)) q += 1n;
  const text = q.toString().padStart(digits + 1, '0');
  const body = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return value < 0 || Object.is(value, -0) ? `-${body}` : body;
}
