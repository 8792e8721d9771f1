import { createRequire } from 'node:module';

/** The formats every command with machine-readable output offers, as kubectl does. */
export type StructuredFormat = 'json' | 'yaml';

/** `data` as JSON or YAML; the YAML is the same document, with no line folding. */
export function structured(data: unknown, format: StructuredFormat): string {
  if (format === 'json') return JSON.stringify(data, null, 2);
  // Required when asked for, not imported: an import would load the YAML library in every command
  // that offers -o yaml, which most runs (text, JSON) never use.
  const { stringify } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return stringify(data, { lineWidth: 0 }).trimEnd();
}
