import { Flags } from '@oclif/core';
import { FlotillaCommand } from '../../base-command.ts';
import { readFleet } from '../../../reconcile/index.ts';
import { codeowners } from '../../../render/index.ts';
import { sourceFlags } from '../../flags.ts';
import { sourceOptions } from '../../source-options.ts';

export default class TenantsCodeowners extends FlotillaCommand {
  static override summary = "Print a CODEOWNERS file from the tenants' paths and owners.";
  static override description =
    'One line per path glob of each tenant with its owners, so the git host asks the owning team to review changes to its files (docs/deploy.md#tenants). Tenants are written last-first because CODEOWNERS lets the last matching line win while Flotilla gives a file to the first tenant listed. --platform-owner owns every other file and flotilla.yaml. Globs CODEOWNERS cannot express (braces, brackets, !) are written as comments. Write it to .github/CODEOWNERS (or CODEOWNERS, docs/CODEOWNERS) and require code-owner reviews in branch protection.';
  static override examples = [
    '<%= config.bin %> tenants codeowners --platform-owner @acme/platform > .github/CODEOWNERS',
  ];
  static override flags = {
    ...sourceFlags,
    'platform-owner': Flags.string({
      description: 'owner of the files outside every tenant and of flotilla.yaml (repeatable)',
      multiple: true,
      default: [],
    }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(TenantsCodeowners);
    const source = await readFleet(sourceOptions(flags));
    this.log(codeowners(source.snapshot.config.tenants, source.snapshot.path, flags['platform-owner']).trimEnd());
  }
}
