/**
 * Typed interpreter errors. A failing script names its customization, the
 * operation and the Lua line; a failing native interpreter names the object.
 */
import { EngineError } from '../model/index.ts';
import type { InterpreterOperation } from './types.ts';

/** Data of a Lua failure: which customization, which operation, where in the script. */
export interface LuaFailure {
  customization: string;
  operation: InterpreterOperation;
  line?: number;
  reason: string;
}

/** A Lua script failed to compile, raised an error, hit a limit, or returned the wrong shape. */
export class LuaScriptError extends EngineError<'LuaScriptFailed', LuaFailure> {
  constructor(data: LuaFailure) {
    const where = data.line === undefined ? '' : ` at line ${data.line}`;
    super(
      'LuaScriptFailed',
      `ResourceInterpreterCustomization ${data.customization}: ${data.operation}${where}: ${data.reason}`,
      data,
    );
  }
}

/** A native interpreter rejected an object (Karmada returns these as errors too). */
export class InterpretError extends EngineError<
  'InterpretFailed',
  { subject: string; operation: InterpreterOperation; reason: string }
> {
  constructor(subject: string, operation: InterpreterOperation, reason: string) {
    super('InterpretFailed', `${subject}: ${operation}: ${reason}`, { subject, operation, reason });
  }
}
