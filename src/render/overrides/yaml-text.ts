/**
 * YAML text held in a string field, round-tripped as sigs.k8s.io/yaml over go-yaml v2 does for
 * the field overrider (docs/karmada-compatibility.md#the-overriders): YAML 1.1 scalars (`on`, `yes`, `010`, `1_000`),
 * dates and `12:30` kept as strings, JSON-compatible values only; output in go-yaml v2 block style with
 * keys in go-yaml's natural order, sequences not indented under their key, strings quoted double
 * when they would read back as another type and single when only the syntax needs quoting, long
 * lines folded past column 80 (go-yaml-scalars.ts). test/render/overrides/go-parity.test.ts holds
 * the cases checked against the Go library.
 */
import { Document, parseAllDocuments, Scalar, type Pair, type ScalarTag, type Tags } from 'yaml';
import { stringifyString, stringTag } from 'yaml/util';
import { foldLikeGo, goFloat, goKeyLess, needsDoubleQuotes } from './go-yaml-scalars.ts';

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
  return Object.values(v)
    .map(nonJson)
    .find((p) => p !== undefined);
}

function compareKeys(a: Pair, b: Pair): number {
  const ka = String((a.key as Scalar | null)?.value ?? a.key);
  const kb = String((b.key as Scalar | null)?.value ?? b.key);
  return goKeyLess(ka, kb) ? -1 : goKeyLess(kb, ka) ? 1 : 0;
}

type StringifyContext = Parameters<typeof stringifyString>[1];

/**
 * Strings as go-yaml v2 writes them: double quotes when they would read back as another type,
 * plain when the syntax allows, else single quotes (doubling any `'`); long plain and single-quoted
 * values fold like go-yaml's emitter. yaml's own type check is bypassed (`actualString: false`)
 * because its YAML 1.1 schema is not go-yaml's resolver.
 */
function goString(item: Scalar, ctx: StringifyContext, onComment?: () => void, onChompKeep?: () => void): string {
  const value = String(item.value);
  if (needsDoubleQuotes(value))
    return stringifyString({ ...item, value, type: Scalar.QUOTE_DOUBLE }, ctx, onComment, onChompKeep);
  const plainCtx = { ...ctx, actualString: false, options: { ...ctx.options, singleQuote: true } };
  let out = stringifyString(item, plainCtx, onComment, onChompKeep);
  if (out.startsWith('"') && !value.includes('\n'))
    out = stringifyString({ ...item, value, type: Scalar.QUOTE_SINGLE }, plainCtx);
  if (ctx.implicitKey || out.includes('\n') || out.startsWith('"')) return out;
  // indentAtStart counts from the start of the pair, whose own indent is one step less.
  const start = ctx.indentAtStart === undefined ? ctx.indent.length : ctx.indent.length - 2 + ctx.indentAtStart;
  return foldLikeGo(out, start, ctx.indent, out.startsWith("'"));
}

function stringifyTags(tags: Tags): Tags {
  const str = { ...stringTag, stringify: goString };
  const float: ScalarTag = {
    tag: 'tag:yaml.org,2002:float',
    default: true,
    // Non-integers, and -0, which go-yaml reads back from JSON as the int 0.
    identify: (v: unknown) => typeof v === 'number' && (!Number.isInteger(v) || Object.is(v, -0)),
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
