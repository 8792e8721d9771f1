/**
 * The CLI as oclif runs it: help, oclif's plugins' commands, an unknown command and its suggestion,
 * and arguments that do not parse. Imported only then (src/cli/main.ts): oclif's start is most of
 * what a small command would otherwise cost.
 */
import { execute } from '@oclif/core/execute';
import { type CliPackage, ownCommand } from './own-command.ts';

/**
 * The package.json oclif starts from. When the arguments run one of Flotilla's own commands (not
 * its help), oclif's plugins (help, version, autocomplete) are left out: finding and reading them
 * is about a tenth of a small command's start, and none of them takes part in running it.
 */
export function startingPjson<T extends CliPackage>(pjson: T, argv: readonly string[]): T {
  if (ownCommand(pjson, argv) === undefined) return pjson;
  const { plugins: _plugins, ...oclif } = pjson.oclif;
  return { ...pjson, oclif };
}

/** Runs `argv` through oclif, from bin/run.js's URL (`dir`) and the package `root`. */
export function runWithOclif(dir: string, root: string, pjson: CliPackage, argv: readonly string[]): Promise<unknown> {
  return execute({ dir, loadOptions: { root, pjson: startingPjson(pjson, argv) } });
}
