import { Args } from '@oclif/core';
import { FlotillaCommand } from '../base-command.ts';
import { initRepository } from '../../source/index.ts';
import { fleetFiles } from '../scaffold/fleet-files.ts';

export default class Init extends FlotillaCommand {
  static override summary = 'Scaffold a new fleet repository.';
  static override description =
    'Creates DIR (which must be empty or absent) as a git repository with two Cluster objects, an app, a PropagationPolicy and an OverridePolicy, committed on main, so `flotilla validate` and `flotilla plan --offline` work in it at once.';
  static override examples = ['<%= config.bin %> init my-fleet && cd my-fleet && <%= config.bin %> plan --offline'];
  static override args = { dir: Args.string({ description: 'folder to create', required: true }) };

  async run(): Promise<void> {
    const { args } = await this.parse(Init);
    const files = fleetFiles();
    const commit = await initRepository(args.dir, files, 'Scaffold a Flotilla fleet repository');
    this.log(`Created ${args.dir}: ${files.length} files committed on main (${commit.slice(0, 12)}).`);
    this.log(`Next: cd ${args.dir} && flotilla validate && flotilla plan --offline`);
  }
}
