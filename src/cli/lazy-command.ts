import type { Config, Interfaces } from '@oclif/core';
import type { FlotillaCommand } from './base-command.ts';

/** A command class as oclif and the CLI run it: a FlotillaCommand subclass. */
export type CommandClass = typeof FlotillaCommand;

type CommandModule = { default: CommandClass };

/**
 * A command whose code is imported only when it runs. oclif takes its flags, summary and help from
 * oclif.manifest.json (written by the build from the real classes, see scripts/build.ts), so
 * starting the CLI loads one command's module graph, not all of them.
 */
export interface LazyCommand {
  /** Set by oclif when it finds the command. */
  id?: string;
  plugin?: Interfaces.Plugin;
  /** The real command class. */
  load(): Promise<CommandClass>;
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
      return runCommandClass(real, argv, config);
    },
  };
}

type CommandConstructor = new (argv: string[], config: Config) => { _run(): Promise<unknown> };

/**
 * Runs a command class on a Config already loaded, as oclif's static `Command.run` does but without
 * its `Config.load`: given a Config, that loads a fresh one (the manifest, the plugins) a second
 * time.
 */
export function runCommandClass(real: CommandClass, argv: string[], config: Config): Promise<unknown> {
  return new (real as unknown as CommandConstructor)(argv, config)._run();
}
