import { Flags, type Interfaces } from '@oclif/core';
import { FlotillaCommand } from '../base-command.ts';
import { stringify } from 'yaml';
import { compareDiagnostics } from '../../model/index.ts';
import type { Diagnostic } from '../../model/index.ts';
import { planLive, planOffline, planFileOf, writePlanFile } from '../../reconcile/index.ts';
import type { PlanDocument } from '../../reconcile/index.ts';
import { maskSecret } from '../../render/index.ts';
import { clusterAccess, clusterFlags } from '../cluster-flags.ts';
import { painter } from '../color.ts';
import { EXIT } from '../exit-codes.ts';
import { outputFlag, sourceFlags } from '../flags.ts';
import { countBySeverity } from '../output/diagnostics.ts';
import { jsonChunks } from '../output/json-chunks.ts';
import { writeOutDir } from '../output/out-dir.ts';
import { parseMarkdownLimit, planMarkdown } from '../output/plan-markdown.ts';
import type { MarkdownLimit } from '../output/plan-markdown.ts';
import { LivePlanProgress } from '../output/live-plan-progress.ts';
import { planText } from '../output/plan-text.ts';
import { writeStdout } from '../output/write-stdout.ts';
import { sourceOptions } from '../source-options.ts';
import { uncommittedNotice } from '../uncommitted-notice.ts';

function masked(doc: PlanDocument): PlanDocument {
  const works = Object.fromEntries(Object.entries(doc.works).map(([c, ms]) => [c, ms.map(maskSecret)]));
  return { ...doc, works };
}

function hasChanges(doc: PlanDocument): boolean {
  return Object.values(doc.changes ?? {}).some((cs) => cs.some((c) => c.action !== 'unchanged'));
}

type PlanFlags = Interfaces.InferredFlags<typeof Plan.flags>;

export default class Plan extends FlotillaCommand {
  static override summary = 'Show the Work each member cluster gets, and what changes.';
  static override description =
    'Runs detection, scheduling, replica revision, overrides and dependency propagation on a commit and shows the resulting Work per cluster. Without --offline (and without --base) the Work of each cluster is dry-run applied with server-side apply and compared with what the cluster holds: objects to create, to change (with a diff of what the server would change) and to prune. With --offline the clusters are not contacted: their state comes from the status branch or the Cluster files. With --base REF it shows what changes between the Work rendered from REF and from --ref, per cluster, with unified diffs. Secret values are masked unless --show-secrets.';
  static override examples = [
    '<%= config.bin %> plan --repo . --kubeconfig ~/.kube/fleet --detailed-exitcode',
    '<%= config.bin %> plan --offline --repo examples/repo',
    '<%= config.bin %> plan --offline --base origin/main -o markdown',
    '<%= config.bin %> plan --offline -o json --out-dir rendered/',
    '<%= config.bin %> plan --offline --base HEAD~1 --detailed-exitcode',
    '<%= config.bin %> plan --offline --plan-file fleet.plan && <%= config.bin %> apply --plan-file fleet.plan',
  ];
  static override flags = {
    ...sourceFlags,
    ...clusterFlags,
    output: outputFlag(['text', 'json', 'yaml', 'markdown'] as const),
    offline: Flags.boolean({
      description: 'do not contact member clusters: their state comes from the status branch or the Cluster files',
      default: false,
    }),
    base: Flags.string({ description: 'compare with the Work rendered from this revision (no cluster needed)' }),
    'out-dir': Flags.string({
      description:
        "write every cluster's Work as files: DIR/<cluster>/<namespace or _cluster>/<group>.<kind>.<name>.yaml",
    }),
    'detailed-exitcode': Flags.boolean({
      description: 'exit 2 when there are changes, 0 when none, 1 on error',
      default: false,
    }),
    'show-secrets': Flags.boolean({ description: 'show Secret values instead of ***', default: false }),
    summary: Flags.boolean({
      description: 'text output: each cluster as counts, with only the first change and its diff shown',
      default: false,
    }),
    'plan-file': Flags.string({
      description:
        'also write the plan to FILE (the Work, its commit and the cluster state it was computed against) for apply --plan-file; it holds Secret values: written readable by its owner only',
    }),
    'markdown-limit': Flags.string({
      description:
        "size limit of -o markdown: comment (GitHub's 65,536 characters), step-summary (GitHub's 1 MiB), none, or a number of characters; diffs that do not fit are left out or cut, and a note says so",
      default: 'comment',
    }),
  };

  private format(
    doc: PlanDocument,
    output: 'text' | 'json' | 'yaml' | 'markdown',
    noColor: boolean,
    limit: MarkdownLimit | null,
    pruneOff: boolean,
    baseDiagnostics: readonly Diagnostic[] | undefined,
    summary: boolean,
  ): string | Iterable<string | Buffer> {
    switch (output) {
      case 'json':
        // Depth 3 is one manifest of works.<cluster>[]: clusters alike share it, serialised once.
        return jsonChunks(doc, 3);
      case 'yaml':
        return stringify(doc, { lineWidth: 0 });
      case 'markdown':
        return planMarkdown(doc, { limit, ...(baseDiagnostics ? { baseDiagnostics } : {}) });
      case 'text':
        return planText(doc, painter(noColor), { diffs: true, pruneOff, summary });
    }
  }

  /** The live plan, with a progress line on stderr when it is a terminal. */
  async #planLive(flags: PlanFlags) {
    const progress = process.stderr.isTTY ? new LivePlanProgress((text) => process.stderr.write(text)) : undefined;
    try {
      return await planLive({
        source: sourceOptions(flags),
        showSecrets: flags['show-secrets'],
        access: clusterAccess(flags),
        inventoryName: flags['inventory-name'],
        ...(progress ? { onClusterDone: (cluster: string, read: boolean) => progress.clusterDone(cluster, read) } : {}),
      });
    } finally {
      progress?.finish();
    }
  }

  async run(): Promise<void> {
    const { flags } = await this.parse(Plan);
    let markdownLimit: MarkdownLimit | null;
    try {
      markdownLimit = parseMarkdownLimit(flags['markdown-limit']);
    } catch (error) {
      this.error((error as Error).message, { exit: EXIT.error });
    }
    if (flags['detailed-exitcode'] && flags.offline && flags.base === undefined) {
      this.error(
        '--detailed-exitcode with --offline needs --base REF: an offline plan has nothing to compare with, so it could only ever exit 0',
        { exit: EXIT.error },
      );
    }
    const live = !flags.offline && flags.base === undefined;
    const result = live
      ? await this.#planLive(flags)
      : await planOffline({
          source: sourceOptions(flags),
          ...(flags.base !== undefined ? { base: flags.base } : {}),
          showSecrets: flags['show-secrets'],
        });
    const notice = await uncommittedNotice(flags.ref, result.source.snapshot);
    if (notice) this.logToStderr(`warning: ${notice.message}`);
    // On a terminal the notice is said once, on stderr; structured output carries it as a warning.
    if (notice && flags.output !== 'text') {
      result.document.diagnostics = [...result.document.diagnostics, notice].sort(compareDiagnostics);
    }
    const doc = flags['show-secrets'] ? result.document : masked(result.document);
    if (flags['out-dir']) {
      const n = await writeOutDir(flags['out-dir'], result.document.works);
      this.logToStderr(`wrote ${n} manifests under ${flags['out-dir']}`);
    }
    if (flags['plan-file']) {
      await writePlanFile(flags['plan-file'], planFileOf(result));
      this.logToStderr(
        `wrote the plan of ${result.document.source.commit.slice(0, 12)} to ${flags['plan-file']}: apply it with flotilla apply --plan-file ${flags['plan-file']}`,
      );
    }
    const pruneOff = 'pruneEnabled' in result && !result.pruneEnabled;
    const baseDiagnostics = 'baseDiagnostics' in result ? result.baseDiagnostics : undefined;
    await writeStdout(
      this.format(doc, flags.output, flags['no-color'], markdownLimit, pruneOff, baseDiagnostics, flags.summary),
    );
    if (countBySeverity(doc.diagnostics).errors > 0) this.exit(EXIT.error);
    if (flags['detailed-exitcode'] && hasChanges(doc)) this.exit(EXIT.changes);
  }
}
