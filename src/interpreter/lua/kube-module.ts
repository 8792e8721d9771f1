/**
 * The `kube` helper module Karmada preloads for scripts (docs/karmada-compatibility.md#the-lua-contract,
 * luavm/kube.go): resourceAdd, accuratePodRequirements, getPodDependencies, getResourceQuantity.
 */
import { podDependencies } from '../pod-dependencies.ts';
import { type PodSpecView, podRequirements } from '../pod-requirements.ts';
import {
  addQuantities,
  formatQuantity,
  parseQuantity,
  quantityToNumber,
  ZERO_QUANTITY,
  type Quantity,
} from '../../model/index.ts';
import { type Marshal, NO_REFERENCES, pushJson, readJson } from './convert.ts';
import { type LuaCFunction, type LuaState, lauxlib, lua, toJsString, toLuaString } from './fengari.ts';

/** What the helpers need from their sandbox. */
export interface KubeModuleContext {
  readonly marshal: Marshal;
  readonly resourceQuotaEstimate: boolean;
}

function fail(L: LuaState, message: string): never {
  return lauxlib.luaL_error(L, toLuaString(message));
}

function quantityArg(L: LuaState, idx: number, fn: string): Quantity {
  const type = lua.lua_type(L, idx);
  if (type === lua.LUA_TNIL || type === lua.LUA_TNONE) return ZERO_QUANTITY;
  if (type !== lua.LUA_TSTRING)
    fail(
      L,
      `bad argument #${idx} to '${fn}' (string expected, got ${type === lua.LUA_TNUMBER ? 'number' : 'non-string'})`,
    );
  const text = toJsString(lua.lua_tostring(L, idx) ?? new Uint8Array());
  try {
    return parseQuantity(text);
  } catch (e) {
    return fail(L, e instanceof Error ? e.message : String(e));
  }
}

function exactArgs(L: LuaState, n: number, fn: string): void {
  if (lua.lua_gettop(L) !== n) fail(L, `${fn}: expected ${n} argument${n === 1 ? '' : 's'}, got ${lua.lua_gettop(L)}`);
}

function tableArg(L: LuaState, idx: number, ctx: KubeModuleContext, fn: string): Record<string, unknown> {
  if (lua.lua_type(L, idx) !== lua.LUA_TTABLE) fail(L, `${fn}: argument #${idx} must be a table`);
  const value = readJson(L, idx, { lazy: ctx.marshal.lazy, references: NO_REFERENCES });
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** Build the functions of the `kube` table. */
export function kubeFunctions(ctx: KubeModuleContext): Record<string, LuaCFunction> {
  return {
    resourceAdd(L) {
      let sum = ZERO_QUANTITY;
      for (let i = 1; i <= lua.lua_gettop(L); i++) sum = addQuantities(sum, quantityArg(L, i, 'resourceAdd'));
      lua.lua_pushstring(L, toLuaString(formatQuantity(sum)));
      return 1;
    },
    accuratePodRequirements(L) {
      exactArgs(L, 1, 'accuratePodRequirements');
      const template = tableArg(L, 1, ctx, 'accuratePodRequirements');
      const metadata = (template['metadata'] ?? {}) as { namespace?: string };
      let requirements: ReturnType<typeof podRequirements>;
      try {
        requirements = podRequirements(template['spec'] as PodSpecView | undefined, metadata.namespace ?? '', ctx);
      } catch (e) {
        return fail(L, `accuratePodRequirements: ${e instanceof Error ? e.message : String(e)}`);
      }
      pushJson(L, requirements ?? null, ctx.marshal);
      return 1;
    },
    getPodDependencies(L) {
      exactArgs(L, 2, 'getPodDependencies');
      const template = tableArg(L, 1, ctx, 'getPodDependencies');
      const nsType = lua.lua_type(L, 2);
      const namespace =
        nsType === lua.LUA_TNIL || nsType === lua.LUA_TNONE
          ? 'default'
          : toJsString(lua.lua_tostring(L, 2) ?? new Uint8Array());
      const deps = podDependencies(template['spec'] as Record<string, unknown> | undefined, namespace);
      pushJson(L, deps.length > 0 ? deps : null, ctx.marshal);
      return 1;
    },
    getResourceQuantity(L) {
      exactArgs(L, 1, 'getResourceQuantity');
      const value = quantityToNumber(quantityArg(L, 1, 'getResourceQuantity'));
      if (value < 0 || !Number.isFinite(value)) fail(L, `getResourceQuantity: invalid quantity ${value}`);
      lua.lua_pushnumber(L, value);
      return 1;
    },
  };
}
