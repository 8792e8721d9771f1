/**
 * JSON values ↔ Lua tables, with Karmada's rules: JSON objects become string-keyed
 * tables (`pairs` visits their keys in sorted order, see lazy-table.ts), arrays become sequences
 * with `null` elements dropped, `null` members are absent, every number is a Lua float (gopher-lua
 * has one number type; fengari's integers are 32-bit and would wrap). On the way back a table is
 * an object (string keys), an array (keys 1..n) or an error, as layeh.com/gopher-json decides.
 *
 * Empty tables are ambiguous, and Karmada does not remember where one came from: it encodes every
 * empty table as `[]`, then repairs each nested one by looking its dotted path up in reference
 * objects (Retain: desired and observed; ReviseReplica: desired; every other operation: none) and
 * deletes the rest, even an empty value the script only passed through. Flotilla does the same
 * (docs/karmada-compatibility.md, "Lua results").
 */
import { compareBytes, type JsonValue } from '../../model/index.ts';
import { type LuaState, lauxlib, lua, toJsString, toLuaString } from './fengari.ts';
import type { LazyTables } from './lazy-table.ts';

/** Raised by conversion; the runner turns it into a LuaScriptError naming the script. */
export class LuaConversionError extends Error {}

/**
 * Interned Lua strings for object keys and short values, kept in a registry table so pushing one
 * reuses the same Lua string (its hash included) instead of re-encoding and re-hashing it: the
 * conversion dominates the cost of a call.
 */
export class KeyCache {
  readonly #L: LuaState;
  readonly #ref: number;
  readonly #slots = new Map<string, number>();

  constructor(L: LuaState) {
    this.#L = L;
    lua.lua_createtable(L, 256, 0);
    this.#ref = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
  }

  /** Push the string `s` (interned when short and the cache has room). */
  push(s: string): void {
    const L = this.#L;
    let slot = this.#slots.get(s);
    if (slot === undefined) {
      if (s.length > 64 || this.#slots.size >= 20_000) {
        lua.lua_pushstring(L, toLuaString(s));
        return;
      }
      slot = this.#slots.size + 1;
      lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, this.#ref);
      lua.lua_pushstring(L, toLuaString(s));
      lua.lua_rawseti(L, -2, slot);
      lua.lua_pop(L, 1);
      this.#slots.set(s, slot);
    }
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, this.#ref);
    lua.lua_rawgeti(L, -1, slot);
    lua.lua_remove(L, -2);
  }
}

/** What pushing and reading need from the state: interned strings and lazy tables. */
export interface Marshal {
  readonly keys: KeyCache;
  readonly lazy: LazyTables;
}

/** Push a JSON value onto the Lua stack; objects and arrays become lazy tables. */
export function pushJson(L: LuaState, value: unknown, m: Marshal): void {
  if (value === null || value === undefined) lua.lua_pushnil(L);
  else if (typeof value === 'boolean') lua.lua_pushboolean(L, value);
  else if (typeof value === 'number') lua.lua_pushnumber(L, value);
  else if (typeof value === 'string') m.keys.push(value);
  else if (typeof value === 'object') pushContainer(L, value as Record<string, unknown> | unknown[], m);
  else throw new LuaConversionError(`cannot pass a ${typeof value} to Lua`);
}

function pushContainer(L: LuaState, value: Record<string, unknown> | unknown[], m: Marshal): void {
  const array = Array.isArray(value);
  const source = array ? value.filter((v) => v !== null && v !== undefined) : value;
  const empty = array ? source.length === 0 : !Object.values(source).some((v) => v !== null && v !== undefined);
  if (empty) lua.lua_createtable(L, 0, 0);
  else m.lazy.push(L, source);
}

/** Dotted paths (array indexes left out) of the empty arrays and objects in the reference objects. */
export type EmptyReferences = ReadonlyMap<string, 'array' | 'object'>;

/** No reference objects: every nested empty table is deleted. */
export const NO_REFERENCES: EmptyReferences = new Map();

/** How to read a Lua value back: the lazy tables of the state and the repair's reference paths. */
export interface ReadContext {
  readonly lazy: LazyTables;
  readonly references: EmptyReferences;
}

const DROP = Symbol('drop');
type Read = JsonValue | typeof DROP;

/** Deeper results are rejected: every level holds Lua stack slots and a JS frame while it is read. */
const MAX_DEPTH = 200;

/**
 * Read the value at `idx` as Karmada encodes and repairs it. An empty table at the top is `[]`
 * (the caller decides whether its target wants `{}`); a nested one is looked up by its path in
 * the references: an empty object there gives `{}`, else an empty array there gives `[]`, else
 * the key or element is deleted. The repair is one pass: a table emptied by deletions stays `{}`.
 */
export function readJson(L: LuaState, idx: number, ctx: ReadContext): JsonValue {
  const value = read(L, lua.lua_absindex(L, idx), ctx, '', new Set(), 0);
  return value === DROP ? [] : value;
}

function read(L: LuaState, idx: number, ctx: ReadContext, path: string, seen: Set<object>, depth: number): Read {
  const type = lua.lua_type(L, idx);
  if (type === lua.LUA_TNIL || type === lua.LUA_TNONE) return null;
  if (type === lua.LUA_TBOOLEAN) return lua.lua_toboolean(L, idx);
  if (type === lua.LUA_TNUMBER) return readNumber(L, idx);
  if (type === lua.LUA_TSTRING) return toJsString(lua.lua_tostring(L, idx) ?? new Uint8Array());
  if (type === lua.LUA_TTABLE) return readTable(L, idx, ctx, path, seen, depth);
  throw new LuaConversionError(`cannot encode ${luaTypeName(type)} to JSON`);
}

function readNumber(L: LuaState, idx: number): number {
  const n = lua.lua_tonumber(L, idx);
  if (!Number.isFinite(n)) throw new LuaConversionError(`json: unsupported value: ${n}`);
  return n;
}

function readTable(L: LuaState, idx: number, ctx: ReadContext, path: string, seen: Set<object>, depth: number): Read {
  if (depth > MAX_DEPTH || !lua.lua_checkstack(L, 3))
    throw new LuaConversionError(`cannot encode tables nested deeper than ${MAX_DEPTH} levels`);
  const ptr = lua.lua_topointer(L, idx);
  if (seen.has(ptr)) throw new LuaConversionError('cannot encode recursively nested tables to JSON');
  seen.add(ptr);
  const entries: [string | number, Read][] = [];
  let kind: 'string' | 'number' | undefined;
  lua.lua_pushnil(L);
  while (lua.lua_next(L, idx) !== 0) {
    const keyType = lua.lua_type(L, -2);
    const thisKind = keyType === lua.LUA_TSTRING ? 'string' : keyType === lua.LUA_TNUMBER ? 'number' : undefined;
    if (!thisKind || (kind && kind !== thisKind)) {
      lua.lua_pop(L, 2);
      throw new LuaConversionError('cannot encode mixed or invalid key types');
    }
    kind = thisKind;
    const key =
      thisKind === 'string' ? toJsString(lua.lua_tostring(L, -2) ?? new Uint8Array()) : lua.lua_tonumber(L, -2);
    const childPath = thisKind === 'string' ? joinPath(path, key as string) : path;
    entries.push([key, read(L, lua.lua_gettop(L), ctx, childPath, seen, depth + 1)]);
    lua.lua_pop(L, 1);
  }
  const lazy = ctx.lazy.pendingOf(L, idx);
  if (lazy) {
    kind ??= lazy.array ? 'number' : 'string';
    if (kind !== (lazy.array ? 'number' : 'string'))
      throw new LuaConversionError('cannot encode mixed or invalid key types');
    for (const key of lazy.pending) {
      const value = lazy.array
        ? (lazy.source as unknown[])[(key as number) - 1]
        : (lazy.source as Record<string, unknown>)[key as string];
      entries.push([key, fromJson(value, lazy.array ? path : joinPath(path, key as string), ctx.references)]);
    }
  }
  if (entries.length === 0) return depth === 0 ? DROP : emptyAt(path, ctx.references);
  return kind === 'string' ? toObject(entries) : toArray(entries);
}

const joinPath = (path: string, key: string): string => (path ? `${path}.${key}` : key);

function emptyAt(path: string, references: EmptyReferences): Read {
  const kind = references.get(path);
  return kind === 'object' ? {} : kind === 'array' ? [] : DROP;
}

/**
 * An input value the script never touched, as it would have come back through Lua: `null`
 * members and elements gone, keys sorted, and empty values repaired like the script's own.
 */
function fromJson(value: unknown, path: string, references: EmptyReferences): Read {
  if (Array.isArray(value)) {
    const out: JsonValue[] = [];
    for (const item of value) {
      if (item === null || item === undefined) continue;
      const read = fromJson(item, path, references);
      if (read !== DROP) out.push(read);
    }
    return out.length > 0 || value.some((v) => v !== null && v !== undefined) ? out : emptyAt(path, references);
  }
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).filter((k) => object[k] !== null && object[k] !== undefined);
    if (keys.length === 0) return emptyAt(path, references);
    const out: Record<string, JsonValue> = {};
    for (const key of keys.sort(compareBytes)) {
      const read = fromJson(object[key], joinPath(path, key), references);
      if (read !== DROP) out[key] = read;
    }
    return out;
  }
  return value as JsonValue;
}

function toObject(entries: [string | number, Read][]): JsonValue {
  entries.sort(([a], [b]) => compareBytes(a as string, b as string));
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of entries) if (value !== DROP) out[key as string] = value;
  return out;
}

function toArray(entries: [string | number, Read][]): JsonValue {
  const out: Read[] = new Array(entries.length);
  for (const [key, value] of entries) {
    const i = Number(key);
    if (!Number.isInteger(i) || i < 1 || i > entries.length) throw new LuaConversionError('cannot encode sparse array');
    out[i - 1] = value;
  }
  return out.filter((v): v is JsonValue => v !== DROP);
}

function luaTypeName(type: number): string {
  const names: Record<number, string> = { 2: 'userdata', 6: 'function', 7: 'userdata', 8: 'thread' };
  return names[type] ?? 'value';
}

/**
 * The reference paths of Karmada's repair: an empty object at a path wins over an empty array
 * at the same path in another reference (or another element of the same list).
 */
export function emptyPaths(references: readonly unknown[]): Map<string, 'array' | 'object'> {
  const out = new Map<string, 'array' | 'object'>();
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      if (value.length === 0) {
        if (path && !out.has(path)) out.set(path, 'array');
        return;
      }
      for (const item of value) walk(item, path);
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      if (keys.length === 0) {
        if (path) out.set(path, 'object');
        return;
      }
      for (const key of keys) walk((value as Record<string, unknown>)[key], joinPath(path, key));
    }
  };
  for (const ref of references) walk(ref, '');
  return out;
}
