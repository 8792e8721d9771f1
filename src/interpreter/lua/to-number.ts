/**
 * gopher-lua's `tonumber` (baselib.go): a string with a `.` is parsed as a float, any other as an
 * integer in the given base (a `0x` prefix switches base 10 to 16); `tonumber("1e2")` is nil.
 */
import { type LuaState, lauxlib, lua, toJsString } from './fengari.ts';

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

function parseGoInt(text: string, base: number): number | undefined {
  const match = /^([+-]?)([0-9a-zA-Z]+)$/.exec(text);
  if (!match) return undefined;
  let value = 0n;
  for (const ch of (match[2] ?? '').toLowerCase()) {
    const digit = DIGITS.indexOf(ch);
    if (digit < 0 || digit >= base) return undefined;
    value = value * BigInt(base) + BigInt(digit);
  }
  if (match[1] === '-') value = -value;
  return value >= -(2n ** 63n) && value < 2n ** 63n ? Number(value) : undefined;
}

function parseGoFloat(text: string): number | undefined {
  if (/^[+-]?(inf|infinity)$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** The `tonumber` global. */
export function goToNumber(L: LuaState): number {
  lauxlib.luaL_checkany(L, 1);
  let base = lua.lua_type(L, 2) === lua.LUA_TNUMBER ? lua.lua_tonumber(L, 2) : 10;
  const type = lua.lua_type(L, 1);
  let result: number | undefined;
  if (type === lua.LUA_TNUMBER) result = lua.lua_tonumber(L, 1);
  else if (type === lua.LUA_TSTRING) {
    let text = toJsString(lua.lua_tostring(L, 1) ?? new Uint8Array()).replace(/^[ \n\t]+|[ \n\t]+$/g, '');
    if (text.includes('.')) result = parseGoFloat(text);
    else {
      if (base === 10 && text.toLowerCase().startsWith('0x')) {
        base = 16;
        text = text.slice(2);
      }
      result = parseGoInt(text, base);
    }
  }
  if (result === undefined) lua.lua_pushnil(L);
  else lua.lua_pushnumber(L, result);
  return 1;
}
