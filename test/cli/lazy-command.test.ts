import type { Config } from '@oclif/core';
import { describe, expect, it } from 'vitest';
import { FlotillaCommand } from '../../src/cli/base-command.ts';
import { COMMANDS } from '../../src/cli/commands.ts';
import { lazyCommand } from '../../src/cli/lazy-command.ts';

/** A command as far as lazyCommand sees it: what it ran with. */
const seen: { id?: string; plugin?: unknown; argv?: string[]; config?: unknown }[] = [];
class Hello extends FlotillaCommand {
  async run() {
    seen.push({ id: this.id, plugin: this.ctor.plugin, argv: this.argv, config: this.config });
    this.parsed = true;
    return 'ran';
  }
}

describe('lazyCommand', () => {
  it('imports the command only when it runs, and runs it as oclif found it, on the Config oclif loaded (not a second one)', async () => {
    let imports = 0;
    const lazy = lazyCommand(async () => {
      imports++;
      return { default: Hello };
    });
    expect(imports).toBe(0);
    const plugin = { name: 'flotilla' } as unknown as typeof FlotillaCommand.plugin;
    Object.assign(lazy, { id: 'hello', plugin });
    // What a command reads of a loaded Config as it starts; a second Config.load would replace it.
    const config = { root: '/x', bin: 'x', topicSeparator: ':', scopedEnvVarKeys: () => ['X_REDIRECTED'] } as unknown as Config;
    await expect(lazy.run(['--flag'], config)).resolves.toBe('ran');
    expect(imports).toBe(1);
    expect(seen).toEqual([{ id: 'hello', plugin, argv: ['--flag'], config }]);
    expect(seen[0]?.config).toBe(config);
  });

  it.each(Object.keys(COMMANDS))('%s loads a Flotilla command with a summary', async (id) => {
    const cmd = await COMMANDS[id as keyof typeof COMMANDS].load();
    expect(cmd.prototype).toBeInstanceOf(FlotillaCommand);
    expect(typeof cmd.summary).toBe('string');
  });
});
