/**
 * The tokens of the cache's list answers: `continue` names the member and `namespace/name` a page
 * ended at, so the next page starts right after it whatever changed meanwhile (objects before it
 * are not repeated, objects after it not skipped); `resourceVersion` is every member's version,
 * as Karmada's proxy cache composes a multi-cluster resourceVersion. Both are base64url JSON, opaque
 * to clients. Pure.
 */
import type { StorePosition } from '../controllers/index.ts';

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

export function continueToken(position: StorePosition): string {
  return encode({ c: position.cluster, k: position.key });
}

/** The position a continue token names, or undefined when it is not one of ours. */
export function positionOf(token: string): StorePosition | undefined {
  const doc = decode(token) as { c?: unknown; k?: unknown } | undefined;
  return typeof doc?.c === 'string' && typeof doc.k === 'string' ? { cluster: doc.c, key: doc.k } : undefined;
}

/** Every member's resourceVersion as one; empty when the cache holds nothing of the kind. */
export function compositeVersion(versions: Readonly<Record<string, string>>): string {
  return Object.keys(versions).length === 0 ? '' : encode(versions);
}

/** The members' versions a composite resourceVersion names, or undefined when it is not one. */
export function versionsOf(token: string): Record<string, string> | undefined {
  const doc = decode(token);
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined;
  const entries = Object.entries(doc);
  return entries.every(([, v]) => typeof v === 'string')
    ? (Object.fromEntries(entries) as Record<string, string>)
    : undefined;
}

/** The members whose copy is older than the version asked for (numbers compared as numbers). */
export function behind(asked: Readonly<Record<string, string>>, have: Readonly<Record<string, string>>): string[] {
  return Object.entries(asked)
    .filter(([cluster, v]) => {
      const [want, got] = [Number(v), Number(have[cluster] ?? '0')];
      return Number.isFinite(want) && Number.isFinite(got) && got < want;
    })
    .map(([cluster]) => cluster);
}
