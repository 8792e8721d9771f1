import { FlotillaCommand } from '../base-command.ts';
import { readFleet } from '../../reconcile/index.ts';
import { tenantListing } from '../../render/index.ts';
import { outputFlag, sourceFlags } from '../flags.ts';
import { structured } from '../output/structured.ts';
import { tenantsText } from '../output/tenants-text.ts';
import { sourceOptions } from '../source-options.ts';

export default class Tenants extends FlotillaCommand {
  static override summary = 'List the tenants of flotilla.yaml, their grants and what each owns at a commit.';
  static override description =
    "Each tenant of flotilla.yaml's tenants (docs/deploy.md#tenants): the files it owns (its paths), the namespaces and cluster-scoped kinds it may write, the clusters its policies may place on (the grant and the clusters it selects at this commit), its CODEOWNERS owners, and each of its files with its objects and how many the tenancy rules refuse. Files outside every tenant's paths are the platform's. `flotilla tenants codeowners` prints a CODEOWNERS file.";
  static override examples = [
    '<%= config.bin %> tenants --repo .',
    '<%= config.bin %> tenants --ref origin/main -o json',
  ];
  static override flags = {
    ...sourceFlags,
    output: outputFlag(['text', 'json', 'yaml'] as const),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Tenants);
    const source = await readFleet(sourceOptions(flags));
    const listing = tenantListing(
      source.snapshot.config.tenants,
      source.parsed.objects,
      source.fleet.clusters.map((c) => c.object),
      source.ownerOf,
      source.diagnostics,
    );
    const { snapshot } = source;
    if (flags.output === 'text') this.log(tenantsText(listing, snapshot.commit));
    else
      this.log(
        structured(
          { source: { repo: snapshot.repo, ref: snapshot.ref, commit: snapshot.commit }, ...listing },
          flags.output,
        ),
      );
  }
}
