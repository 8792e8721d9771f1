/**
 * The CLI's entry (bin/run.js imports its bundle): oclif is bundled with the commands so that a
 * start resolves and compiles a handful of files, not oclif's hundred-odd modules.
 */
export { execute } from '@oclif/core/execute';
