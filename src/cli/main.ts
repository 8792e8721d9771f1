/**
 * The CLI's entry (bin/run.js imports its bundle): oclif is bundled with the commands so that a
 * start resolves and compiles a handful of files, not oclif's hundred-odd modules.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CliPackage, ownCommand, runOwnCommand } from './own-command.ts';

/**
 * Runs the CLI from bin/run.js (`dir` is its URL); the package root is the folder above bin/.
 * Flotilla's own commands run without oclif's start (src/cli/own-command.ts); oclif answers the
 * rest (src/cli/oclif-run.ts).
 */
export async function execute({ dir }: { dir: string }): Promise<unknown> {
  const root = fileURLToPath(new URL('..', dir));
  const pjson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as CliPackage;
  const argv = process.argv.slice(2);
  const own = ownCommand(pjson, argv);
  if (own !== undefined && (await runOwnCommand(root, pjson, own))) return undefined;
  const { runWithOclif } = await import('./oclif-run.ts');
  return runWithOclif(dir, root, pjson, argv);
}
