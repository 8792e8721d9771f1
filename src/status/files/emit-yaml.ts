/**
 * A small deterministic YAML emitter for JSON data: block style, keys sorted, strings plain only
 * when every YAML reader reads them back as the same string, else JSON-quoted (a JSON string is
 * a valid YAML double-quoted scalar). Written because the status branch holds one file per
 * template and the general-purpose emitters measured 2–5 ms per binding view, far over issue 8's
 * budget of 5 s for 10,000 templates.
 */

/** Plain scalars that stay strings in YAML 1.1 and 1.2 readers alike. */
const PLAIN = /^[A-Za-z_/][A-Za-z0-9_./-]*(?: [A-Za-z0-9_./()-]+)*$/;
const RESERVED = /^(?:y|n|yes|no|on|off|true|false|null)$/i;

/** Status files repeat the same keys and words (cluster names, kinds, health) thousands of times. */
const scalarCache = new Map<string, string>();
const SCALAR_CACHE_LIMIT = 100_000;

function scalarText(value: string): string {
  let text = scalarCache.get(value);
  if (text === undefined) {
    text = PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
    if (scalarCache.size >= SCALAR_CACHE_LIMIT) scalarCache.clear();
    scalarCache.set(value, text);
  }
  return text;
}

/** A value that fits on its key's line, or `undefined` for a non-empty collection. */
function inline(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return scalarText(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return value.length === 0 ? '[]' : undefined;
      for (const key in value) if ((value as Record<string, unknown>)[key] !== undefined) return undefined;
      return '{}';
    default:
      return 'null';
  }
}

/** Keys with a value, in code-unit order: byte order for the ASCII keys Kubernetes uses, and always total. */
function sortedKeys(value: Record<string, unknown>): string[] {
  const keys: string[] = [];
  for (const key in value) if (value[key] !== undefined) keys.push(key);
  return keys.sort();
}

/**
 * Appends the lines of a non-empty collection to `out`. `lead` starts the first line (a key's
 * indent, or a sequence item's `- `); every later line starts with `indent`.
 */
function block(value: object, indent: string, lead: string, out: string[]): void {
  let prefix = lead;
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = inline(item);
      if (text !== undefined) out.push(prefix, '- ', text, '\n');
      else block(item as object, `${indent}  `, `${prefix}- `, out);
      prefix = indent;
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of sortedKeys(record)) {
    const child = record[key];
    const text = inline(child);
    out.push(prefix, scalarText(key), ':');
    if (text !== undefined) out.push(' ', text, '\n');
    else {
      out.push('\n');
      const inner = Array.isArray(child) ? indent : `${indent}  `;
      block(child as object, inner, inner, out);
    }
    prefix = indent;
  }
}

/**
 * YAML for a JSON value, keys sorted, ending in one newline. Equal values give equal bytes,
 * which is what lets the status writer skip a commit when nothing changed.
 */
export function emitYaml(value: unknown): string {
  const text = inline(value);
  if (text !== undefined) return `${text}\n`;
  const out: string[] = [];
  block(value as object, '', '', out);
  return out.join('');
}
