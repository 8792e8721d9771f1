/**
 * One sandboxed fengari state (docs/karmada-compatibility.md#the-lua-contract): base, table, string and math
 * only, reshaped to Karmada's Lua 5.1 set by the prelude; `os` reduced to `time`/`date` on an
 * injected clock; `kube` preloaded. Every call runs under an instruction budget, a wall-clock
 * limit and a memory bound, checked by a count hook and the string-allocation shim.
 */
import { createRequire } from 'node:module';
import { KeyCache, type Marshal, pushJson } from './convert.ts';
import {
  type LuaCFunction,
  type LuaDebug,
  type LuaState,
  type StringBudget,
  lauxlib,
  loadFengari,
  lua,
  lualib,
  toJsString,
  toLuaString,
} from './fengari.ts';
import { hostLibrary } from './host-library.ts';
import { kubeFunctions } from './kube-module.ts';
import { LazyTables } from './lazy-table.ts';
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

let heapStatistics: typeof import('node:v8')['getHeapStatistics'] | undefined;

/**
 * The V8 heap in use. node:v8 is required on the first Lua call, as fengari is (fengari.ts):
 * importing it cost every command that loads the interpreter about a millisecond, Lua or not.
 */
function usedHeapSize(): number {
  heapStatistics ??= (createRequire(import.meta.url)('node:v8') as typeof import('node:v8')).getHeapStatistics;
  return heapStatistics().used_heap_size;
}

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
  /** Conversion state of this Lua state (interned strings, lazy tables). */
  readonly marshal: Marshal;
  readonly #options: SandboxOptions;
  readonly #budget: StringBudget;
  #call: CallState = { instructions: 0, started: 0, hooks: 0 };

  constructor(options: SandboxOptions) {
    this.#options = options;
    loadFengari();
    this.L = lauxlib.luaL_newstate();
    this.#budget = { maxStringBytes: options.maxStringBytes, limitBytes: options.memoryLimitBytes, usedBytes: 0 };
    this.L.l_G.flotilla = this.#budget;
    const keys = new KeyCache(this.L);
    const lazy: LazyTables = new LazyTables(
      this.L,
      (l, value) => pushJson(l, value, this.marshal),
      (_l, key) => keys.push(key),
    );
    this.marshal = { keys, lazy };
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
    const host = hostLibrary(this.#options);
    this.#setTable('os', { time: host.osTime, date: host.osDate });
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
    lua.lua_pushcfunction(L, host.format);
    lua.lua_setfield(L, -2, toLuaString('format'));
    lua.lua_getglobal(L, toLuaString('table'));
    lua.lua_pushcfunction(L, host.concat);
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
    const status = lauxlib.luaL_loadbufferx(
      this.L,
      toLuaString(source),
      null,
      toLuaString('=prelude'),
      toLuaString('t'),
    );
    if (status !== lua.LUA_OK || lua.lua_pcall(this.L, 0, 0, 0) !== lua.LUA_OK) {
      throw new Error(`Lua prelude failed: ${toJsString(lua.lua_tostring(this.L, -1) ?? new Uint8Array())}`);
    }
  }

  #hook(L: LuaState, ar: LuaDebug): void {
    const call = this.#call;
    call.instructions += HOOK_INTERVAL;
    call.hooks++;
    if (call.instructions > this.#options.maxInstructions)
      this.#stop(L, ar, `instruction limit of ${this.#options.maxInstructions} exceeded`);
    if (this.#options.monotonicNow() - call.started > this.#options.timeoutMs)
      this.#stop(L, ar, `timeout: the script ran longer than ${this.#options.timeoutMs} ms`);
    call.heapAtStart ??= usedHeapSize();
    if (call.hooks % HEAP_CHECK_EVERY === 0 && usedHeapSize() - call.heapAtStart > this.#options.memoryLimitBytes) {
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
    const status = lauxlib.luaL_loadbufferx(
      L,
      toLuaString(source),
      null,
      toLuaString(`=${chunkName}`),
      toLuaString('t'),
    );
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
  invoke<T>(
    ref: number,
    pushArgs: (L: LuaState) => number,
    nresults: number,
    read: (L: LuaState, first: number) => T,
  ): T {
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
    const raw =
      lua.lua_type(L, -1) === lua.LUA_TSTRING
        ? toJsString(lua.lua_tostring(L, -1) ?? new Uint8Array())
        : `(error object is a ${lua.lua_type(L, -1) === lua.LUA_TNIL ? 'nil' : 'non-string'} value)`;
    lua.lua_settop(L, 0);
    const located = /^[^:\n]*:(\d+): ([\s\S]*)$/.exec(raw);
    if (this.#call.limit) return new LuaFailureSignal(this.#call.limit, line);
    if (located) return new LuaFailureSignal(located[2] ?? raw, Number(located[1]));
    return new LuaFailureSignal(raw, line);
  }
}
