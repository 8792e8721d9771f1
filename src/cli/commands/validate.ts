import { FlotillaCommand } from '../base-command.ts';
import { compareDiagnostics } from '../../model/index.ts';
import { crossObjectWarnings, readFleet } from '../../reconcile/index.ts';
import { publishedRoots } from '../../source/index.ts';
import { painter } from '../color.ts';
import { EXIT } from '../exit-codes.ts';
import { outputFlag, sourceFlags } from '../flags.ts';
import { countBySeverity, diagnosticsSummary, diagnosticsText } from '../output/diagnostics.ts';
import { githubAnnotations } from '../output/github-annotations.ts';
import { renderRootsText } from '../output/render-roots-text.ts';
import { structured } from '../output/structured.ts';
import { sourceOptions } from '../source-options.ts';
import { uncommittedNotice } from '../uncommitted-notice.ts';

export default class Validate extends FlotillaCommand {
  static override summary = 'Parse and check every file of the fleet repository at a commit.';
  static override description =
    "Reads every YAML and JSON file at the commit, checks each Karmada object against its schema and each template against Kubernetes rules, and compiles every Lua customization. Prints one line per problem as file:line:col: severity: message; -o github prints GitHub Actions annotations (::error file=…,line=…,col=…::message) instead, which a workflow shows on the pull request's files. Exit 0 when valid, 1 when any error exists (warnings alone exit 0).";
  static override examples = [
    '<%= config.bin %> validate --repo examples/repo',
    '<%= config.bin %> validate --repo . --ref origin/main -o json',
    '<%= config.bin %> validate -o github    # in a GitHub Actions step',
  ];
  static override flags = {
    ...sourceFlags,
    output: outputFlag(['text', 'json', 'yaml', 'github'] as const),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Validate);
    const source = await readFleet(sourceOptions(flags));
    const { snapshot, parsed } = source;
    const notice = await uncommittedNotice(flags.ref, snapshot);
    if (notice) this.logToStderr(`warning: ${notice.message}`);
    // On a terminal the notice is said once, on stderr; structured output carries it as a warning.
    const carried = notice && flags.output !== 'text' ? [notice] : [];
    const diagnostics = [...source.diagnostics, ...crossObjectWarnings(source), ...carried].sort(compareDiagnostics);
    const { errors } = countBySeverity(diagnostics);
    const summary = (verdict: string) =>
      `${snapshot.files.length} files, ${parsed.objects.length} objects at ${snapshot.commit.slice(0, 12)}: ${verdict} (${diagnosticsSummary(diagnostics)})`;
    if (flags.output === 'json' || flags.output === 'yaml') {
      this.log(
        structured(
          {
            source: { repo: snapshot.repo, ref: snapshot.ref, commit: snapshot.commit, path: snapshot.path },
            valid: errors === 0,
            files: snapshot.files.length,
            objects: parsed.objects.length,
            ...(snapshot.roots?.length
              ? { roots: publishedRoots(snapshot.roots), renderTools: snapshot.renderTools ?? null }
              : {}),
            diagnostics,
          },
          flags.output,
        ),
      );
    } else if (flags.output === 'github') {
      if (diagnostics.length > 0) this.log(githubAnnotations(diagnostics));
      this.log(summary(errors === 0 ? 'valid' : 'invalid'));
    } else {
      const paint = painter(flags['no-color']);
      const roots = renderRootsText(snapshot);
      if (roots !== '') this.log(roots);
      if (diagnostics.length > 0) this.log(diagnosticsText(diagnostics, paint));
      const verdict = errors === 0 ? paint('green', 'valid') : paint('red', 'invalid');
      this.log(summary(verdict));
    }
    if (errors > 0) this.exit(EXIT.error);
  }
}
