/**
 * One operation's script of one customization, compiled once into its own sandbox on first use
 * and reused for every object (10,000 objects never recompile). Failures become LuaScriptError
 * naming the customization, the operation and the line.
 */
import { LuaScriptError } from '../errors.ts';
import type { InterpreterOperation } from '../types.ts';
import { OPERATION_SCRIPTS } from '../types.ts';
import { LuaConversionError } from './convert.ts';
import type { LuaState } from './fengari.ts';
import { LuaFailureSignal, LuaSandbox, type SandboxOptions } from './sandbox.ts';

/** A script ready to call; compilation happens on the first call (or `compile()`). */
export class CompiledScript {
  readonly customization: string;
  readonly operation: InterpreterOperation;
  readonly #source: string;
  readonly #options: SandboxOptions;
  #loaded?: { sandbox: LuaSandbox; ref: number };

  constructor(customization: string, operation: InterpreterOperation, source: string, options: SandboxOptions) {
    this.customization = customization;
    this.operation = operation;
    this.#source = source;
    this.#options = options;
  }

  /** Compile and run the chunk, so that syntax errors and a missing function surface now. */
  compile(): LuaSandbox {
    if (!this.#loaded) {
      const sandbox = new LuaSandbox(this.#options);
      const { field, fn } = OPERATION_SCRIPTS[this.operation];
      const ref = this.#guard(() => sandbox.load(this.#source, field, fn));
      this.#loaded = { sandbox, ref };
    }
    return this.#loaded.sandbox;
  }

  /** Call the operation's function; `read` converts the results (and may throw conversion errors). */
  call<T>(pushArgs: (L: LuaState, sandbox: LuaSandbox) => number, nresults: number, read: (L: LuaState, sandbox: LuaSandbox) => T): T {
    const sandbox = this.compile();
    const ref = this.#loaded?.ref ?? 0;
    return this.#guard(() =>
      sandbox.invoke(
        ref,
        (L) => pushArgs(L, sandbox),
        nresults,
        (L) => read(L, sandbox),
      ),
    );
  }

  /** A contract violation found after the call (wrong result type or shape). */
  fail(reason: string): LuaScriptError {
    return new LuaScriptError({ customization: this.customization, operation: this.operation, reason });
  }

  #guard<T>(run: () => T): T {
    try {
      return run();
    } catch (e) {
      if (e instanceof LuaFailureSignal) {
        throw new LuaScriptError({ customization: this.customization, operation: this.operation, line: e.line, reason: e.message });
      }
      if (e instanceof LuaConversionError) throw this.fail(e.message);
      throw e;
    }
  }
}
