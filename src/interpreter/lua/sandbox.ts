/**
 * One sandboxed fengari state (semantics §6.3, style anchor P7): base, table, string and math
 * only, reshaped to Karmada's Lua 5.1 set by the prelude; `os` reduced to `time`/`date` on an
 * injected clock; `kube` preloaded. Every call runs under an instruction budget, a wall-clock
 * limit and a memory bound, checked by a count hook and the string-allocation shim.
 */
import { getHeapStatistics } from 'node:v8';
import { EmptyTags, KeyCache, type Marshal, pushJson } from './convert.ts';
import { type LuaCFunction, type LuaDebug, type LuaState, type StringBudget, lauxlib, lua, lualib, toJsString, toLuaString } from './fengari.ts';
import { type FormatArg, FormatTooLongError, goFormat } from './go-format.ts';
import { kubeFunctions } from './kube-module.ts';
import { LazyTables } from './lazy-table.ts';
import { osDate, osTime } from './os-date.ts';
import { goToNumber } from './to-number.ts';
import { PRELUDE } from './prelude.ts';

/** Limits and clocks of a sandbox. */
export interface SandboxOptions {
  readonly maxInstructions: number;
  readonly timeoutMs: number;
  readonly memoryLimitBytes: number;
  readonly maxStringBytes: number;
  readonly resourceQuotaEstimate: boolean;
  readonly now: () => number;
  readonly monotonicNow: () => number;
}

/** A failure inside Lua: the reason and, when known, the script line. */
export class LuaFailureSignal extends Error {
  readonly line: number | undefined;

  constructor(reason: string, line: number | undefined) {
    super(reason);
    this.line = line;
  }
}

const HOOK_INTERVAL = 1000;
const HEAP_CHECK_EVERY = 64;

interface CallState {
  instructions: number;
  started: number;
  /** Heap size at the first hook of the call: short calls never pay for reading it. */
  heapAtStart?: number;
  hooks: number;
  limit?: string;
  line?: number;
}

/** A Lua state with Karmada's libraries and Flotilla's limits. */
export class LuaSandbox {
  readonly L: LuaState;
  /** Conversion state of this Lua state (interned strings, empty-table tags, lazy tables). */
  readonly marshal: Marshal;
  readonly #options: SandboxOptions;
  readonly #budget: StringBudget;
  #call: CallState = { instructions: 0, started: 0, hooks: 0 };

  constructor(options: SandboxOptions) {
    this.#options = options;
    this.L = lauxlib.luaL_newstate();
    this.#budget = { maxStringBytes: options.maxStringBytes, limitBytes: options.memoryLimitBytes, usedBytes: 0 };
    this.L.l_G.flotilla = this.#budget;
    const tags = new EmptyTags();
    const keys = new KeyCache(this.L);
    const lazy: LazyTables = new LazyTables(this.L, (l, value) => pushJson(l, value, this.marshal), (_l, key) => keys.push(key));
    this.marshal = { keys, tags, lazy };
    // A JS exception escaping a host function becomes a Lua error the script's caller sees.
    lua.lua_atnativeerror(this.L, (L) => {
      const e = lua.lua_touserdata(L, -1);
      lua.lua_pushstring(L, toLuaString(`internal error: ${e instanceof Error ? e.message : String(e)}`));
      return 1;
    });
    this.#openLibraries();
    lua.lua_sethook(this.L, (L, ar) => this.#hook(L, ar), lua.LUA_MASKCOUNT, HOOK_INTERVAL);
  }

  #openLibraries(): void {
    const L = this.L;
    lauxlib.luaL_requiref(L, toLuaString('_G'), lualib.luaopen_base, 1);
    lauxlib.luaL_requiref(L, toLuaString('table'), lualib.luaopen_table, 1);
    lauxlib.luaL_requiref(L, toLuaString('string'), lualib.luaopen_string, 1);
    lauxlib.luaL_requiref(L, toLuaString('math'), lualib.luaopen_math, 1);
    lua.lua_settop(L, 0);
    this.#setTable('os', { time: (l) => this.#osTime(l), date: (l) => this.#osDate(l) });
    const kube = kubeFunctions({ marshal: this.marshal, resourceQuotaEstimate: this.#options.resourceQuotaEstimate });
    lua.lua_pushcfunction(L, (l) => this.marshal.lazy.next(l));
    lua.lua_setglobal(L, toLuaString('next'));
    lua.lua_pushcfunction(L, goToNumber);
    lua.lua_setglobal(L, toLuaString('tonumber'));
    this.#setTable('package_preload', {
      kube: (l) => {
        this.#pushTable(l, kube);
        return 1;
      },
    });
    lua.lua_getglobal(L, toLuaString('string'));
    lua.lua_pushcfunction(L, (l) => this.#format(l));
    lua.lua_setfield(L, -2, toLuaString('format'));
    lua.lua_getglobal(L, toLuaString('table'));
    lua.lua_pushcfunction(L, (l) => this.#concat(l));
    lua.lua_setfield(L, -2, toLuaString('concat'));
    lua.lua_settop(L, 0);
    this.#runTrusted(PRELUDE);
  }

  #pushTable(L: LuaState, fns: Record<string, LuaCFunction>): void {
    lua.lua_createtable(L, 0, Object.keys(fns).length);
    for (const [name, fn] of Object.entries(fns)) {
      lua.lua_pushcfunction(L, fn);
      lua.lua_setfield(L, -2, toLuaString(name));
    }
  }

  #setTable(global: string, fns: Record<string, LuaCFunction>): void {
    this.#pushTable(this.L, fns);
    lua.lua_setglobal(this.L, toLuaString(global));
  }

  #runTrusted(source: string): void {
    const status = lauxlib.luaL_loadbufferx(this.L, toLuaString(source), null, toLuaString('=prelude'), toLuaString('t'));
    if (status !== lua.LUA_OK || lua.lua_pcall(this.L, 0, 0, 0) !== lua.LUA_OK) {
      throw new Error(`Lua prelude failed: ${toJsString(lua.lua_tostring(this.L, -1) ?? new Uint8Array())}`);
    }
  }

  /** `table.concat`, measuring the result before building it (the string shim sees it only after). */
  #concat(L: LuaState): number {
    lauxlib.luaL_checktype(L, 1, lua.LUA_TTABLE);
    const sep = lua.lua_type(L, 2) > 0 ? lauxlib.luaL_checkstring(L, 2) : new Uint8Array();
    const first = lua.lua_type(L, 3) > 0 ? lauxlib.luaL_checkinteger(L, 3) : 1;
    const last = lua.lua_type(L, 4) > 0 ? lauxlib.luaL_checkinteger(L, 4) : lauxlib.luaL_len(L, 1);
    const parts: Uint8Array[] = [];
    let size = 0;
    for (let i = first; i <= last; i++) {
      lua.lua_geti(L, 1, i);
      const type = lua.lua_type(L, -1);
      if (type !== lua.LUA_TSTRING && type !== lua.LUA_TNUMBER) return lauxlib.luaL_error(L, toLuaString(`invalid value (at index ${i}) in table for 'concat'`));
      const part = lua.lua_tostring(L, -1) ?? new Uint8Array();
      lua.lua_pop(L, 1);
      size += part.length + (i < last ? sep.length : 0);
      if (size > this.#options.maxStringBytes) return lauxlib.luaL_error(L, toLuaString(`string length exceeds the limit of ${this.#options.maxStringBytes} bytes`));
      parts.push(part);
      if (i < last) parts.push(sep);
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    lua.lua_pushstring(L, out);
    return 1;
  }

  #format(L: LuaState): number {
    const format = toJsString(lauxlib.luaL_checkstring(L, 1));
    const args: FormatArg[] = [];
    let size = format.length;
    for (let i = 2; i <= lua.lua_gettop(L); i++) {
      if (lua.lua_type(L, i) === lua.LUA_TSTRING) size += lua.lua_rawlen(L, i);
      if (size > this.#options.maxStringBytes) return lauxlib.luaL_error(L, toLuaString(`string length exceeds the limit of ${this.#options.maxStringBytes} bytes`));
      args.push(this.#formatArg(L, i));
    }
    let text: string;
    try {
      text = goFormat(format, args, this.#options.maxStringBytes);
    } catch (e) {
      if (e instanceof FormatTooLongError) return lauxlib.luaL_error(L, toLuaString(e.message));
      throw e;
    }
    lua.lua_pushstring(L, toLuaString(text));
    return 1;
  }

  #formatArg(L: LuaState, i: number): FormatArg {
    const type = lua.lua_type(L, i);
    if (type === lua.LUA_TNUMBER) return lua.lua_tonumber(L, i);
    if (type === lua.LUA_TSTRING) return toJsString(lua.lua_tostring(L, i) ?? new Uint8Array());
    if (type === lua.LUA_TBOOLEAN) return lua.lua_toboolean(L, i);
    if (type === lua.LUA_TNIL) return null;
    return { luaType: type === lua.LUA_TTABLE ? 'table' : 'function' };
  }

  #osTime(L: LuaState): number {
    if (lua.lua_type(L, 1) !== lua.LUA_TTABLE) {
      lua.lua_pushnumber(L, Math.floor(this.#options.now() / 1000));
      return 1;
    }
    const field = (name: string): number | undefined => {
      lua.lua_getfield(L, 1, toLuaString(name));
      const v = lua.lua_type(L, -1) === lua.LUA_TNUMBER ? lua.lua_tonumber(L, -1) : undefined;
      lua.lua_pop(L, 1);
      return v;
    };
    const year = field('year');
    const month = field('month');
    const day = field('day');
    if (year === undefined || month === undefined || day === undefined) return lauxlib.luaL_error(L, toLuaString('field year, month and day are required'));
    lua.lua_pushnumber(L, osTime({ year, month, day, hour: field('hour'), min: field('min'), sec: field('sec') }));
    return 1;
  }

  #osDate(L: LuaState): number {
    const format = lua.lua_type(L, 1) === lua.LUA_TSTRING ? toJsString(lua.lua_tostring(L, 1) ?? new Uint8Array()) : '%c';
    const time = lua.lua_type(L, 2) === lua.LUA_TNUMBER ? lua.lua_tonumber(L, 2) : Math.floor(this.#options.now() / 1000);
    const result = osDate(format, time);
    if (typeof result === 'string') lua.lua_pushstring(L, toLuaString(result));
    else {
      lua.lua_createtable(L, 0, 9);
      for (const [k, v] of Object.entries(result)) {
        if (typeof v === 'boolean') lua.lua_pushboolean(L, v);
        else lua.lua_pushnumber(L, v);
        lua.lua_setfield(L, -2, toLuaString(k));
      }
    }
    return 1;
  }

  #hook(L: LuaState, ar: LuaDebug): void {
    const call = this.#call;
    call.instructions += HOOK_INTERVAL;
    call.hooks++;
    if (call.instructions > this.#options.maxInstructions) this.#stop(L, ar, `instruction limit of ${this.#options.maxInstructions} exceeded`);
    if (this.#options.monotonicNow() - call.started > this.#options.timeoutMs) this.#stop(L, ar, `timeout: the script ran longer than ${this.#options.timeoutMs} ms`);
    call.heapAtStart ??= getHeapStatistics().used_heap_size;
    if (call.hooks % HEAP_CHECK_EVERY === 0 && getHeapStatistics().used_heap_size - call.heapAtStart > this.#options.memoryLimitBytes) {
      this.#stop(L, ar, `memory limit of ${this.#options.memoryLimitBytes} bytes exceeded`);
    }
  }

  #stop(L: LuaState, ar: LuaDebug, reason: string): never {
    lua.lua_getinfo(L, toLuaString('Sl'), ar);
    this.#call.limit = reason;
    this.#call.line = ar.currentline > 0 ? ar.currentline : undefined;
    return lauxlib.luaL_error(L, toLuaString(reason));
  }

  /** Compile `source` (text only, never bytecode), run it once, and keep the global `fn`. */
  load(source: string, chunkName: string, fn: string): number {
    const L = this.L;
    const status = lauxlib.luaL_loadbufferx(L, toLuaString(source), null, toLuaString(`=${chunkName}`), toLuaString('t'));
    if (status !== lua.LUA_OK) {
      this.#call = { instructions: 0, started: 0, hooks: 0 };
      throw this.#failure(undefined);
    }
    this.#run(0, 0);
    lua.lua_getglobal(L, toLuaString(fn));
    if (lua.lua_type(L, -1) !== lua.LUA_TFUNCTION) {
      lua.lua_settop(L, 0);
      throw new LuaFailureSignal(`the script does not define the function ${fn}`, undefined);
    }
    return lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
  }

  /** Call a loaded function: push arguments, run with limits, read results, clear the stack. */
  invoke<T>(ref: number, pushArgs: (L: LuaState) => number, nresults: number, read: (L: LuaState, first: number) => T): T {
    const L = this.L;
    lua.lua_settop(L, 0);
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, ref);
    const nargs = pushArgs(L);
    this.#run(nargs, nresults);
    try {
      return read(L, 1);
    } finally {
      lua.lua_settop(L, 0);
    }
  }

  #run(nargs: number, nresults: number): void {
    const L = this.L;
    this.#call = { instructions: 0, started: this.#options.monotonicNow(), hooks: 0 };
    this.#budget.usedBytes = 0;
    const base = lua.lua_gettop(L) - nargs;
    lua.lua_pushcfunction(L, (l) => this.#messageHandler(l));
    lua.lua_insert(L, base);
    const status = lua.lua_pcall(L, nargs, nresults, base);
    lua.lua_remove(L, base);
    if (status !== lua.LUA_OK) throw this.#failure(this.#call.line);
  }

  #messageHandler(L: LuaState): number {
    if (this.#call.line === undefined) {
      const ar = new lua.lua_Debug();
      for (let level = 1; lua.lua_getstack(L, level, ar); level++) {
        lua.lua_getinfo(L, toLuaString('Sl'), ar);
        if (ar.currentline > 0) {
          this.#call.line = ar.currentline;
          break;
        }
      }
    }
    return 1;
  }

  #failure(line: number | undefined): LuaFailureSignal {
    const L = this.L;
    const raw = lua.lua_type(L, -1) === lua.LUA_TSTRING ? toJsString(lua.lua_tostring(L, -1) ?? new Uint8Array()) : `(error object is a ${lua.lua_type(L, -1) === lua.LUA_TNIL ? 'nil' : 'non-string'} value)`;
    lua.lua_settop(L, 0);
    const located = /^[^:\n]*:(\d+): ([\s\S]*)$/.exec(raw);
    if (this.#call.limit) return new LuaFailureSignal(this.#call.limit, line);
    if (located) return new LuaFailureSignal(located[2] ?? raw, Number(located[1]));
    return new LuaFailureSignal(raw, line);
  }
}
