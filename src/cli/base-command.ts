import { format, inspect } from 'node:util';
import type { Config, Interfaces } from '@oclif/core';
import * as Errors from '@oclif/core/errors';
import { parse } from '@oclif/core/parser';
import { EXIT } from './exit-codes.ts';
import { errorMessage } from './error-message.ts';

type Example = string | { command: string; description: string };
// oclif's own names for what a parse returns (not among its exported types).
// biome-ignore lint/suspicious/noExplicitAny: as oclif declares them
type FlagOutput = Record<string, any>;
// biome-ignore lint/suspicious/noExplicitAny: as oclif declares them
type ArgOutput = Record<string, any>;

/**
 * Every flotilla command: oclif's `Command` as Flotilla uses it, on oclif's own parser and errors.
 * oclif's class loads its Config (plugin loader, globbing), help, spinners and logger as it is
 * imported, about 14 ms of CPU at each start (docs/benchmarks.md); this one loads the parser alone
 * (about 2 ms), and oclif's errors only when one is thrown (scripts/oclif-lazy-modules.ts). The
 * statics are oclif's, with its defaults: oclif's help and the manifest (scripts/build.ts) read
 * them. Left out, as no Flotilla command uses them: `--json` (enableJsonFlag), aliases and
 * deprecation warnings. Errors that end a command are printed for people (see {@link errorMessage}).
 */
export abstract class FlotillaCommand {
  static aliases: string[] = [];
  static args: Interfaces.ArgInput = {};
  static baseFlags: Interfaces.FlagInput;
  static description: string | undefined;
  static examples: Example[];
  static flags: Interfaces.FlagInput;
  static hasDynamicHelp = false;
  static hidden: boolean;
  static hiddenAliases: string[] = [];
  static id: string;
  static plugin: Interfaces.Plugin | undefined;
  static strict = true;
  static summary?: string;
  static usage: string | string[] | undefined;

  argv: string[];
  config: Config;
  id: string | undefined;
  parsed = false;

  constructor(argv: string[], config: Config) {
    this.argv = argv;
    this.config = config;
    this.id = this.ctor.id;
  }

  /** Runs the command on a Config oclif loads from `opts`, as oclif's static `Command.run` (tests call it). */
  static async run<T extends FlotillaCommand>(
    this: new (
      argv: string[],
      config: Config,
    ) => T,
    argv = process.argv.slice(2),
    opts?: Interfaces.LoadOptions,
  ): Promise<unknown> {
    const { Config } = await import('@oclif/core/config');
    const command = new this(argv, await Config.load(opts));
    command.id ??= command.constructor.name.toLowerCase();
    return command._run();
  }

  protected get ctor(): typeof FlotillaCommand {
    return this.constructor as typeof FlotillaCommand;
  }

  abstract run(): Promise<unknown>;

  /** oclif's order: init, run, catch what it threw, finally; the result of run. */
  async _run(): Promise<unknown> {
    let failure: unknown;
    let result: unknown;
    try {
      // A redirected oclif CLI marks its child with it; a nested flotilla must not inherit it.
      for (const key of this.config.scopedEnvVarKeys('REDIRECTED')) delete process.env[key];
      await this.init();
      result = await this.run();
    } catch (error) {
      failure = error;
      await this.catch(error as Error & { exitCode?: number });
    } finally {
      await this.finally(failure);
    }
    if (!this.parsed && !['development', 'test'].includes(process.env.NODE_ENV ?? '')) {
      process.emitWarning(`Command ${this.id} did not parse its arguments. Did you forget to call 'this.parse'?`, {
        code: 'UnparsedCommand',
      });
    }
    return result;
  }

  protected async init(): Promise<unknown> {
    return undefined;
  }

  protected async finally(_failure: unknown): Promise<unknown> {
    return undefined;
  }

  /** Ends the command with the error, its exit code set as oclif does; oclif's handler prints it. */
  protected async catch(error: Error & { exitCode?: number; oclif?: { exit?: number } }): Promise<unknown> {
    const shown: Error & { exitCode?: number; oclif?: { exit?: number } } =
      error instanceof Errors.CLIError || error instanceof Errors.ExitError || process.env.FLOTILLA_DEBUG === '1'
        ? error
        : new Errors.CLIError(errorMessage(error), { exit: EXIT.error });
    process.exitCode = process.exitCode ?? shown.oclif?.exit ?? shown.exitCode ?? 1;
    throw shown;
  }

  error(input: Error | string, options: { code?: string; exit: false } & Errors.PrettyPrintableError): void;
  error(input: Error | string, options?: { code?: string; exit?: number } & Errors.PrettyPrintableError): never;
  error(input: Error | string, options: { code?: string; exit?: number | false } & Errors.PrettyPrintableError = {}) {
    return Errors.error(input, options as { exit?: number });
  }

  exit(code = 0): never {
    return Errors.exit(code);
  }

  warn(input: Error | string): Error | string {
    Errors.warn(input);
    return input;
  }

  log(message = '', ...args: unknown[]): void {
    console.log(line(message, args));
  }

  logToStderr(message = '', ...args: unknown[]): void {
    console.error(line(message, args));
  }

  protected async parse<F extends FlagOutput, B extends FlagOutput, A extends ArgOutput>(
    options: Interfaces.Input<F, B, A> = this.ctor as unknown as Interfaces.Input<F, B, A>,
    argv: string[] = this.argv,
  ): Promise<Interfaces.ParserOutput<F, B, A>> {
    // oclif hands its parser the command as the context of flags' parse functions.
    const input = {
      context: this,
      ...options,
      flags: { ...options.baseFlags, ...options.flags },
    } as unknown as Interfaces.Input<F, B, A>;
    const hooks = await this.config.runHook('preparse', { argv: [...argv], options: input });
    const parsing = (hooks.successes?.[0]?.result as string[] | undefined) ?? argv;
    this.argv = [...parsing];
    const output = await parse(parsing, input);
    this.parsed = true;
    return output;
  }
}

/** What oclif's `ux.stdout` prints for these arguments. */
function line(message: unknown, args: unknown[]): string {
  const text = typeof message === 'string' ? message : inspect(message);
  return text === '' ? format(...args) : format(text, ...args);
}
