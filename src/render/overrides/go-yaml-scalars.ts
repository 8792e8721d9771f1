/**
 * How go-yaml v2 (the fork inside sigs.k8s.io/yaml, used by Karmada's field overrider) writes
 * scalars: which strings need quotes (resolve.go `resolve`, encode.go `isBase60Float`), how floats
 * print (strconv 'g'), how long lines fold (emitterc.go, best_width 80) and how map keys sort
 * (sorter.go). Checked against the Go library itself on the cases in the tests.
 */

/** resolve.go resolveMap: plain scalars that read as bool, null or special floats. */
const RESOLVE_MAP: ReadonlySet<string> = new Set([
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
  'true',
  'True',
  'TRUE',
  'on',
  'On',
  'ON',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'false',
  'False',
  'FALSE',
  'off',
  'Off',
  'OFF',
  '',
  '~',
  'null',
  'Null',
  'NULL',
  '.nan',
  '.NaN',
  '.NAN',
  '.inf',
  '.Inf',
  '.INF',
  '+.inf',
  '+.Inf',
  '+.INF',
  '-.inf',
  '-.Inf',
  '-.INF',
]);
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const PREFIXED_INT = /^[-+]?0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
/** emitterc.go is_printable fails on these (newline aside), which forces double quotes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNPRINTABLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\ufeff\ufffe\uffff]/;
const TIMESTAMP =
  /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:[Tt]([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:\.[0-9]{1,9})?(?:Z|[+-][0-9]{2}:[0-9]{2}))|(?: ([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:\.[0-9]{1,9})?))?$/;

/** parseTimestamp: `2006-1-2`, with `T`/`t` time and zone, or space-separated time without zone. */
function isTimestamp(s: string): boolean {
  const m = TIMESTAMP.exec(s);
  if (m === null) return false;
  const [month, day] = [Number(m[2]), Number(m[3])];
  const [h, min, sec] = [Number(m[4] ?? m[7] ?? 0), Number(m[5] ?? m[8] ?? 0), Number(m[6] ?? m[9] ?? 0)];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && h < 24 && min < 60 && sec < 60;
}

/** True when go-yaml v2 would read the plain scalar back as something other than a string. */
function resolvesToNonString(s: string): boolean {
  const c = s.charAt(0);
  if (s === '' || RESOLVE_MAP.has(s)) return true;
  if (c === '.') return /^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/.test(s);
  if (!/[0-9+-]/.test(c)) return false;
  if (isTimestamp(s)) return true;
  const plain = s.replaceAll('_', '');
  if (PREFIXED_INT.test(plain)) return true;
  return YAML_STYLE_FLOAT.test(plain) && Number.isFinite(Number(plain));
}

/** encode.go stringv: such strings, and base-60 look-alikes, are written double-quoted. */
export function needsDoubleQuotes(s: string): boolean {
  return resolvesToNonString(s) || BASE60_FLOAT.test(s) || UNPRINTABLE.test(s);
}

/** strconv.FormatFloat(f, 'g', -1, 64); integral values arrive as ints (JSON drops the `.0`). */
export function goFloat(x: number): string {
  if (x === 0) return '0';
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return String(x);
  const [mantissa, exponent] = x.toExponential().split('e') as [string, string];
  const exp = Number(exponent);
  if (exp >= -4 && exp < 6) return String(x);
  return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

const BEST_WIDTH = 80;

/**
 * write_plain_scalar / write_single_quoted: at a single space, once the column is past 80, break
 * the line and continue at `indent` (inside quotes, never at the first or last character).
 */
export function foldLikeGo(text: string, startColumn: number, indent: string, quoted: boolean): string {
  const chars = [...text];
  let out = '';
  let column = startColumn;
  let spaces = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c !== ' ') {
      out += c;
      column++;
      spaces = false;
      continue;
    }
    const inside = !quoted || (i > 1 && i < chars.length - 2);
    if (!spaces && column > BEST_WIDTH && inside && chars[i + 1] !== ' ') {
      out += `\n${indent}`;
      column = indent.length;
    } else {
      out += c;
      column++;
    }
    spaces = true;
  }
  return out;
}

/** sorter.go keyList.Less for string keys: letters before other runes, digit runs as numbers. */
export function goKeyLess(a: string, b: string): boolean {
  const ar = [...a];
  const br = [...b];
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ca = ar[i] as string;
    const cb = br[i] as string;
    if (ca === cb) continue;
    const al = /\p{L}/u.test(ca);
    const bl = /\p{L}/u.test(cb);
    if (al && bl) return (ca.codePointAt(0) as number) < (cb.codePointAt(0) as number);
    if (al || bl) return bl;
    return digitRunLess(ar, br, i);
  }
  return ar.length < br.length;
}

function digitRunLess(ar: string[], br: string[], i: number): boolean {
  const isDigit = (c: string | undefined): boolean => c !== undefined && /\p{Nd}/u.test(c);
  let an = 0;
  let bn = 0;
  if (ar[i] === '0' || br[i] === '0') {
    for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
      if (ar[j] !== '0') {
        an = 1;
        bn = 1;
        break;
      }
    }
  }
  let ai = i;
  let bi = i;
  for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + ((ar[ai] as string).codePointAt(0) as number) - 48;
  for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + ((br[bi] as string).codePointAt(0) as number) - 48;
  if (an !== bn) return an < bn;
  if (ai !== bi) return ai < bi;
  return ((ar[i] as string).codePointAt(0) as number) < ((br[i] as string).codePointAt(0) as number);
}
