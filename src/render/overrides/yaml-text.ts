/**
 * YAML text held in a string field, round-tripped as sigs.k8s.io/yaml over go-yaml v2 does for
 * the field overrider (semantics §5.5): YAML 1.1 scalars (`on`, `yes`, `010`, `1_000`), dates
 * and `12:30` kept as strings, JSON-compatible values only; output in go-yaml v2 block style with
 * keys in go-yaml's natural order, sequences not indented under their key, strings quoted double
 * when they would read back as another type and single when only the syntax needs quoting.
 */
import { Document, parseAllDocuments, Scalar, type Pair, type ScalarTag, type Tags } from 'yaml';
import { stringifyString, stringTag } from 'yaml/util';

const STR_TAG = 'tag:yaml.org,2002:str';

/** go-yaml v2 decodes timestamps and base-60 numbers into interface{} as plain strings. */
function parseTags(tags: Tags): Tags {
  return tags.filter((t) => {
    const tag = typeof t === 'object' && 'tag' in t ? t : undefined;
    return !(tag?.tag === 'tag:yaml.org,2002:timestamp' || tag?.format === 'TIME');
  });
}

/** Parses the first document into JSON-compatible values; a string result is the error. */
export function yamlToJson(text: string): { value: unknown } | string {
  const docs = parseAllDocuments(text, { version: '1.1', customTags: parseTags, merge: true, uniqueKeys: false });
  if (!Array.isArray(docs)) return 'the text is not YAML';
  const doc = docs[0];
  if (doc === undefined) return { value: null };
  if (doc.errors.length > 0) return doc.errors[0]?.message ?? 'invalid YAML';
  const value: unknown = doc.toJS();
  const problem = nonJson(value);
  return problem === undefined ? { value } : problem;
}

/** sigs.k8s.io/yaml fails on values JSON cannot carry. */
function nonJson(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : `json: unsupported value: ${v}`;
  if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? 'json: unsupported value' : undefined;
  if (Array.isArray(v)) return v.map(nonJson).find((p) => p !== undefined);
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return 'json: unsupported value';
  return Object.values(v).map(nonJson).find((p) => p !== undefined);
}

/** Go's strconv.FormatFloat(f, 'g', -1, 64), which go-yaml v2 uses for non-integral floats. */
function goFloat(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return String(x);
  const [mantissa, exponent] = x.toExponential().split('e') as [string, string];
  const exp = Number(exponent);
  if (exp >= -4 && exp < 6) return String(x);
  const digits = String(Math.abs(exp)).padStart(2, '0');
  return `${mantissa}e${exp < 0 ? '-' : '+'}${digits}`;
}

/** go-yaml v2 keyList.Less for string keys: letters before digits, digit runs compared as numbers. */
function goKeyLess(a: string, b: string): boolean {
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

function compareKeys(a: Pair, b: Pair): number {
  const ka = String((a.key as Scalar | null)?.value ?? a.key);
  const kb = String((b.key as Scalar | null)?.value ?? b.key);
  return goKeyLess(ka, kb) ? -1 : goKeyLess(kb, ka) ? 1 : 0;
}

/** Strings: double quotes when they would resolve to another type, else single when needed. */
function stringifyTags(tags: Tags): Tags {
  const str = {
    ...stringTag,
    stringify(item: Scalar, ctx: Parameters<typeof stringifyString>[1], onComment?: () => void, onChompKeep?: () => void) {
      const value = String(item.value);
      const ambiguous = ctx.doc.schema.tags.some((t) => t.default === true && t.tag !== STR_TAG && t.test?.test(value) === true);
      const options = { ...ctx.options, singleQuote: !ambiguous };
      // go-yaml's emitter double-quotes what it cannot print (is_printable); yaml already does
      // so for control characters other than tab and newline.
      const scalar = /[\t\ufeff\ufffe\uffff]/.test(value) ? { ...item, value, type: Scalar.QUOTE_DOUBLE } : item;
      return stringifyString(scalar, { ...ctx, actualString: true, options }, onComment, onChompKeep);
    },
  };
  const float: ScalarTag = {
    tag: 'tag:yaml.org,2002:float',
    default: true,
    identify: (v: unknown) => typeof v === 'number' && !Number.isInteger(v),
    resolve: (source: string) => Number.parseFloat(source),
    // Only so that the stringifier prefers this tag over the built-in floats; never matches.
    test: /(?!)/,
    stringify: (item: Scalar) => goFloat(item.value as number),
  };
  return [str, float, ...tags.filter((t) => !(typeof t === 'object' && 'tag' in t && t.tag === STR_TAG))];
}

/** Serialises JSON-compatible values as go-yaml v2 (via sigs.k8s.io/yaml JSONToYAML) does. */
export function jsonToYaml(value: unknown): string {
  const doc = new Document(value, {
    version: '1.1',
    customTags: stringifyTags,
    aliasDuplicateObjects: false,
    sortMapEntries: compareKeys,
  });
  return doc.toString({ indentSeq: false, blockQuote: 'literal', lineWidth: 0 });
}
