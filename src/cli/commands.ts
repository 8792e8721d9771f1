import { lazyCommand } from './lazy-command.ts';

/**
 * Every command, listed once (oclif's explicit strategy: no directory scanning at start-up), each
 * imported only when it runs.
 */
export const COMMANDS = {
  agent: lazyCommand(() => import('./commands/agent.ts')),
  apply: lazyCommand(() => import('./commands/apply.ts')),
  explain: lazyCommand(() => import('./commands/explain.ts')),
  get: lazyCommand(() => import('./commands/get.ts')),
  init: lazyCommand(() => import('./commands/init.ts')),
  interpret: lazyCommand(() => import('./commands/interpret.ts')),
  'interpret:test': lazyCommand(() => import('./commands/interpret/test.ts')),
  plan: lazyCommand(() => import('./commands/plan.ts')),
  run: lazyCommand(() => import('./commands/run.ts')),
  status: lazyCommand(() => import('./commands/status.ts')),
  tenants: lazyCommand(() => import('./commands/tenants.ts')),
  'tenants:codeowners': lazyCommand(() => import('./commands/tenants/codeowners.ts')),
  ui: lazyCommand(() => import('./commands/ui.ts')),
  validate: lazyCommand(() => import('./commands/validate.ts')),
};
