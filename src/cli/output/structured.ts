import { stringify } from 'yaml';

/** The formats every command with machine-readable output offers, as kubectl does. */
export type StructuredFormat = 'json' | 'yaml';

/** `data` as JSON or YAML; the YAML is the same document, with no line folding. */
export function structured(data: unknown, format: StructuredFormat): string {
  return format === 'json' ? JSON.stringify(data, null, 2) : stringify(data, { lineWidth: 0 }).trimEnd();
}
