import Agent from './commands/agent.ts';
import Apply from './commands/apply.ts';
import Explain from './commands/explain.ts';
import Get from './commands/get.ts';
import Init from './commands/init.ts';
import Interpret from './commands/interpret.ts';
import InterpretTest from './commands/interpret/test.ts';
import Plan from './commands/plan.ts';
import Run from './commands/run.ts';
import Status from './commands/status.ts';
import Ui from './commands/ui.ts';
import Validate from './commands/validate.ts';

/** Every command, listed once (oclif's explicit strategy: no directory scanning at start-up). */
export const COMMANDS = {
  agent: Agent,
  apply: Apply,
  explain: Explain,
  get: Get,
  init: Init,
  interpret: Interpret,
  'interpret:test': InterpretTest,
  plan: Plan,
  run: Run,
  status: Status,
  ui: Ui,
  validate: Validate,
};
