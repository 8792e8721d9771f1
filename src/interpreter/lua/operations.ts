/**
 * The Lua side of each interpreter operation: argument shapes, required result types, the
 * reference objects of Karmada's empty-table repair (Retain: desired and observed; ReviseReplica:
 * desired; the others: none), and the typing of results into engine types
 * (docs/karmada-compatibility.md, "Lua results").
 */
import type {
  AggregatedStatusItem,
  Component,
  JsonValue,
  KubeObject,
  PartialKubeObject,
  ReplicaRequirements,
} from '../../model/index.ts';
import type { DependentObjectReference, ReplicaResult } from '../types.ts';
import type { CompiledScript } from './compiled-script.ts';
import { emptyPaths, NO_REFERENCES, pushJson, readJson, type EmptyReferences } from './convert.ts';
import { type LuaState, lua } from './fengari.ts';
import type { LuaSandbox } from './sandbox.ts';
import { ResultTypeError, typedComponent, typedDependency, typedRequirements } from './typed-results.ts';

function typeName(L: LuaState, idx: number): string {
  const t = lua.lua_type(L, idx);
  return ['nil', 'boolean', 'userdata', 'number', 'string', 'table', 'function', 'userdata', 'thread'][t] ?? 'nil';
}

function pushAll(values: readonly unknown[]) {
  return (L: LuaState, sandbox: LuaSandbox): number => {
    for (const v of values) pushJson(L, v, sandbox.marshal);
    return values.length;
  };
}

function read(L: LuaState, sandbox: LuaSandbox, idx: number, references: EmptyReferences): JsonValue {
  return readJson(L, idx, { lazy: sandbox.marshal.lazy, references });
}

/** A table decoded into a Go struct: an empty result (`[]` as encoded) is `{}`. */
function readStruct(
  script: CompiledScript,
  L: LuaState,
  sandbox: LuaSandbox,
  references: EmptyReferences,
  what: string,
): Record<string, JsonValue> {
  if (lua.lua_type(L, 1) !== lua.LUA_TTABLE)
    throw script.fail(`expect the returned ${what} type is table but got ${typeName(L, 1)}`);
  const value = read(L, sandbox, 1, references);
  if (Array.isArray(value)) {
    if (value.length === 0) return {};
    throw script.fail(`json: cannot unmarshal array into Go value of type ${what}`);
  }
  return value as Record<string, JsonValue>;
}

/**
 * A whole object, decoded as Kubernetes decodes unstructured JSON: a non-empty `kind` is required
 * and nothing else, `metadata` included (the stage that sends the object asks for it).
 */
function readObject(
  script: CompiledScript,
  L: LuaState,
  sandbox: LuaSandbox,
  references: EmptyReferences,
): PartialKubeObject {
  const value = readStruct(script, L, sandbox, references, 'object');
  if (typeof value['kind'] !== 'string' || value['kind'] === '')
    throw script.fail("Object 'Kind' is missing in the returned object");
  return value as PartialKubeObject;
}

/** Results that do not fit their Go type become the script's error. */
function typed<T>(script: CompiledScript, decode: () => T): T {
  try {
    return decode();
  } catch (e) {
    if (e instanceof ResultTypeError) throw script.fail(e.message);
    throw e;
  }
}

/** GetReplicas(desiredObj) → replica (a number, truncated to int32), requirement (a table or nil). */
export function luaGetReplicas(script: CompiledScript, obj: KubeObject): ReplicaResult {
  return script.call(pushAll([obj]), 2, (L, sandbox) => {
    if (lua.lua_type(L, 1) !== lua.LUA_TNUMBER)
      throw script.fail(`expect the returned replica type is number but got ${typeName(L, 1)}`);
    const replicas = Math.trunc(lua.lua_tonumber(L, 1)) | 0;
    if (lua.lua_type(L, 2) === lua.LUA_TNIL) return { replicas };
    if (lua.lua_type(L, 2) !== lua.LUA_TTABLE)
      throw script.fail(`expect the returned requires type is table but got ${typeName(L, 2)}`);
    const value = read(L, sandbox, 2, NO_REFERENCES);
    const requirements: ReplicaRequirements =
      Array.isArray(value) && value.length === 0 ? {} : typed(script, () => typedRequirements(value));
    return { replicas, requirements };
  });
}

/** GetComponents(desiredObj) → array of components (nil → none). */
export function luaGetComponents(script: CompiledScript, obj: KubeObject): Component[] {
  return script.call(pushAll([obj]), 1, (L, sandbox) => {
    if (lua.lua_type(L, 1) === lua.LUA_TNIL) return [];
    if (lua.lua_type(L, 1) !== lua.LUA_TTABLE)
      throw script.fail(`expect the returned components type is table but got ${typeName(L, 1)}`);
    const value = read(L, sandbox, 1, NO_REFERENCES);
    if (!Array.isArray(value)) throw script.fail('json: cannot unmarshal object into Go value of type []Component');
    return typed(script, () => value.map((c, i) => typedComponent(c, `components[${i}]`)));
  });
}

/** ReviseReplica(desiredObj, desiredReplica) → whole object; empty tables repaired against desiredObj. */
export function luaReviseReplica(script: CompiledScript, obj: KubeObject, replicas: number): PartialKubeObject {
  return script.call(pushAll([obj, replicas]), 1, (L, sandbox) => readObject(script, L, sandbox, emptyPaths([obj])));
}

/** Retain(desiredObj, observedObj) → whole object; empty tables repaired against both. */
export function luaRetain(script: CompiledScript, desired: KubeObject, observed: KubeObject): PartialKubeObject {
  return script.call(pushAll([desired, observed]), 1, (L, sandbox) =>
    readObject(script, L, sandbox, emptyPaths([desired, observed])),
  );
}

/** ReflectStatus(observedObj) → status table, every nested empty table deleted. */
export function luaReflectStatus(script: CompiledScript, obj: KubeObject): Record<string, JsonValue> {
  return script.call(pushAll([obj]), 1, (L, sandbox) => readStruct(script, L, sandbox, NO_REFERENCES, 'status'));
}

/** statusItems in their JSON form: `status` absent when not collected, `applied` absent when false. */
function itemsForLua(items: readonly AggregatedStatusItem[]): Record<string, unknown>[] {
  return items.map((item) => ({
    clusterName: item.clusterName,
    ...(item.status ? { status: item.status } : {}),
    ...(item.applied ? { applied: true } : {}),
    ...(item.appliedMessage ? { appliedMessage: item.appliedMessage } : {}),
    ...(item.health ? { health: item.health } : {}),
  }));
}

/** AggregateStatus(desiredObj, statusItems) → the whole template with its new status; no items reach Lua as nil. */
export function luaAggregateStatus(
  script: CompiledScript,
  obj: KubeObject,
  items: readonly AggregatedStatusItem[] | undefined,
): PartialKubeObject {
  return script.call(pushAll([obj, items ? itemsForLua(items) : null]), 1, (L, sandbox) =>
    readObject(script, L, sandbox, NO_REFERENCES),
  );
}

/** InterpretHealth(observedObj) → boolean (nil is an error). */
export function luaInterpretHealth(script: CompiledScript, obj: KubeObject): boolean {
  return script.call(pushAll([obj]), 1, (L) => {
    if (lua.lua_type(L, 1) !== lua.LUA_TBOOLEAN) throw script.fail(`result type ${typeName(L, 1)} is not bool`);
    return lua.lua_toboolean(L, 1);
  });
}

/** GetDependencies(desiredObj) → array of references, each validated as Karmada validates them. */
export function luaGetDependencies(script: CompiledScript, obj: KubeObject): DependentObjectReference[] {
  return script.call(pushAll([obj]), 1, (L, sandbox) => {
    if (lua.lua_type(L, 1) !== lua.LUA_TTABLE)
      throw script.fail(`expect the returned dependencies type is table but got ${typeName(L, 1)}`);
    const value = read(L, sandbox, 1, NO_REFERENCES);
    if (!Array.isArray(value))
      throw script.fail('json: cannot unmarshal object into Go value of type []DependentObjectReference');
    return typed(script, () => value.map((d, i) => typedDependency(d, `dependencies[${i}]`))).map((ref) =>
      validDependency(script, ref),
    );
  });
}

function validDependency(script: CompiledScript, ref: DependentObjectReference): DependentObjectReference {
  if (ref.apiVersion === '') throw script.fail('dependency apiVersion must not be empty');
  if (ref.kind === '') throw script.fail('dependency kind must not be empty');
  if (ref.name === undefined && ref.labelSelector === undefined)
    throw script.fail(`dependency ${ref.kind} needs a name or a labelSelector`);
  return ref;
}
