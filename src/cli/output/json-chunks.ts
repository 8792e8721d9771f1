/**
 * `JSON.stringify(value, null, 2)`, byte for byte, as a sequence of pieces: a large plan is
 * written out as it is serialised instead of held as one string of tens of MB and then a buffer
 * as large again. Values at `nativeDepth` are serialised by V8 in one call each, and a value met
 * again there (the render shares one manifest between clusters alike) is serialised once.
 */

type Json = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Json {
  return typeof value === 'object' && value !== null;
}

/** What JSON.stringify serialises in the place of `value` under `key` (its toJSON's result, if any). */
function resolved(value: unknown, key: string): unknown {
  const toJSON = isContainer(value) ? (value as { toJSON?: unknown }).toJSON : undefined;
  return typeof toJSON === 'function' ? toJSON.call(value, key) : value;
}

/** Dropped from an object by JSON.stringify, and written as null in an array. */
function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

class ChunkWriter {
  readonly #nativeDepth: number;
  readonly #seen = new Map<object, string>();

  constructor(nativeDepth: number) {
    this.#nativeDepth = nativeDepth;
  }

  /** The text of `value` as JSON.stringify writes it at `depth` (its first line not indented). */
  native(value: unknown, depth: number): string {
    if (!isContainer(value)) return JSON.stringify(value) ?? 'null';
    const known = this.#seen.get(value);
    if (known !== undefined) return known;
    const text = (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${'  '.repeat(depth)}`);
    this.#seen.set(value, text);
    return text;
  }

  *value(value: unknown, depth: number): Generator<string> {
    if (!isContainer(value) || depth >= this.#nativeDepth) {
      yield this.native(value, depth);
      return;
    }
    const inner = '  '.repeat(depth + 1);
    const array = Array.isArray(value);
    const entries: [string, unknown][] = array
      ? value.map((v, i) => [String(i), v])
      : Object.keys(value).map((k) => [k, (value as Record<string, unknown>)[k]]);
    let first = true;
    for (const [key, raw] of entries) {
      const item = resolved(raw, key);
      if (!array && isSkipped(item)) continue;
      yield `${first ? (array ? '[' : '{') : ','}\n${inner}${array ? '' : `${JSON.stringify(key)}: `}`;
      first = false;
      if (isSkipped(item)) yield 'null';
      else yield* this.value(item, depth + 1);
    }
    yield first ? (array ? '[]' : '{}') : `\n${'  '.repeat(depth)}${array ? ']' : '}'}`;
  }
}

/**
 * The pieces of `JSON.stringify(value, null, 2)`: containers down to `nativeDepth` are walked
 * here, values at that depth are serialised whole (once per object).
 */
export function jsonChunks(value: unknown, nativeDepth: number): Iterable<string> {
  return new ChunkWriter(nativeDepth).value(resolved(value, ''), 0);
}
