/**
 * `string.format` as Karmada's gopher-lua implements it: Go's `fmt.Sprintf` over Lua values
 * (docs/karmada-compatibility.md#lua-51-on-fengari). Numbers format by verb (`%d` truncates 2.5 to 2, `%s` prints `2`
 * for 2.0), missing arguments print `%!d(MISSING)` instead of raising, `%q` is Go quoting.
 */
import { formatGoFixed, formatGoFloat } from '../go-float.ts';

/** A Lua argument as the formatter sees it. */
export type FormatArg = number | string | boolean | null | { readonly luaType: string };

interface Spec {
  minus: boolean;
  plus: boolean;
  space: boolean;
  zero: boolean;
  sharp: boolean;
  width?: number;
  precision?: number;
  verb: string;
}

const SPEC = /%([-+ 0#]*)(\d+)?(?:\.(\d*))?([a-zA-Z%])/g;

/** Raised for a width or precision larger than the result may be. */
export class FormatTooLongError extends Error {}

/** Format like gopher-lua's `string.format`; widths and precisions above `maxWidth` are refused. */
export function goFormat(format: string, args: readonly FormatArg[], maxWidth = Number.MAX_SAFE_INTEGER): string {
  let next = 0;
  return format.replace(SPEC, (_m, flags: string, width?: string, precision?: string, verb = 's') => {
    if (verb === '%') return '%';
    if (Number(width ?? 0) > maxWidth || Number(precision || 0) > maxWidth)
      throw new FormatTooLongError(`format width or precision exceeds the limit of ${maxWidth} bytes`);
    const spec: Spec = {
      minus: flags.includes('-'),
      plus: flags.includes('+'),
      space: flags.includes(' '),
      zero: flags.includes('0'),
      sharp: flags.includes('#'),
      width: width === undefined ? undefined : Number(width),
      precision: precision === undefined ? undefined : Number(precision || '0'),
      verb,
    };
    if (next >= args.length) return `%!${verb}(MISSING)`;
    return pad(formatOne(args[next++] ?? null, spec), spec);
  });
}

function formatOne(arg: FormatArg, spec: Spec): string {
  if (typeof arg === 'number') return formatNumber(arg, spec);
  const text =
    typeof arg === 'string'
      ? arg
      : arg === null
        ? 'nil'
        : typeof arg === 'boolean'
          ? String(arg)
          : `${arg.luaType}: 0x0`;
  if (spec.verb === 's' || spec.verb === 'v')
    return spec.precision === undefined ? text : text.slice(0, spec.precision);
  if (spec.verb === 'q') return JSON.stringify(text);
  if (typeof arg === 'string' && 'dicoxXb'.includes(spec.verb) && arg.trim() !== '' && !Number.isNaN(Number(arg))) {
    return formatNumber(Number(arg), spec);
  }
  return `%!${spec.verb}(${typeof arg === 'string' ? 'string' : 'lua.LValue'}=${text})`;
}

function formatNumber(n: number, spec: Spec): string {
  switch (spec.verb) {
    case 'd':
    case 'i':
      return formatInteger(n, 10, spec);
    case 'o':
      return formatInteger(n, 8, spec);
    case 'x':
      return formatInteger(n, 16, spec);
    case 'X':
      return formatInteger(n, 16, spec).toUpperCase();
    case 'b':
      return formatInteger(n, 2, spec);
    case 'c':
      return String.fromCodePoint(Math.trunc(n));
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
      return formatFloat(n, spec);
    case 's':
    case 'v':
      return formatGoFloat(n);
    case 'q':
      return JSON.stringify(formatGoFloat(n));
    default:
      return `%!${spec.verb}(float64=${formatGoFloat(n)})`;
  }
}

function formatInteger(n: number, radix: number, spec: Spec): string {
  const value = Number.isFinite(n) ? BigInt(Math.trunc(n)) : 0n;
  const negative = value < 0n;
  let digits = (negative ? -value : value).toString(radix);
  if (spec.precision !== undefined) digits = digits.padStart(spec.precision, '0');
  if (spec.sharp && radix === 16) digits = `0x${digits}`;
  if (spec.sharp && radix === 8) digits = `0${digits}`;
  return sign(negative, spec) + digits;
}

function formatFloat(n: number, spec: Spec): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? `${spec.plus ? '+' : ''}Inf` : '-Inf';
  const negative = n < 0 || Object.is(n, -0);
  const abs = Math.abs(n);
  const verb = spec.verb.toLowerCase();
  let body: string;
  if (verb === 'f') body = formatGoFixed(abs, spec.precision ?? 6);
  else if (verb === 'e') body = goExponent(abs.toExponential(spec.precision ?? 6));
  else body = formatG(abs, spec.precision);
  if (spec.verb === 'E' || spec.verb === 'G') body = body.toUpperCase();
  return sign(negative, spec) + body;
}

/** Go's %g: shortest digits (precision -1) with exponent form below 1e-4 or from 1e6 (eprec 6). */
function formatG(abs: number, precision: number | undefined): string {
  if (abs === 0) return '0';
  const digits = precision === undefined ? undefined : Math.max(precision, 1);
  const exp = digits === undefined ? abs.toExponential() : abs.toExponential(digits - 1);
  const [mantissa = '', e = '0'] = exp.split('e');
  const exponent = Number(e);
  const significant = mantissa.replace('.', '').replace(/0+$/, '').length || 1;
  let eprec = digits ?? 6;
  if (digits !== undefined && eprec > significant && significant >= exponent + 1) eprec = significant;
  if (exponent < -4 || exponent >= eprec) return goExponent(`${trimZeros(mantissa)}e${e}`);
  const fixed = digits === undefined ? String(Number(exp)) : Number(exp).toFixed(Math.max(0, digits - 1 - exponent));
  return trimZeros(fixed);
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

function goExponent(s: string): string {
  return s.replace(
    /e([+-]?)(\d+)$/,
    (_m, sgn: string, d: string) => `e${sgn === '-' ? '-' : '+'}${d.padStart(2, '0')}`,
  );
}

function sign(negative: boolean, spec: Spec): string {
  if (negative) return '-';
  if (spec.plus) return '+';
  return spec.space ? ' ' : '';
}

function pad(s: string, spec: Spec): string {
  if (spec.width === undefined || s.length >= spec.width) return s;
  if (spec.minus) return s.padEnd(spec.width, ' ');
  if (spec.zero && spec.verb !== 's' && spec.verb !== 'q') {
    const signChar = /^[+\- ]/.test(s) ? s.slice(0, 1) : '';
    return signChar + s.slice(signChar.length).padStart(spec.width - signChar.length, '0');
  }
  return s.padStart(spec.width, ' ');
}
