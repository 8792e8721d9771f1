import type { Command, Config } from '@oclif/core';

type CommandModule = { default: Command.Class };

/**
 * A command whose code is imported only when it runs. oclif takes its flags, summary and help from
 * oclif.manifest.json (written by the build from the real classes, see scripts/build.ts), so
 * starting the CLI loads one command's module graph, not all of them.
 */
export interface LazyCommand {
  /** Set by oclif when it finds the command. */
  id?: string;
  plugin?: Command.Class['plugin'];
  /** The real command class. */
  load(): Promise<Command.Class>;
  run(argv: string[], config: Config): Promise<unknown>;
}

export function lazyCommand(importModule: () => Promise<CommandModule>): LazyCommand {
  return {
    async load() {
      return (await importModule()).default;
    },
    async run(argv, config) {
      const real = await this.load();
      if (this.id !== undefined) real.id = this.id;
      if (this.plugin !== undefined) real.plugin = this.plugin;
      return real.run(argv, config);
    },
  };
}
