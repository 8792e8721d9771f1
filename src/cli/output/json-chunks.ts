/**
 * `JSON.stringify(value, null, 2)`, byte for byte, as a sequence of pieces: a large plan is
 * written out as it is serialised instead of held as one string of tens of MB and then a buffer
 * as large again. Values at `nativeDepth` are serialised by V8 in one call each, and a value met
 * again there (the render shares one manifest between clusters alike) is serialised a second time
 * and kept, encoded as UTF-8: from then on its piece is the same Buffer. Only shared values are
 * kept, so a plan with nothing shared is not held in memory while it is written.
 */

type Json = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Json {
  return typeof value === 'object' && value !== null;
}

/** What JSON.stringify serialises in the place of `value` under `key` (its toJSON's result, if any). */
function resolved(value: unknown, key: string | number): unknown {
  const toJSON = isContainer(value) ? (value as { toJSON?: unknown }).toJSON : undefined;
  return typeof toJSON === 'function' ? toJSON.call(value, String(key)) : value;
}

/** Dropped from an object by JSON.stringify, and written as null in an array. */
function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

class ChunkWriter {
  readonly #nativeDepth: number;
  readonly #metOnce = new WeakSet<object>();
  readonly #shared = new Map<object, Buffer>();

  constructor(nativeDepth: number) {
    this.#nativeDepth = nativeDepth;
  }

  /** `value` as JSON.stringify writes it at `depth` (its first line not indented). */
  native(value: unknown, depth: number): string | Buffer {
    if (!isContainer(value)) return JSON.stringify(value) ?? 'null';
    const known = this.#shared.get(value);
    if (known !== undefined) return known;
    const text = (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${'  '.repeat(depth)}`);
    if (!this.#metOnce.has(value)) {
      this.#metOnce.add(value);
      return text;
    }
    const bytes = Buffer.from(text);
    this.#shared.set(value, bytes);
    return bytes;
  }

  *value(value: unknown, depth: number): Generator<string | Buffer> {
    if (!isContainer(value) || depth >= this.#nativeDepth) {
      yield this.native(value, depth);
      return;
    }
    const inner = `\n${'  '.repeat(depth + 1)}`;
    const close = `\n${'  '.repeat(depth)}`;
    if (Array.isArray(value)) {
      if (value.length === 0) return yield '[]';
      for (let i = 0; i < value.length; i++) {
        yield `${i === 0 ? '[' : ','}${inner}`;
        const item = resolved(value[i], i);
        if (isSkipped(item)) yield 'null';
        else yield* this.value(item, depth + 1);
      }
      return yield `${close}]`;
    }
    let first = true;
    for (const key of Object.keys(value)) {
      const item = resolved(value[key], key);
      if (isSkipped(item)) continue;
      yield `${first ? '{' : ','}${inner}${JSON.stringify(key)}: `;
      first = false;
      yield* this.value(item, depth + 1);
    }
    yield first ? '{}' : `${close}}`;
  }
}

/**
 * The pieces of `JSON.stringify(value, null, 2)`: containers down to `nativeDepth` are walked
 * here (their pieces are strings), values at that depth are serialised whole, once per object
 * (their pieces are UTF-8 Buffers).
 */
export function jsonChunks(value: unknown, nativeDepth: number): Iterable<string | Buffer> {
  return new ChunkWriter(nativeDepth).value(resolved(value, ''), 0);
}
