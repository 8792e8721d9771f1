import type { KubeObject } from './kube.ts';

/** What identifies a template or member object: Karmada's ObjectReference without uid. */
export interface ObjectRef {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
}

/** The API group of an apiVersion; the core group is the empty string. */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

export function versionOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
}

/** `group/Kind`, with `core` for the core group: stable across API versions of one kind. */
export function groupKind(apiVersion: string, kind: string): string {
  return `${groupOf(apiVersion) || 'core'}/${kind}`;
}

export function refOf(obj: KubeObject): ObjectRef {
  return {
    apiVersion: obj.apiVersion,
    kind: obj.kind,
    namespace: obj.metadata.namespace ?? '',
    name: obj.metadata.name ?? '',
  };
}

/** Only the four fields of a reference, from a value that carries more (a report's object, a change): what is copied into another record. */
export function refIdentity(ref: ObjectRef): ObjectRef {
  return { apiVersion: ref.apiVersion, kind: ref.kind, namespace: ref.namespace, name: ref.name };
}

/** A unique, human-readable key: `apps/v1/Deployment/shop/web` (`_` for no namespace). */
export function refKey(ref: ObjectRef): string {
  return `${ref.apiVersion}/${ref.kind}/${ref.namespace || '_'}/${ref.name}`;
}

/** How messages name an object: `Deployment/shop/web`, `ClusterRole/admin`. */
export function describeRef(ref: ObjectRef): string {
  return ref.namespace ? `${ref.kind}/${ref.namespace}/${ref.name}` : `${ref.kind}/${ref.name}`;
}

/**
 * Go-style byte-wise string comparison, which Karmada uses for every name ordering. UTF-8 byte
 * order is code point order; UTF-16 code units agree with it except that a surrogate (a code
 * point above U+FFFF) must sort after every BMP character, so only that case is special.
 */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate) return xSurrogate ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** Sort order of bindings in plan output: apiVersion, kind, namespace, name. */
export function compareRefs(a: ObjectRef, b: ObjectRef): number {
  return (
    compareBytes(a.apiVersion, b.apiVersion) ||
    compareBytes(a.kind, b.kind) ||
    compareBytes(a.namespace, b.namespace) ||
    compareBytes(a.name, b.name)
  );
}
