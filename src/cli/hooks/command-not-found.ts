import type { Hook } from '@oclif/core';
import { closestName } from '../../render/index.ts';
import { EXIT } from '../exit-codes.ts';

/**
 * A mistyped command gets git's and kubectl's answer: what was meant, if anything is close, and
 * never an interactive prompt (CI has no terminal to answer it).
 */
const hook: Hook<'command_not_found'> = async function (options) {
  const typed = options.id.replaceAll(':', ' ');
  const ids = options.config.commands.filter((c) => !c.hidden).map((c) => c.id.replaceAll(':', ' '));
  const guess = closestName(typed, ids);
  const suggestion = guess === undefined ? '' : ` Did you mean "${guess}"?`;
  this.error(
    `"${typed}" is not a ${options.config.bin} command.${suggestion} Run ${options.config.bin} help for the list.`,
    {
      exit: EXIT.error,
    },
  );
};

export default hook;
