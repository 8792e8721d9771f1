/**
 * The fengari (Lua 5.3 in JS) runtime, loaded with two process-wide shims that only act on states
 * created by this module (marked through `L.l_G.flotilla`):
 * - number → string conversion prints like gopher-lua (`2`, not `2.0`;
 * docs/karmada-compatibility.md#lua-51-on-fengari);
 * - every new string is checked against the state's string limits, so `s = s .. s` cannot
 *   allocate gigabytes in one instruction (fengari has no allocator hook);
 * - every numeral (in source and in string coercion) reads as a float, Lua 5.1's only number
 *   type: fengari's integers are 32-bit, so `1024 * 1024 * 1024 * 4` would wrap to 0. This one
 *   applies to every fengari state in the process (the numeral reader has no state at hand);
 *   Flotilla is fengari's only user.
 * The string shim must be installed before fengari's VM captures `luaS_bless`, hence `require`
 * in this order instead of static imports, inside `loadFengari`.
 */
import { createRequire } from 'node:module';
import { formatGoFloat } from '../go-float.ts';

/** An opaque fengari state (`lua_State`). */
export interface LuaState {
  l_G: { flotilla?: StringBudget };
}

/** Per-state string limits and the running total, reset per call by the script runner. */
export interface StringBudget {
  maxStringBytes: number;
  limitBytes: number;
  usedBytes: number;
}

/** A fengari debug record (`lua_Debug`). */
export interface LuaDebug {
  currentline: number;
  what: Uint8Array | null;
}

/** A JS function callable from Lua. */
export type LuaCFunction = (L: LuaState) => number;

type Api = Record<string, (...args: never[]) => unknown> & Record<string, unknown>;

interface TValue {
  ttisinteger(): boolean;
  value: number;
  setsvalue(ts: unknown): void;
  setfltvalue(n: number): void;
}

interface Fengari {
  lua: Api;
  lauxlib: Api;
  lualib: Api;
  to_luastring: (s: string, cache?: boolean) => Uint8Array;
  to_jsstring: (s: Uint8Array) => string;
}

/** fengari's `lua` namespace (the C API), `lauxlib` and `lualib`, typed loosely at this one boundary. */
export let lua: LuaApi;
export let lauxlib: LauxApi;
export let lualib: LualibApi;
export let toLuaString: Fengari['to_luastring'];
export let toJsString: Fengari['to_jsstring'];

/**
 * Loads fengari and installs the shims, once; the bindings above are set from then on. Called
 * before the first Lua state is made: loading the VM costs about 30 ms, which a command that runs
 * no Lua (a `validate` of templates that no customization needs) does not pay.
 */
export function loadFengari(): void {
  if (lua !== undefined) return;
  const require = createRequire(import.meta.url);
  const lstring = require('fengari/src/lstring.js') as {
    luaS_bless: (L: LuaState | undefined, s: Uint8Array) => unknown;
  };
  const originalBless = lstring.luaS_bless;
  lstring.luaS_bless = function blessWithinBudget(L, s) {
    const budget = L?.l_G?.flotilla;
    if (budget && s.length > 64) {
      if (s.length > budget.maxStringBytes)
        ldebug.luaG_runerror(
          L as LuaState,
          encode(`string length ${s.length} exceeds the limit of ${budget.maxStringBytes} bytes`),
        );
      budget.usedBytes += s.length;
      if (budget.usedBytes > budget.limitBytes)
        ldebug.luaG_runerror(L as LuaState, encode(`memory limit of ${budget.limitBytes} bytes exceeded`));
    }
    return originalBless(L, s);
  };

  // Required only now: loading ldebug/lobject loads the VM, which must see the shim above.
  const ldebug = require('fengari/src/ldebug.js') as { luaG_runerror: (L: LuaState, msg: Uint8Array) => never };
  const lobject = require('fengari/src/lobject.js') as {
    luaO_tostring: (L: LuaState, obj: TValue) => void;
    luaO_str2num: (s: Uint8Array, obj: TValue) => number;
  };
  const originalStr2num = lobject.luaO_str2num;
  lobject.luaO_str2num = function numeralsAsFloats(s, obj) {
    const size = originalStr2num(s, obj);
    if (size !== 0 && obj.ttisinteger()) obj.setfltvalue(obj.value);
    return size;
  };
  const originalToString = lobject.luaO_tostring;
  lobject.luaO_tostring = function goStyleToString(L, obj) {
    if (!L?.l_G?.flotilla || obj.ttisinteger()) {
      originalToString(L, obj);
      return;
    }
    obj.setsvalue(originalBless(L, encode(formatGoFloat(obj.value))));
  };

  const fengari = require('fengari') as Fengari;
  const encode = (s: string): Uint8Array => fengari.to_luastring(s);
  assertShimsActive(fengari);
  lua = fengari.lua as unknown as LuaApi;
  lauxlib = fengari.lauxlib as unknown as LauxApi;
  lualib = fengari.lualib as unknown as LualibApi;
  toLuaString = fengari.to_luastring;
  toJsString = fengari.to_jsstring;
}

/**
 * The string shim only works if fengari's VM was loaded after it; if some other module loaded
 * fengari first, concatenation would bypass the memory bound, so refuse to run at all.
 */
function assertShimsActive(fengari: Fengari): void {
  const api = fengari.lua as unknown as LuaApi;
  const aux = fengari.lauxlib as unknown as LauxApi;
  const L = aux.luaL_newstate();
  L.l_G.flotilla = { maxStringBytes: 100, limitBytes: 1000, usedBytes: 0 };
  const encode = (s: string): Uint8Array => fengari.to_luastring(s);
  const source = encode('local a = "0123456789012345678901234567890123456789" return a .. a .. a');
  const status = aux.luaL_loadbufferx(L, source, null, encode('=probe'), encode('t'));
  const stopped =
    status === api.LUA_OK &&
    api.lua_pcall(L, 0, 1, 0) !== api.LUA_OK &&
    fengari.to_jsstring(api.lua_tostring(L, -1) ?? new Uint8Array()).includes('exceeds the limit');
  if (!stopped) {
    throw new Error(
      'fengari was loaded before the interpreter installed its string limit; import src/interpreter before anything else that loads fengari',
    );
  }
}

/** The subset of the Lua C API Flotilla uses. */
export interface LuaApi {
  LUA_OK: number;
  LUA_REGISTRYINDEX: number;
  LUA_MASKCOUNT: number;
  LUA_MULTRET: number;
  LUA_TNIL: number;
  LUA_TNONE: number;
  LUA_TBOOLEAN: number;
  LUA_TNUMBER: number;
  LUA_TSTRING: number;
  LUA_TTABLE: number;
  LUA_TFUNCTION: number;
  LUA_RIDX_GLOBALS: number;
  lua_Debug: new () => LuaDebug;
  lua_absindex(L: LuaState, idx: number): number;
  lua_atnativeerror(L: LuaState, fn: LuaCFunction): void;
  lua_checkstack(L: LuaState, n: number): boolean;
  lua_createtable(L: LuaState, narr: number, nrec: number): void;
  lua_getfield(L: LuaState, idx: number, k: Uint8Array): number;
  lua_getglobal(L: LuaState, name: Uint8Array): number;
  lua_geti(L: LuaState, idx: number, n: number): number;
  lua_getinfo(L: LuaState, what: Uint8Array, ar: LuaDebug): number;
  lua_getstack(L: LuaState, level: number, ar: LuaDebug): number;
  lua_gettop(L: LuaState): number;
  lua_insert(L: LuaState, idx: number): void;
  lua_isinteger(L: LuaState, idx: number): boolean;
  lua_next(L: LuaState, idx: number): number;
  lua_pcall(L: LuaState, nargs: number, nresults: number, msgh: number): number;
  lua_pop(L: LuaState, n: number): void;
  lua_pushboolean(L: LuaState, b: boolean): void;
  lua_pushcfunction(L: LuaState, fn: LuaCFunction): void;
  lua_pushinteger(L: LuaState, n: number): void;
  lua_pushnil(L: LuaState): void;
  lua_pushnumber(L: LuaState, n: number): void;
  lua_pushstring(L: LuaState, s: Uint8Array): void;
  lua_pushvalue(L: LuaState, idx: number): void;
  lua_rawgeti(L: LuaState, idx: number, n: number): number;
  lua_rawseti(L: LuaState, idx: number, n: number): void;
  lua_rawget(L: LuaState, idx: number): number;
  lua_rawlen(L: LuaState, idx: number): number;
  lua_rawset(L: LuaState, idx: number): void;
  lua_remove(L: LuaState, idx: number): void;
  lua_setfield(L: LuaState, idx: number, k: Uint8Array): void;
  lua_setglobal(L: LuaState, name: Uint8Array): void;
  lua_setmetatable(L: LuaState, idx: number): void;
  lua_sethook(L: LuaState, fn: ((L: LuaState, ar: LuaDebug) => void) | null, mask: number, count: number): void;
  lua_settop(L: LuaState, idx: number): void;
  lua_toboolean(L: LuaState, idx: number): boolean;
  lua_tonumber(L: LuaState, idx: number): number;
  lua_topointer(L: LuaState, idx: number): object;
  lua_tostring(L: LuaState, idx: number): Uint8Array | null;
  lua_touserdata(L: LuaState, idx: number): unknown;
  lua_type(L: LuaState, idx: number): number;
}

/** The subset of lauxlib Flotilla uses. */
export interface LauxApi {
  luaL_newstate(): LuaState;
  luaL_loadbufferx(L: LuaState, buf: Uint8Array, size: number | null, name: Uint8Array, mode: Uint8Array): number;
  luaL_ref(L: LuaState, t: number): number;
  luaL_requiref(L: LuaState, name: Uint8Array, fn: LuaCFunction, glb: number): void;
  luaL_error(L: LuaState, msg: Uint8Array): never;
  luaL_checkany(L: LuaState, arg: number): void;
  luaL_checkstring(L: LuaState, arg: number): Uint8Array;
  luaL_checknumber(L: LuaState, arg: number): number;
  luaL_checkinteger(L: LuaState, arg: number): number;
  luaL_checktype(L: LuaState, arg: number, t: number): void;
  luaL_len(L: LuaState, idx: number): number;
}

/** The library openers Flotilla uses. */
export interface LualibApi {
  luaopen_base: LuaCFunction;
  luaopen_table: LuaCFunction;
  luaopen_string: LuaCFunction;
  luaopen_math: LuaCFunction;
}
