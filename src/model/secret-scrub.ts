import { groupKind } from './identity.ts';
import type { KubeObject } from './kube.ts';

const MASK = '***';

/**
 * Values this short are masked only as whole words: masking every `1` or `on` inside a message
 * would make it unreadable, and a value that short is no secret a message could give away.
 */
const SHORT = 4;

export function isSecretObject(obj: KubeObject | undefined): obj is KubeObject {
  return obj !== undefined && groupKind(obj.apiVersion, obj.kind) === 'core/Secret';
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return undefined;
}

/**
 * Every form a Secret's values may take in a message: `data` as written and base64-decoded,
 * `stringData` as written, non-strings as they print (an API server quotes a mistyped
 * `pin: 424242424242` back). Longest first, so a value that contains another is masked whole.
 */
export function secretValueForms(obj: KubeObject | undefined): string[] {
  if (!isSecretObject(obj)) return [];
  const values = new Set<string>();
  for (const field of ['data', 'stringData'] as const) {
    const entries = obj[field];
    if (typeof entries !== 'object' || entries === null) continue;
    for (const value of Object.values(entries as Record<string, unknown>)) {
      const text = scalarText(value);
      if (text === undefined) continue;
      values.add(text);
      if (field === 'data' && typeof value === 'string') {
        const decoded = Buffer.from(value, 'base64').toString('utf8');
        if (decoded !== '') values.add(decoded);
      }
    }
  }
  return [...values].sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text with every form of the Secrets' values replaced by `***`; other kinds change nothing. */
export function scrubSecretValues(text: string, ...objects: (KubeObject | undefined)[]): string {
  let out = text;
  const values = [...new Set(objects.flatMap(secretValueForms))].sort((a, b) => b.length - a.length);
  for (const value of values) {
    out =
      value.length >= SHORT
        ? out.split(value).join(MASK)
        : out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(value)}(?![\\p{L}\\p{N}])`, 'gu'), MASK);
  }
  return out;
}

/**
 * An error about a Secret with its values scrubbed from the message, in place (its class, code
 * and data stay: they never hold values). The one place an API server's message about a Secret
 * passes before it is printed, logged or committed.
 */
export function scrubSecretError<E>(error: E, ...objects: (KubeObject | undefined)[]): E {
  if (!(error instanceof Error) || !objects.some(isSecretObject)) return error;
  error.message = scrubSecretValues(error.message, ...objects);
  if (error.stack !== undefined) error.stack = scrubSecretValues(error.stack, ...objects);
  return error;
}
