/**
 * The interpreter chain (docs/karmada-compatibility.md#the-chain): for every call, the repository's
 * customizations, then the bundled ones, then the native TS defaults; the first that implements
 * the operation for the exact GVK answers, and its errors do not fall through.
 */
import {
  compareBytes,
  type AggregatedStatusItem,
  type Component,
  type ResourceInterpreterCustomization,
} from '../model/index.ts';
import { loadBundledCustomizations } from './bundled.ts';
import { CustomizationSet } from './customization-set.ts';
import type { CompiledScript } from './lua/compiled-script.ts';
import {
  luaAggregateStatus,
  luaGetComponents,
  luaGetDependencies,
  luaGetReplicas,
  luaInterpretHealth,
  luaReflectStatus,
  luaRetain,
  luaReviseReplica,
} from './lua/operations.ts';
import { native, nativeSupports } from './native/native-interpreter.ts';
import type {
  DependentObjectReference,
  Gvk,
  InterpreterOperation,
  InterpreterOptions,
  ReplicaResult,
  ResourceInterpreter,
} from './types.ts';

/** Defaults of InterpreterOptions. */
export const DEFAULT_INTERPRETER_OPTIONS: Omit<InterpreterOptions, 'bundled'> = {
  maxInstructions: 100_000_000,
  timeoutMs: 1000,
  memoryLimitBytes: 256 * 1024 * 1024,
  maxStringBytes: 16 * 1024 * 1024,
  resourceQuotaEstimate: false,
  now: () => Date.now(),
  monotonicNow: () => performance.now(),
  maxTimeouts: 2,
};

/** Build the interpreter for a repository's customizations (plus bundled ones and native defaults). */
export function createInterpreter(
  customizations: readonly ResourceInterpreterCustomization[],
  options: Partial<InterpreterOptions> = {},
): ResourceInterpreter {
  const opts = { ...DEFAULT_INTERPRETER_OPTIONS, ...options };
  const levels = [
    new CustomizationSet(customizations, opts),
    new CustomizationSet(options.bundled ?? loadBundledCustomizations(), opts),
  ];
  const lua = (gvk: Gvk, op: InterpreterOperation): CompiledScript | undefined => {
    for (const level of levels) {
      const script = level.script(gvk, op);
      if (script) return script;
    }
    return undefined;
  };
  return {
    supports: (gvk, op) => lua(gvk, op) !== undefined || nativeSupports(gvk, op),
    getReplicas(obj): ReplicaResult | undefined {
      const script = lua(obj, 'InterpretReplica');
      return script ? luaGetReplicas(script, obj) : native.getReplicas(obj, opts);
    },
    reviseReplica(obj, replicas) {
      const script = lua(obj, 'ReviseReplica');
      return script
        ? luaReviseReplica(script, obj, replicas)
        : (native.reviseReplica(obj, replicas) ?? structuredClone(obj));
    },
    retain(desired, observed) {
      const script = lua(desired, 'Retain');
      return script ? luaRetain(script, desired, observed) : (native.retain(desired, observed) ?? desired);
    },
    aggregateStatus(obj, items: readonly AggregatedStatusItem[] | undefined) {
      const script = lua(obj, 'AggregateStatus');
      return script
        ? luaAggregateStatus(script, obj, items)
        : (native.aggregateStatus(obj, items ?? [], opts.now) ?? obj);
    },
    reflectStatus(obj) {
      const script = lua(obj, 'InterpretStatus');
      return script ? luaReflectStatus(script, obj) : native.reflectStatus(obj);
    },
    interpretHealth(obj) {
      const script = lua(obj, 'InterpretHealth');
      return script ? luaInterpretHealth(script, obj) : (native.interpretHealth(obj) ?? true);
    },
    getDependencies(obj): DependentObjectReference[] {
      for (const level of levels) {
        const scripts = level.scripts(obj, 'InterpretDependency');
        if (scripts.length > 0) return mergeDependencies(scripts.flatMap((s) => luaGetDependencies(s, obj)));
      }
      return native.getDependencies(obj) ?? [];
    },
    getComponents(obj): Component[] {
      const script = lua(obj, 'InterpretComponent');
      return script ? luaGetComponents(script, obj) : [];
    },
    scriptTimeouts: () => levels.flatMap((level) => level.timeouts()),
  };
}

/**
 * Results of several dependency scripts: de-duplicated and sorted by apiVersion, kind, namespace, name
 * (docs/karmada-compatibility.md#the-lua-contract).
 */
function mergeDependencies(refs: readonly DependentObjectReference[]): DependentObjectReference[] {
  const unique = new Map(
    refs.map((r) => [JSON.stringify([r.apiVersion, r.kind, r.namespace, r.name ?? '', r.labelSelector ?? null]), r]),
  );
  return [...unique.values()].sort(
    (a, b) =>
      compareBytes(a.apiVersion, b.apiVersion) ||
      compareBytes(a.kind, b.kind) ||
      compareBytes(a.namespace, b.namespace) ||
      compareBytes(a.name ?? '', b.name ?? ''),
  );
}
