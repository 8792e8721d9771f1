/**
 * RFC 6902 add / remove / replace with the exact behaviour of evanphx/json-patch v5 under its
 * default options, which every Karmada overrider runs through (docs/karmada-compatibility.md#the-overriders).
 *
 * Documents are plain JSON values; objects may also be `Map`s (field overrider JSON text keeps its
 * key order that way) and leaves may be opaque objects (raw JSON tokens). The engine never mutates
 * its input: it copies the containers on the path of each operation, once per patch (or once per
 * render, see Ownership), so a patch costs the length of its paths, not the size of the document,
 * and a failing patch leaves the input as it was (the whole patch fails atomically).
 */

/** One JSON Patch operation as Karmada builds it (`overrideOption`). */
export interface PatchOperation {
  readonly op: string;
  readonly path: string;
  /** Inserted as is (never mutated later); `undefined` is JSON `null`. */
  readonly value?: unknown;
}

/** Why a patch failed: the first failing operation, its path and evanphx's reason. */
export interface PatchFailure {
  readonly ok: false;
  readonly index: number;
  readonly path: string;
  readonly reason: string;
}

/** The patched document (sharing unchanged subtrees with the input), or the first failure. */
export type PatchResult = { readonly ok: true; readonly doc: unknown } | PatchFailure;

type Container = unknown[] | Map<string, unknown> | Record<string, unknown>;

/**
 * Containers copied by earlier patches of the same render. They are private to that render, so
 * later patches write them in place instead of copying them again. Only for a caller that drops
 * the whole result when any patch fails (as one cluster's override application does,
 * docs/karmada-compatibility.md#override-failures): a failing patch may leave its earlier operations in these copies. A
 * short list rather than a Set: a render owns a few dozen copies at most, and scanning them by identity is cheaper than
 * hashing fresh objects.
 */
export type Ownership = object[];

/** Plain JSON containers; class instances other than Map and Array are leaves. */
function isContainer(value: unknown): value is Container {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value) || value instanceof Map) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function shallowCopy(c: Container): Container {
  if (Array.isArray(c)) return c.slice();
  if (c instanceof Map) return new Map(c);
  return { ...c };
}

/** RFC 6901 unescaping, `~1` first as evanphx's strings.Replacer does. */
function decodeToken(token: string): string {
  return token.includes('~') ? token.replaceAll('~1', '/').replaceAll('~0', '~') : token;
}

/** Go strconv.Atoi: optional sign, decimal digits, leading zeros allowed (a loop: this is hot). */
function atoi(token: string): number | undefined {
  let i = token.charCodeAt(0) === 43 || token.charCodeAt(0) === 45 ? 1 : 0;
  if (i === token.length) return undefined;
  let n = 0;
  for (; i < token.length; i++) {
    const d = token.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    n = n * 10 + d;
  }
  return token.charCodeAt(0) === 45 ? -n : n;
}

function objGet(c: Map<string, unknown> | Record<string, unknown>, key: string): unknown {
  return c instanceof Map ? c.get(key) : Object.hasOwn(c, key) ? c[key] : undefined;
}

function objHas(c: Map<string, unknown> | Record<string, unknown>, key: string): boolean {
  return c instanceof Map ? c.has(key) : Object.hasOwn(c, key);
}

function objSet(c: Map<string, unknown> | Record<string, unknown>, key: string, value: unknown): void {
  if (c instanceof Map) c.set(key, value);
  else if (key === '__proto__')
    Object.defineProperty(c, key, { value, enumerable: true, writable: true, configurable: true });
  else c[key] = value;
}

function objDelete(c: Map<string, unknown> | Record<string, unknown>, key: string): void {
  if (c instanceof Map) c.delete(key);
  else delete c[key];
}

/** Applies one patch; see the module comment for the copy discipline. */
export function applyPatch(doc: unknown, ops: readonly PatchOperation[], ownership?: Ownership): PatchResult {
  // A single operation copies each container on its path exactly once, so only longer patches
  // need to remember which containers are already their own.
  const owned: object[] | undefined = ownership ?? (ops.length > 1 ? [] : undefined);
  let root = doc;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as PatchOperation;
    const value = op.value === undefined ? null : op.value;
    if (op.path === '' && (op.op === 'add' || op.op === 'replace')) {
      // evanphx replaces the whole document, which must decode as an object or array.
      if (!isContainer(value)) return fail(i, op, `${op.op} operation value must be object or array`);
      root = value;
      continue;
    }
    if (op.op !== 'add' && op.op !== 'remove' && op.op !== 'replace') return fail(i, op, `Unexpected kind: ${op.op}`);
    const split = op.path.split('/');
    if (split.length < 2 || !isContainer(root)) return fail(i, op, `doc is missing path: "${op.path}"`);
    root = own(root, owned);
    const parent = ownedParent(root as Container, split, owned);
    if (parent === undefined) return fail(i, op, `doc is missing path: "${op.path}"`);
    const reason = applyAt(parent, decodeToken(split[split.length - 1] as string), op.op, value);
    if (reason !== undefined) return fail(i, op, reason);
  }
  return { ok: true, doc: root };
}

function fail(index: number, op: PatchOperation, reason: string): PatchFailure {
  return { ok: false, index, path: op.path, reason: `${op.op} operation does not apply: ${reason}` };
}

/** `c`, or its copy, which `owned` (when given) then remembers as writable. */
function own(c: Container, owned: object[] | undefined): Container {
  if (owned === undefined) return shallowCopy(c);
  if (owned.includes(c)) return c;
  const copy = shallowCopy(c);
  owned.push(copy);
  return copy;
}

/**
 * Walks the intermediate tokens (evanphx findObject: the first segment before `/` is ignored),
 * owning each container on the way; undefined when one is missing or not a container.
 */
function ownedParent(root: Container, split: readonly string[], owned: object[] | undefined): Container | undefined {
  let parent = root;
  for (let s = 1; s < split.length - 1; s++) {
    const key = decodeToken(split[s] as string);
    // evanphx answers "" with the container's unset self pointer below the root: a missing path.
    if (key === '') return undefined;
    let idx = -1;
    let next: unknown;
    if (Array.isArray(parent)) {
      idx = resolveIndex(key, parent.length);
      next = idx < 0 ? undefined : parent[idx];
    } else if (parent instanceof Map) {
      next = parent.get(key);
    } else {
      // An inherited property is never a plain container, except the __proto__ accessor.
      next = key === '__proto__' ? objGet(parent, key) : parent[key];
    }
    if (!isContainer(next)) return undefined;
    const copy = own(next, owned);
    if (copy !== next) {
      if (idx >= 0) (parent as unknown[])[idx] = copy;
      else objSet(parent as Map<string, unknown> | Record<string, unknown>, key, copy);
    }
    parent = copy;
  }
  return parent;
}

/** An existing index (negative counts from the end), or -1 when out of range or not a number. */
function resolveIndex(key: string, length: number): number {
  let idx = atoi(key);
  if (idx === undefined) return -1;
  if (idx < 0) {
    if (idx < -length) return -1;
    idx += length;
  }
  return idx < length ? idx : -1;
}

/** The final step of one operation on its (owned) parent; a reason when it does not apply. */
function applyAt(parent: Container, key: string, op: 'add' | 'remove' | 'replace', value: unknown): string | undefined {
  if (!Array.isArray(parent)) {
    if (op === 'add') objSet(parent, key, value);
    else if (op === 'remove') {
      if (!objHas(parent, key)) return `unable to remove nonexistent key: ${key}`;
      objDelete(parent, key);
    } else {
      // evanphx's get("") answers the container itself, so replacing key "" always finds it.
      if (key !== '' && !objHas(parent, key)) return `doc is missing key: ${key}`;
      objSet(parent, key, value);
    }
    return undefined;
  }
  if (op === 'add') return arrayAdd(parent, key, value);
  const idx = resolveIndex(key, parent.length);
  if (idx < 0) return `Unable to access invalid index: ${key}`;
  if (op === 'remove') parent.splice(idx, 1);
  else parent[idx] = value;
  return undefined;
}

/** Insert before `key` (0..len), `-` appends, negative counts from the append position. */
function arrayAdd(parent: unknown[], key: string, value: unknown): string | undefined {
  if (key === '-') {
    parent.push(value);
    return undefined;
  }
  let idx = atoi(key);
  if (idx === undefined) return `value was not a proper array index: '${key}'`;
  const size = parent.length + 1;
  if (idx >= size || idx < -size) return `Unable to access invalid index: ${idx}`;
  if (idx < 0) idx += size;
  parent.splice(idx, 0, value);
  return undefined;
}
