import type { Config } from '@oclif/core';
import { flush } from '@oclif/core/flush';
import { handle } from '@oclif/core/handle';
import { settings } from '@oclif/core/settings';
import { COMMANDS } from './commands.ts';
import { type CommandClass, runCommandClass } from './lazy-command.ts';

/** What the CLI reads of its package.json. */
export interface CliPackage {
  name: string;
  version: string;
  oclif: { bin?: string; plugins?: string[]; additionalHelpFlags?: string[] };
}

type CommandId = keyof typeof COMMANDS;

const isCommandId = (id: string | undefined): id is CommandId => id !== undefined && Object.hasOwn(COMMANDS, id);

/**
 * The command and its arguments when `argv` runs one of Flotilla's own commands and asks for no
 * help; `undefined` for everything oclif itself answers (help, `version`, `autocomplete`, an
 * unknown command and its suggestion, no command at all). A topic's command is named with a space
 * (`tenants codeowners`) or oclif's colon.
 */
export function ownCommand(pjson: CliPackage, argv: readonly string[]): { id: CommandId; args: string[] } | undefined {
  const helpFlags = new Set(['--help', ...(pjson.oclif.additionalHelpFlags ?? [])]);
  if (argv.some((arg) => helpFlags.has(arg))) return undefined;
  const [first, second] = argv;
  const spaced = `${first}:${second}`;
  if (second !== undefined && isCommandId(spaced)) return { id: spaced, args: argv.slice(2) };
  return isCommandId(first) ? { id: first, args: argv.slice(1) } : undefined;
}

/**
 * What a command reads of oclif's Config while it runs, without oclif's loading of its plugins,
 * manifest and command table (about a fifth of a small command's start, docs/benchmarks.md). The names are
 * oclif's: its environment variables are scoped by the bin (`FLOTILLA_…`), and no Flotilla command
 * has hooks.
 */
function runningConfig(root: string, pjson: CliPackage, running: CommandClass): Config {
  const bin = pjson.oclif.bin ?? pjson.name;
  const scopedEnvVarKey = (key: string) => `${bin}_${key}`.replaceAll('@', '').replaceAll(/[-/]/g, '_').toUpperCase();
  const config = {
    root,
    name: pjson.name,
    version: pjson.version,
    bin,
    binAliases: [],
    pjson,
    topicSeparator: ' ',
    commandIDs: Object.keys(COMMANDS),
    userAgent: `${pjson.name}/${pjson.version} ${process.platform}-${process.arch} node-${process.version}`,
    findCommand: (id: string) => (id === running.id ? running : undefined),
    scopedEnvVarKey,
    scopedEnvVarKeys: (key: string) => [scopedEnvVarKey(key)],
    scopedEnvVar: (key: string) => process.env[scopedEnvVarKey(key)],
    runHook: async () => ({ successes: [], failures: [] }),
  };
  return config as unknown as Config;
}

/**
 * Runs one of Flotilla's own commands as oclif would, ending as oclif's `execute` does (output
 * flushed; an error printed and its exit code set by oclif's handler). Returns false, having done
 * nothing the user can see, when the arguments do not parse: oclif then runs the command itself, so
 * a usage error says what it always said, with the command's help and oclif's exit codes.
 */
export async function runOwnCommand(
  root: string,
  pjson: CliPackage,
  own: { id: CommandId; args: string[] },
): Promise<boolean> {
  const real = await COMMANDS[own.id].load();
  real.id = own.id;
  const config = runningConfig(root, pjson, real);
  // As oclif's Config does: FLOTILLA_DEBUG=1 prints an error with its stack (bin/run.js maps it).
  if (['1', 'true'].includes(config.scopedEnvVar('DEBUG') ?? '')) settings.debug = true;
  try {
    await runCommandClass(real, own.args, config);
    await flush();
    return true;
  } catch (error) {
    // oclif's parser errors carry what was parsed; every command parses before it does anything.
    if (error instanceof Error && 'parse' in error && 'oclif' in error) {
      process.exitCode = undefined;
      return false;
    }
    await handle(error instanceof Error ? error : new Error(String(error)));
    return true;
  }
}
