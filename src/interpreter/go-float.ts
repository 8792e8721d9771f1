/** Go's `%v` of a float64 (`strconv.FormatFloat(f, 'g', -1, 64)` with Go's exponent thresholds). */
export function formatGoFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  const abs = Math.abs(value);
  if (Number.isInteger(value) && abs < 1e21) return BigInt(value).toString();
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e21)) {
    const [mantissa = '', exp = '0'] = value.toExponential().split('e');
    const n = Number(exp);
    return `${mantissa}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  return String(value);
}
