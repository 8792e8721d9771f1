import Init from './commands/init.ts';
import Plan from './commands/plan.ts';
import Validate from './commands/validate.ts';

/** Every command, listed once (oclif's explicit strategy: no directory scanning at start-up). */
export const COMMANDS = {
  init: Init,
  plan: Plan,
  validate: Validate,
};
