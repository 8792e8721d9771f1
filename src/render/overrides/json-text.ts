/**
 * JSON text held in a string field, read and written the way evanphx/json-patch v5 does for the
 * field overrider (docs/karmada-compatibility.md#the-overriders): untouched scalars keep their exact source text,
 * objects keep their key order (new keys appended), output is compact with Go's HTML-safe escaping. Values a
 * policy inserts are written as Go's encoding/json writes them (map keys sorted).
 */
import { compareBytes } from '../../model/index.ts';

/** A scalar kept as its source token (numbers and strings), so `1.0` and `"\u00e9"` survive. */
export class RawJson {
  readonly raw: string;
  constructor(raw: string) {
    this.raw = raw;
  }
}

/** A parsed document: Maps for objects, arrays, RawJson scalars, booleans and null. */
export type JsonTextValue = unknown;

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON forbids raw control characters in strings
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const LITERAL = /true|false|null/y;
const SPACE = /[ \t\n\r]*/y;

/** Parses JSON text; a string result is the syntax error. */
export function parseJsonText(text: string): { value: JsonTextValue } | string {
  const state = { text, pos: 0 };
  try {
    const value = parseValue(state);
    skipSpace(state);
    if (state.pos !== text.length) return `invalid character after top-level value at offset ${state.pos}`;
    return { value };
  } catch (e) {
    return (e as Error).message;
  }
}

interface ParseState {
  readonly text: string;
  pos: number;
}

function skipSpace(s: ParseState): void {
  SPACE.lastIndex = s.pos;
  SPACE.exec(s.text);
  s.pos = SPACE.lastIndex;
}

function token(s: ParseState, re: RegExp): string | undefined {
  re.lastIndex = s.pos;
  const m = re.exec(s.text);
  if (m === null) return undefined;
  s.pos = re.lastIndex;
  return m[0];
}

function parseValue(s: ParseState): JsonTextValue {
  skipSpace(s);
  const c = s.text[s.pos];
  if (c === '{') return parseObject(s);
  if (c === '[') return parseArray(s);
  if (c === '"') {
    const raw = token(s, STRING);
    if (raw !== undefined) return new RawJson(raw);
  } else {
    const literal = token(s, LITERAL);
    if (literal !== undefined) return literal === 'null' ? null : literal === 'true';
    const num = token(s, NUMBER);
    if (num !== undefined) return new RawJson(num);
  }
  throw new Error(`invalid character at offset ${s.pos}`);
}

function expect(s: ParseState, ch: string): void {
  skipSpace(s);
  if (s.text[s.pos] !== ch) throw new Error(`expected '${ch}' at offset ${s.pos}`);
  s.pos++;
}

function parseObject(s: ParseState): Map<string, JsonTextValue> {
  const map = new Map<string, JsonTextValue>();
  s.pos++;
  skipSpace(s);
  if (s.text[s.pos] === '}') {
    s.pos++;
    return map;
  }
  for (;;) {
    skipSpace(s);
    const key = token(s, STRING);
    if (key === undefined) throw new Error(`expected a string key at offset ${s.pos}`);
    expect(s, ':');
    map.set(JSON.parse(key) as string, parseValue(s));
    skipSpace(s);
    if (s.text[s.pos] === '}') {
      s.pos++;
      return map;
    }
    expect(s, ',');
  }
}

function parseArray(s: ParseState): JsonTextValue[] {
  const out: JsonTextValue[] = [];
  s.pos++;
  skipSpace(s);
  if (s.text[s.pos] === ']') {
    s.pos++;
    return out;
  }
  for (;;) {
    out.push(parseValue(s));
    skipSpace(s);
    if (s.text[s.pos] === ']') {
      s.pos++;
      return out;
    }
    expect(s, ',');
  }
}

/** Compact JSON with `<`, `>`, `&`, U+2028 and U+2029 escaped, as Go's encoder writes them. */
export function stringifyJsonText(value: JsonTextValue): string {
  return write(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function write(v: unknown): string {
  if (v instanceof RawJson) return v.raw;
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(write).join(',')}]`;
  if (v instanceof Map) {
    return `{${[...v].map(([k, x]) => `${JSON.stringify(k)}:${write(x)}`).join(',')}}`;
  }
  if (typeof v === 'object') {
    const obj = v as Record<string, unknown>;
    const keys = Object.keys(obj).sort(compareBytes);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${write(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}
