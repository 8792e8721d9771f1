/**
 * Compile every script of a customization (what Karmada's validating webhook does), for
 * `validate` and `interpret --check`.
 */
import type { ResourceInterpreterCustomization } from '../model/index.ts';
import { DEFAULT_INTERPRETER_OPTIONS } from './chain.ts';
import { LuaScriptError } from './errors.ts';
import { CompiledScript } from './lua/compiled-script.ts';
import { INTERPRETER_OPERATIONS, type InterpreterOperation, OPERATION_SCRIPTS } from './types.ts';

/** One problem found in a customization's script. */
export interface CustomizationProblem {
  operation: InterpreterOperation;
  message: string;
  line?: number;
}

/** Compile (and run the top level of) every non-empty script; an empty list means all compile. */
export function checkCustomization(ric: ResourceInterpreterCustomization): CustomizationProblem[] {
  const problems: CustomizationProblem[] = [];
  for (const operation of INTERPRETER_OPERATIONS) {
    const source = ric.spec?.customizations?.[OPERATION_SCRIPTS[operation].field]?.luaScript;
    if (!source || source.trim() === '') continue;
    try {
      new CompiledScript(ric.metadata.name ?? '', operation, source, DEFAULT_INTERPRETER_OPTIONS).compile();
    } catch (e) {
      if (!(e instanceof LuaScriptError)) throw e;
      const problem: CustomizationProblem = { operation, message: e.data.reason };
      if (e.data.line !== undefined) problem.line = e.data.line;
      problems.push(problem);
    }
  }
  return problems;
}
