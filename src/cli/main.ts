/**
 * The CLI's entry (bin/run.js imports its bundle): oclif is bundled with the commands so that a
 * start resolves and compiles a handful of files, not oclif's hundred-odd modules.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execute as executeOclif } from '@oclif/core/execute';
import { COMMANDS } from './commands.ts';

interface PackageJson {
  name: string;
  version: string;
  oclif: { plugins?: string[]; additionalHelpFlags?: string[] };
}

/**
 * The package.json oclif starts from. When the arguments run one of Flotilla's own commands (not
 * its help), oclif's plugins (help, version, autocomplete) are left out: finding and reading them
 * is about a tenth of a small command's start, and none of them takes part in running it.
 */
export function startingPjson<T extends PackageJson>(pjson: T, argv: readonly string[]): T {
  const [id] = argv;
  const helpFlags = new Set(['--help', ...(pjson.oclif.additionalHelpFlags ?? [])]);
  const ownCommand = id !== undefined && Object.hasOwn(COMMANDS, id);
  const helpAsked = argv.some((arg) => helpFlags.has(arg));
  if (!ownCommand || helpAsked) return pjson;
  const { plugins: _plugins, ...oclif } = pjson.oclif;
  return { ...pjson, oclif };
}

/** Runs the CLI from bin/run.js (`dir` is its URL); the package root is the folder above bin/. */
export function execute({ dir }: { dir: string }): Promise<unknown> {
  const root = fileURLToPath(new URL('..', dir));
  const pjson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  return executeOclif({ dir, loadOptions: { root, pjson: startingPjson(pjson, process.argv.slice(2)) } });
}
