/**
 * A parsed binding view as the server keeps it: the same content in fresh strings. The YAML
 * parser's scalars are slices of the file's text, so every kept record held its whole file alive
 * (10,000 files, 11 MiB at 10,000 templates); and the strings the records repeat (cluster names,
 * health, condition types and reasons) are kept once per read rather than once per record
 * (docs/benchmarks.md, "Web view").
 */
export class StringPool {
  private readonly strings = new Map<string, string>();

  /** How many distinct strings the pool keeps (what its records share). */
  get size(): number {
    return this.strings.size;
  }

  /** The pool's copy of `value`, which becomes the copy when it has none. */
  intern(value: string): string {
    const kept = this.strings.get(value);
    if (kept !== undefined) return kept;
    this.strings.set(value, value);
    return value;
  }
}

/** `record` again, as JSON holds it (a status record is plain JSON data), its strings from `pool`. */
export function compactRecord<T>(record: T, pool: StringPool): T {
  return JSON.parse(JSON.stringify(record), (_key, value: unknown) =>
    typeof value === 'string' ? pool.intern(value) : value,
  ) as T;
}
