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

function scalarText(value: string): string {
  return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
}

/** Keys in code-unit order: byte order for the ASCII keys Kubernetes uses, and always total. */
function byKey(a: [string, unknown], b: [string, unknown]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
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

/** Lines of a non-empty collection at `indent`; the first line carries no indent (the caller places it). */
function block(value: object, indent: string): string {
  let out = '';
  let first = true;
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = inline(item);
      out += `${first ? '' : indent}- ${text ?? block(item as object, `${indent}  `)}`;
      if (text !== undefined) out += '\n';
      first = false;
    }
    return out;
  }
  const entries = Object.entries(value).filter((e) => e[1] !== undefined).sort(byKey);
  for (const [key, child] of entries) {
    const text = inline(child);
    out += `${first ? '' : indent}${scalarText(key)}:`;
    if (text !== undefined) out += ` ${text}\n`;
    else out += `\n${indent}${Array.isArray(child) ? '' : '  '}${block(child as object, Array.isArray(child) ? indent : `${indent}  `)}`;
    first = false;
  }
  return out;
}

/**
 * YAML for a JSON value, keys sorted, ending in one newline. Equal values give equal bytes,
 * which is what lets the status writer skip a commit when nothing changed (P13).
 */
export function emitYaml(value: unknown): string {
  const text = inline(value);
  return text !== undefined ? `${text}\n` : block(value as object, '');
}
