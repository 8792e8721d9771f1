/**
 * Host functions that replace Lua library functions in the sandbox: `string.format` with Go's
 * rules (go-format.ts), `table.concat` measured before it allocates, and `os.time`/`os.date` on
 * the injected clock (os-date.ts). Each refuses results beyond the string limit.
 */
import { type LuaCFunction, type LuaState, lauxlib, lua, toJsString, toLuaString } from './fengari.ts';
import { type FormatArg, FormatTooLongError, goFormat } from './go-format.ts';
import { osDate, osTime } from './os-date.ts';
import type { SandboxOptions } from './sandbox.ts';

/** The host functions of one sandbox. */
export interface HostLibrary {
  readonly format: LuaCFunction;
  readonly concat: LuaCFunction;
  readonly osTime: LuaCFunction;
  readonly osDate: LuaCFunction;
}

/** A `string.format` argument as the Go-style formatter takes it; tables and functions by their type only. */
function formatArg(L: LuaState, i: number): FormatArg {
  const type = lua.lua_type(L, i);
  if (type === lua.LUA_TNUMBER) return lua.lua_tonumber(L, i);
  if (type === lua.LUA_TSTRING) return toJsString(lua.lua_tostring(L, i) ?? new Uint8Array());
  if (type === lua.LUA_TBOOLEAN) return lua.lua_toboolean(L, i);
  if (type === lua.LUA_TNIL) return null;
  return { luaType: type === lua.LUA_TTABLE ? 'table' : 'function' };
}

/** Build the host functions for a sandbox's limits and clock. */
export function hostLibrary(options: SandboxOptions): HostLibrary {
  /** `table.concat`, measuring the result before building it (the string shim sees it only after). */
  function concat(L: LuaState): number {
    lauxlib.luaL_checktype(L, 1, lua.LUA_TTABLE);
    const sep = lua.lua_type(L, 2) > 0 ? lauxlib.luaL_checkstring(L, 2) : new Uint8Array();
    const first = lua.lua_type(L, 3) > 0 ? lauxlib.luaL_checkinteger(L, 3) : 1;
    const last = lua.lua_type(L, 4) > 0 ? lauxlib.luaL_checkinteger(L, 4) : lauxlib.luaL_len(L, 1);
    const parts: Uint8Array[] = [];
    let size = 0;
    for (let i = first; i <= last; i++) {
      lua.lua_geti(L, 1, i);
      const type = lua.lua_type(L, -1);
      if (type !== lua.LUA_TSTRING && type !== lua.LUA_TNUMBER)
        return lauxlib.luaL_error(L, toLuaString(`invalid value (at index ${i}) in table for 'concat'`));
      const part = lua.lua_tostring(L, -1) ?? new Uint8Array();
      lua.lua_pop(L, 1);
      size += part.length + (i < last ? sep.length : 0);
      if (size > options.maxStringBytes)
        return lauxlib.luaL_error(L, toLuaString(`string length exceeds the limit of ${options.maxStringBytes} bytes`));
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

  function format(L: LuaState): number {
    const format = toJsString(lauxlib.luaL_checkstring(L, 1));
    const args: FormatArg[] = [];
    let size = format.length;
    for (let i = 2; i <= lua.lua_gettop(L); i++) {
      if (lua.lua_type(L, i) === lua.LUA_TSTRING) size += lua.lua_rawlen(L, i);
      if (size > options.maxStringBytes)
        return lauxlib.luaL_error(L, toLuaString(`string length exceeds the limit of ${options.maxStringBytes} bytes`));
      args.push(formatArg(L, i));
    }
    let text: string;
    try {
      text = goFormat(format, args, options.maxStringBytes);
    } catch (e) {
      if (e instanceof FormatTooLongError) return lauxlib.luaL_error(L, toLuaString(e.message));
      throw e;
    }
    lua.lua_pushstring(L, toLuaString(text));
    return 1;
  }

  function osTimeFn(L: LuaState): number {
    if (lua.lua_type(L, 1) !== lua.LUA_TTABLE) {
      lua.lua_pushnumber(L, Math.floor(options.now() / 1000));
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
    if (year === undefined || month === undefined || day === undefined)
      return lauxlib.luaL_error(L, toLuaString('field year, month and day are required'));
    lua.lua_pushnumber(L, osTime({ year, month, day, hour: field('hour'), min: field('min'), sec: field('sec') }));
    return 1;
  }

  function osDateFn(L: LuaState): number {
    const format =
      lua.lua_type(L, 1) === lua.LUA_TSTRING ? toJsString(lua.lua_tostring(L, 1) ?? new Uint8Array()) : '%c';
    const time = lua.lua_type(L, 2) === lua.LUA_TNUMBER ? lua.lua_tonumber(L, 2) : Math.floor(options.now() / 1000);
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

  return { format, concat, osTime: osTimeFn, osDate: osDateFn };
}
