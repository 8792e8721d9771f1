import { Command, type Config } from '@oclif/core';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.ts';
import { lazyCommand } from '../../src/cli/lazy-command.ts';

/** A command class as far as lazyCommand sees it: what its static run was called with. */
const seen: { id?: string; plugin?: unknown; argv?: string[]; config?: unknown }[] = [];
const Hello = {
  id: undefined as string | undefined,
  plugin: undefined as unknown,
  async run(this: { id?: string; plugin?: unknown }, argv: string[], config: Config) {
    seen.push({ id: this.id, plugin: this.plugin, argv, config });
    return 'ran';
  },
} as unknown as Command.Class;

describe('lazyCommand', () => {
  it('imports the command only when it runs, and runs it as oclif found it', async () => {
    let imports = 0;
    const lazy = lazyCommand(async () => {
      imports++;
      return { default: Hello };
    });
    expect(imports).toBe(0);
    const plugin = { name: 'flotilla' } as unknown as Command.Class['plugin'];
    Object.assign(lazy, { id: 'hello', plugin });
    const config = { root: '/x' } as unknown as Config;
    await expect(lazy.run(['--flag'], config)).resolves.toBe('ran');
    expect(imports).toBe(1);
    expect(seen).toEqual([{ id: 'hello', plugin, argv: ['--flag'], config }]);
  });

  it.each(Object.keys(COMMANDS))('%s loads an oclif command with flags', async (id) => {
    const cmd = await COMMANDS[id as keyof typeof COMMANDS].load();
    expect(cmd.prototype).toBeInstanceOf(Command);
    expect(typeof cmd.summary).toBe('string');
  });
});
