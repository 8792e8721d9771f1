/**
 * Lazily converted objects: a JSON object or array pushed to Lua becomes a table holding its
 * numbers and booleans, whose metatable fills the other fields in on first access (`__index`),
 * and all of them before `pairs`, `#` or `next` look (`__pairs`, `__len`, the host `next`).
 * `pairs` visits keys in sorted order, so scripts iterate deterministically (Karmada iterates in
 * Go's random map order). Scripts see ordinary tables (metatables are
 * out of their reach: getmetatable/rawget are disabled), but a health check that reads five
 * fields of a large object converts five fields, not the whole object: conversion dominated the
 * cost of a call. Reading a table back merges what Lua holds with the untouched JSON.
 */
import { type LuaCFunction, type LuaState, lauxlib, lua, toJsString, toLuaString } from './fengari.ts';

/** The untouched part of a lazily converted table. */
export interface LazyState {
  readonly array: boolean;
  readonly source: Readonly<Record<string, unknown>> | readonly unknown[];
  readonly pending: Set<string | number>;
}

/** Pushes one JSON value (used for the fields filled in on access). */
export type PushValue = (L: LuaState, value: unknown) => void;

/** fengari's table object, where the lazy state rides along (a WeakMap costs more than the conversion it saves). */
type TableObject = { flotillaLazy?: LazyState };

function stateOf(L: LuaState, idx: number): LazyState | undefined {
  return (lua.lua_topointer(L, idx) as TableObject).flotillaLazy;
}

/** The lazy tables of one Lua state. */
export class LazyTables {
  readonly #metatable: number;
  readonly #push: PushValue;
  readonly #pushKey: (L: LuaState, key: string) => void;
  /** Decoded keys by the Lua string's bytes object: scripts index with the same constants again and again. */
  readonly #decoded = new WeakMap<Uint8Array, string>();

  constructor(L: LuaState, push: PushValue, pushKey: (L: LuaState, key: string) => void) {
    this.#push = push;
    this.#pushKey = pushKey;
    const handlers: Record<string, LuaCFunction> = {
      __index: (l) => this.#index(l),
      __newindex: (l) => this.#newIndex(l),
      __len: (l) => {
        this.materialize(l, 1);
        lua.lua_pushinteger(l, lua.lua_rawlen(l, 1));
        return 1;
      },
      __pairs: (l) => this.#pairs(l),
    };
    lua.lua_createtable(L, 0, 4);
    for (const [name, fn] of Object.entries(handlers)) {
      lua.lua_pushcfunction(L, fn);
      lua.lua_setfield(L, -2, toLuaString(name));
    }
    this.#metatable = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
  }

  /**
   * Push `value` (a JSON object or an array with nulls already removed) as a lazy table:
   * numbers and booleans are set at once (cheaper than a metamethod call later), strings and
   * containers on first access.
   */
  push(L: LuaState, value: Readonly<Record<string, unknown>> | readonly unknown[]): void {
    const array = Array.isArray(value);
    const pending = new Set<string | number>();
    lua.lua_createtable(L, 0, 0);
    const t = lua.lua_gettop(L);
    if (array) {
      for (let i = 1; i <= value.length; i++) {
        const v = value[i - 1];
        if (typeof v === 'number' || typeof v === 'boolean') this.#setPrimitive(L, t, i, v);
        else pending.add(i);
      }
    } else {
      for (const k in value) {
        const v = (value as Record<string, unknown>)[k];
        if (typeof v === 'number' || typeof v === 'boolean') this.#setPrimitive(L, t, k, v);
        else if (v !== null && v !== undefined) pending.add(k);
      }
    }
    (lua.lua_topointer(L, t) as TableObject).flotillaLazy = { array, source: value, pending };
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, this.#metatable);
    lua.lua_setmetatable(L, t);
  }

  #setPrimitive(L: LuaState, t: number, key: string | number, v: number | boolean): void {
    if (typeof key === 'number') lua.lua_pushinteger(L, key);
    else this.#pushKey(L, key);
    if (typeof v === 'number') lua.lua_pushnumber(L, v);
    else lua.lua_pushboolean(L, v);
    lua.lua_rawset(L, t);
  }

  /** The untouched part of the table at `idx`, if it is lazy and has one. */
  pendingOf(L: LuaState, idx: number): LazyState | undefined {
    const state = stateOf(L, idx);
    return state && state.pending.size > 0 ? state : undefined;
  }

  /** Fill in every pending field of the table at `idx` (sorted keys: deterministic `pairs`). */
  materialize(L: LuaState, idx: number): void {
    const t = lua.lua_absindex(L, idx);
    const state = this.pendingOf(L, t);
    if (!state) return;
    const keys = [...state.pending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    state.pending.clear();
    for (const key of keys) this.#set(L, t, state, key);
  }

  /** `pairs` over an input table: every field, keys in sorted order (numbers, then strings). */
  #pairs(L: LuaState): number {
    this.materialize(L, 1);
    const keys: (string | number)[] = [];
    lua.lua_pushnil(L);
    while (lua.lua_next(L, 1) !== 0) {
      lua.lua_pop(L, 1);
      const type = lua.lua_type(L, -1);
      if (type === lua.LUA_TNUMBER) keys.push(lua.lua_tonumber(L, -1));
      else if (type === lua.LUA_TSTRING) keys.push(toJsString(lua.lua_tostring(L, -1) ?? new Uint8Array()));
    }
    keys.sort((a, b) => (typeof a !== typeof b ? (typeof a === 'number' ? -1 : 1) : a < b ? -1 : a > b ? 1 : 0));
    let i = 0;
    lua.lua_pushcfunction(L, (l) => {
      for (; i < keys.length; ) {
        const key = keys[i++] as string | number;
        if (typeof key === 'number') lua.lua_pushnumber(l, key);
        else this.#pushKey(l, key);
        lua.lua_pushvalue(l, -1);
        lua.lua_rawget(l, 1);
        if (lua.lua_type(l, -1) !== lua.LUA_TNIL) return 2;
        lua.lua_pop(l, 2);
      }
      lua.lua_pushnil(l);
      return 1;
    });
    lua.lua_pushvalue(L, 1);
    lua.lua_pushnil(L);
    return 3;
  }

  /** The host `next`: materialize, then Lua's raw `next`. */
  next(L: LuaState): number {
    lauxlib.luaL_checktype(L, 1, lua.LUA_TTABLE);
    this.materialize(L, 1);
    lua.lua_settop(L, 2);
    if (lua.lua_next(L, 1) !== 0) return 2;
    lua.lua_pushnil(L);
    return 1;
  }

  #set(L: LuaState, t: number, state: LazyState, key: string | number): void {
    if (typeof key === 'number') lua.lua_pushinteger(L, key);
    else this.#pushKey(L, key);
    this.#push(
      L,
      state.array
        ? (state.source as readonly unknown[])[(key as number) - 1]
        : (state.source as Record<string, unknown>)[key as string],
    );
    lua.lua_rawset(L, t);
  }

  #keyOf(L: LuaState, state: LazyState): string | number | undefined {
    const type = lua.lua_type(L, 2);
    if (state.array) return type === lua.LUA_TNUMBER ? lua.lua_tonumber(L, 2) : undefined;
    if (type !== lua.LUA_TSTRING) return undefined;
    const bytes = lua.lua_tostring(L, 2) ?? new Uint8Array();
    let key = this.#decoded.get(bytes);
    if (key === undefined) {
      key = toJsString(bytes);
      this.#decoded.set(bytes, key);
    }
    return key;
  }

  #index(L: LuaState): number {
    const state = stateOf(L, 1);
    const key = state && this.#keyOf(L, state);
    if (!state || key === undefined || !state.pending.delete(key)) {
      lua.lua_pushnil(L);
      return 1;
    }
    lua.lua_settop(L, 2);
    this.#push(
      L,
      state.array
        ? (state.source as readonly unknown[])[(key as number) - 1]
        : (state.source as Record<string, unknown>)[key as string],
    );
    lua.lua_pushvalue(L, 2);
    lua.lua_pushvalue(L, 3);
    lua.lua_rawset(L, 1);
    return 1;
  }

  #newIndex(L: LuaState): number {
    const state = stateOf(L, 1);
    const key = state && this.#keyOf(L, state);
    if (state && key !== undefined) state.pending.delete(key);
    lua.lua_settop(L, 3);
    lua.lua_rawset(L, 1);
    return 0;
  }
}
