/**
 * The face of src/cli/: the oclif commands. Nothing in src/ imports it (the composition root);
 * oclif reaches the commands through package.json's `oclif.commands` target, commands.ts.
 */
export { COMMANDS } from './commands.ts';
