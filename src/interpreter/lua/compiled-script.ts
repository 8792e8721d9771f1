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

/** The sandbox's limits, and how many timeouts stop the script (see InterpreterOptions.maxTimeouts). */
export interface ScriptOptions extends SandboxOptions {
  readonly maxTimeouts: number;
}

/** A script ready to call; compilation happens on the first call (or `compile()`). */
export class CompiledScript {
  readonly customization: string;
  readonly operation: InterpreterOperation;
  readonly #source: string;
  readonly #options: ScriptOptions;
  #loaded?: { sandbox: LuaSandbox; ref: number };
  #timeouts = 0;

  constructor(customization: string, operation: InterpreterOperation, source: string, options: ScriptOptions) {
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

  /** How many calls ran into the time limit. */
  get timeouts(): number {
    return this.#timeouts;
  }

  /** Whether calls now fail at once: the script timed out `maxTimeouts` times. */
  get stopped(): boolean {
    return this.#timeouts >= this.#options.maxTimeouts;
  }

  /** Call the operation's function; `read` converts the results (and may throw conversion errors). */
  call<T>(
    pushArgs: (L: LuaState, sandbox: LuaSandbox) => number,
    nresults: number,
    read: (L: LuaState, sandbox: LuaSandbox) => T,
  ): T {
    if (this.stopped)
      throw this.fail(
        `not called: it timed out ${this.#timeouts} times in this pass (over ${this.#options.timeoutMs} ms each)`,
      );
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
        if (e.message.startsWith('timeout')) this.#timeouts++;
        throw new LuaScriptError({
          customization: this.customization,
          operation: this.operation,
          line: e.line,
          reason: e.message,
        });
      }
      if (e instanceof LuaConversionError) throw this.fail(e.message);
      throw e;
    }
  }
}
