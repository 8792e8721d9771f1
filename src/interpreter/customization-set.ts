/**
 * Karmada's loading rule for customizations (docs/karmada-compatibility.md#interpreter-customizations,
 * configmanager/manager.go): per target GVK, customizations sorted by name (Go byte order); for each operation the
 * first non-empty script wins, except dependency scripts, which are all kept and run.
 */
import { compareBytes, type ResourceInterpreterCustomization } from '../model/index.ts';
import { CompiledScript } from './lua/compiled-script.ts';
import type { ScriptOptions } from './lua/compiled-script.ts';
import {
  type Gvk,
  INTERPRETER_OPERATIONS,
  type InterpreterOperation,
  OPERATION_SCRIPTS,
  type ScriptTimeout,
} from './types.ts';

const gvkKey = (gvk: Gvk): string => `${gvk.apiVersion}\u0000${gvk.kind}`;

/** The scripts of a set of customizations, compiled lazily and cached per script. */
export class CustomizationSet {
  readonly #scripts = new Map<string, Map<InterpreterOperation, CompiledScript[]>>();
  readonly #targets = new Map<string, Gvk>();

  constructor(customizations: readonly ResourceInterpreterCustomization[], options: ScriptOptions) {
    const sorted = [...customizations].sort((a, b) => compareBytes(a.metadata.name ?? '', b.metadata.name ?? ''));
    for (const ric of sorted) {
      const key = gvkKey(ric.spec.target);
      const ops = this.#scripts.get(key) ?? new Map<InterpreterOperation, CompiledScript[]>();
      this.#scripts.set(key, ops);
      this.#targets.set(key, { apiVersion: ric.spec.target.apiVersion, kind: ric.spec.target.kind });
      for (const op of INTERPRETER_OPERATIONS) {
        const source = ric.spec.customizations[OPERATION_SCRIPTS[op].field]?.luaScript;
        if (!source || source.trim() === '') continue;
        const existing = ops.get(op) ?? [];
        if (existing.length > 0 && op !== 'InterpretDependency') continue;
        ops.set(op, [...existing, new CompiledScript(ric.metadata.name ?? '', op, source, options)]);
      }
    }
  }

  /** The winning script for `op` (for InterpretDependency: the first of several). */
  script(gvk: Gvk, op: InterpreterOperation): CompiledScript | undefined {
    return this.#scripts.get(gvkKey(gvk))?.get(op)?.[0];
  }

  /** The scripts that ran into their time limit, in name order per target. */
  timeouts(): ScriptTimeout[] {
    return [...this.#scripts].flatMap(([key, ops]) =>
      [...ops.values()]
        .flat()
        .filter((script) => script.timeouts > 0)
        .map((script) => ({
          customization: script.customization,
          operation: script.operation,
          target: this.#targets.get(key) as Gvk,
          timeouts: script.timeouts,
          stopped: script.stopped,
        })),
    );
  }

  /** Every script for `op`: one, or for InterpretDependency all of them. */
  scripts(gvk: Gvk, op: InterpreterOperation): readonly CompiledScript[] {
    return this.#scripts.get(gvkKey(gvk))?.get(op) ?? [];
  }
}
