/**
 * The Lua side of each interpreter operation (semantics §6.3 table and "Return conversion"):
 * argument shapes, required result types, Karmada's empty-table repair references, and the
 * normalisation of results into engine types.
 */
import type { AggregatedStatusItem, Component, JsonValue, KubeObject, ReplicaRequirements, ResourceList } from '../../model/index.ts';
import { formatQuantity, toQuantity } from '../quantity.ts';
import type { DependentObjectReference, ReplicaResult } from '../types.ts';
import type { CompiledScript } from './compiled-script.ts';
import { emptyPaths, pushJson, readJson } from './convert.ts';
import { type LuaState, lua } from './fengari.ts';
import type { LuaSandbox } from './sandbox.ts';

const NONE = new Map<string, 'array' | 'object'>();

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

function readObject(script: CompiledScript, L: LuaState, sandbox: LuaSandbox, idx: number, references: readonly unknown[]): Record<string, JsonValue> {
  if (lua.lua_type(L, idx) !== lua.LUA_TTABLE) throw script.fail(`expect the returned object type is table but got ${typeName(L, idx)}`);
  const value = readJson(L, idx, { tags: sandbox.marshal.tags, lazy: sandbox.marshal.lazy, references: references.length ? emptyPaths(references) : NONE });
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw script.fail('expect the returned object to be a table with string keys');
  return value;
}

function asKubeObject(script: CompiledScript, value: Record<string, JsonValue>): KubeObject {
  if (typeof value['apiVersion'] !== 'string' || typeof value['kind'] !== 'string') throw script.fail('the returned object has no apiVersion or kind');
  const metadata = value['metadata'];
  return { ...value, metadata: metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? metadata : {} } as KubeObject;
}

/** GetReplicas(desiredObj) → replica, requirement. */
export function luaGetReplicas(script: CompiledScript, obj: KubeObject): ReplicaResult {
  return script.call(pushAll([obj]), 2, (L, sandbox) => {
    if (lua.lua_type(L, 1) !== lua.LUA_TNUMBER) throw script.fail(`expect the returned replica type is number but got ${typeName(L, 1)}`);
    const replicas = Math.trunc(lua.lua_tonumber(L, 1)) | 0;
    if (lua.lua_type(L, 2) === lua.LUA_TNIL) return { replicas };
    if (lua.lua_type(L, 2) !== lua.LUA_TTABLE) throw script.fail(`expect the returned requires type is table but got ${typeName(L, 2)}`);
    const requirements = normaliseRequirements(readJson(L, 2, { tags: sandbox.marshal.tags, lazy: sandbox.marshal.lazy, references: NONE }));
    return requirements ? { replicas, requirements } : { replicas };
  });
}

/** Karmada unmarshals into ReplicaRequirements: quantities may be strings or numbers; unknown fields drop. */
export function normaliseRequirements(value: JsonValue | undefined): ReplicaRequirements | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: ReplicaRequirements = {};
  const claim = value['nodeClaim'];
  if (claim && typeof claim === 'object' && !Array.isArray(claim)) out.nodeClaim = claim as ReplicaRequirements['nodeClaim'];
  const request = value['resourceRequest'];
  if (request && typeof request === 'object' && !Array.isArray(request)) out.resourceRequest = canonicalList(request);
  if (typeof value['namespace'] === 'string') out.namespace = value['namespace'];
  if (typeof value['priorityClassName'] === 'string') out.priorityClassName = value['priorityClassName'];
  return Object.keys(out).length > 0 ? out : undefined;
}

function canonicalList(list: Record<string, JsonValue>): ResourceList {
  const out: ResourceList = {};
  for (const [name, q] of Object.entries(list)) if (typeof q === 'string' || typeof q === 'number') out[name] = formatQuantity(toQuantity(q));
  return out;
}

/** GetComponents(desiredObj) → array of components (nil → none). */
export function luaGetComponents(script: CompiledScript, obj: KubeObject): Component[] {
  return script.call(pushAll([obj]), 1, (L, sandbox) => {
    if (lua.lua_type(L, 1) === lua.LUA_TNIL) return [];
    if (lua.lua_type(L, 1) !== lua.LUA_TTABLE) throw script.fail(`expect the returned components type is table but got ${typeName(L, 1)}`);
    const value = readJson(L, 1, { tags: sandbox.marshal.tags, lazy: sandbox.marshal.lazy, references: NONE });
    if (value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0)) return [];
    if (!Array.isArray(value)) throw script.fail('expect the returned components to be an array');
    return value.map((c) => toComponent(script, c));
  });
}

function toComponent(script: CompiledScript, c: JsonValue): Component {
  if (!c || typeof c !== 'object' || Array.isArray(c) || typeof c['name'] !== 'string') throw script.fail('each component needs a name');
  const replicas = typeof c['replicas'] === 'number' ? Math.trunc(c['replicas']) : 0;
  const requirements = normaliseRequirements(c['replicaRequirements']);
  return requirements ? { name: c['name'], replicas, replicaRequirements: requirements } : { name: c['name'], replicas };
}

/** ReviseReplica(desiredObj, desiredReplica) → whole object; empty tables repaired against desiredObj. */
export function luaReviseReplica(script: CompiledScript, obj: KubeObject, replicas: number): KubeObject {
  return script.call(pushAll([obj, replicas]), 1, (L, sandbox) => asKubeObject(script, readObject(script, L, sandbox, 1, [obj])));
}

/** Retain(desiredObj, observedObj) → whole object; empty tables repaired against both. */
export function luaRetain(script: CompiledScript, desired: KubeObject, observed: KubeObject): KubeObject {
  return script.call(pushAll([desired, observed]), 1, (L, sandbox) => asKubeObject(script, readObject(script, L, sandbox, 1, [desired, observed])));
}

/** ReflectStatus(observedObj) → status table. */
export function luaReflectStatus(script: CompiledScript, obj: KubeObject): Record<string, unknown> {
  return script.call(pushAll([obj]), 1, (L, sandbox) => readObject(script, L, sandbox, 1, []));
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

/** AggregateStatus(desiredObj, statusItems) → the whole template with its new status. */
export function luaAggregateStatus(script: CompiledScript, obj: KubeObject, items: readonly AggregatedStatusItem[]): KubeObject {
  return script.call(pushAll([obj, itemsForLua(items)]), 1, (L, sandbox) => asKubeObject(script, readObject(script, L, sandbox, 1, [])));
}

/** InterpretHealth(observedObj) → boolean (nil is an error). */
export function luaInterpretHealth(script: CompiledScript, obj: KubeObject): boolean {
  return script.call(pushAll([obj]), 1, (L) => {
    if (lua.lua_type(L, 1) !== lua.LUA_TBOOLEAN) throw script.fail(`result type ${typeName(L, 1)} is not bool`);
    return lua.lua_toboolean(L, 1);
  });
}

/** GetDependencies(desiredObj) → array of references, each validated (§6.2 "Result validation"). */
export function luaGetDependencies(script: CompiledScript, obj: KubeObject): DependentObjectReference[] {
  return script.call(pushAll([obj]), 1, (L, sandbox) => {
    if (lua.lua_type(L, 1) !== lua.LUA_TTABLE) throw script.fail(`expect the returned dependencies type is table but got ${typeName(L, 1)}`);
    const value = readJson(L, 1, { tags: sandbox.marshal.tags, lazy: sandbox.marshal.lazy, references: NONE });
    if (value === undefined || (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)) return [];
    if (!Array.isArray(value)) throw script.fail('expect the returned dependencies to be an array');
    return value.map((d) => toDependency(script, d));
  });
}

function toDependency(script: CompiledScript, d: JsonValue): DependentObjectReference {
  if (!d || typeof d !== 'object' || Array.isArray(d)) throw script.fail('each dependency must be a table');
  const { apiVersion, kind, namespace, name, labelSelector } = d;
  if (typeof apiVersion !== 'string' || apiVersion === '') throw script.fail('dependency apiVersion must not be empty');
  if (typeof kind !== 'string' || kind === '') throw script.fail('dependency kind must not be empty');
  const hasName = typeof name === 'string' && name !== '';
  const hasSelector = !!labelSelector && typeof labelSelector === 'object' && !Array.isArray(labelSelector);
  if (!hasName && !hasSelector) throw script.fail(`dependency ${kind} needs a name or a labelSelector`);
  const ref: DependentObjectReference = { apiVersion, kind, namespace: typeof namespace === 'string' ? namespace : '' };
  if (hasName) ref.name = name;
  if (hasSelector) ref.labelSelector = labelSelector as DependentObjectReference['labelSelector'];
  return ref;
}
