import { setTimeout as sleep } from 'node:timers/promises';
import { Flags } from '@oclif/core';
import { FlotillaCommand } from '../base-command.ts';
import { RECORD_SECTIONS } from '../../controllers/index.ts';
import { readSnapshot } from '../../source/index.ts';
import { openStatusStore, readStatusBranch, type StatusBranchView } from '../../status/index.ts';
import { painter } from '../color.ts';
import { EXIT } from '../exit-codes.ts';
import { outputFlag, sourceFlags } from '../flags.ts';
import { statusText } from '../output/status-text.ts';
import { structured } from '../output/structured.ts';
import { sourceOptions } from '../source-options.ts';

/** Whether the branch has a status and every template on it is Healthy. */
function allHealthy(view: StatusBranchView | undefined): boolean {
  return view?.templates.every((t) => t.health === 'Healthy') === true;
}

/** The controllers' fields of the status document, in registry order (controllers/registry.ts). */
function sectionFields(records: StatusBranchView['records']): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const { name, statusField } of RECORD_SECTIONS) {
    const value = records[name] ?? statusField?.empty;
    if (statusField && value !== undefined) fields[statusField.name] = value;
  }
  return fields;
}

/**
 * What `status -o json|yaml` prints: the status branch's tip, summary, clusters, templates, federated quotas, search
 * cache, autoscalers and multi-cluster services.
 */
function statusDocument(branch: string, view: StatusBranchView | undefined): object {
  if (view === undefined)
    return {
      branch,
      statusCommit: null,
      summary: null,
      clusters: [],
      templates: [],
      quotas: [],
      ...sectionFields({}),
    };
  return {
    branch,
    statusCommit: view.commit,
    summary: view.summary ?? null,
    clusters: view.clusters,
    templates: view.templates,
    quotas: view.quotas,
    ...sectionFields(view.records),
  };
}

export default class Status extends FlotillaCommand {
  static override summary = "Show the fleet's status from the status branch.";
  static override description =
    'Reads the tip of the status branch (flotilla.yaml statusBranch, default "status") of a local repository or a remote one, and shows per cluster its readiness and capacity, and per template and cluster the desired and ready replicas, whether it applied, its health, and every problem. It never contacts the clusters: `flotilla apply` writes what it observed there. --watch re-reads the branch every --interval seconds.';
  static override examples = [
    '<%= config.bin %> status',
    '<%= config.bin %> status --repo https://github.com/acme/fleet -o json',
    '<%= config.bin %> status --watch --interval 10',
  ];
  static override flags = {
    ...sourceFlags,
    output: outputFlag(['text', 'json', 'yaml'] as const),
    'status-branch': Flags.string({
      description: 'the status branch to read (default: statusBranch of flotilla.yaml at --ref, else "status")',
    }),
    watch: Flags.boolean({ description: 're-read the status branch and refresh until interrupted', default: false }),
    interval: Flags.integer({ description: 'seconds between refreshes with --watch', default: 5, min: 1 }),
    'fail-on-unhealthy': Flags.boolean({
      description:
        'exit 1 when a template is not Healthy (Unhealthy or Unknown) or there is no status yet: a gate for CI',
      default: false,
      exclusive: ['watch'],
    }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Status);
    const source = sourceOptions(flags);
    const branch = flags['status-branch'] ?? (await readSnapshot(source)).config.statusBranch;
    const paint = painter(flags['no-color']);
    for (;;) {
      const { store } = await openStatusStore(source, branch);
      const view = await readStatusBranch(store, RECORD_SECTIONS, { branch });
      const text =
        flags.output !== 'text'
          ? structured(statusDocument(branch, view), flags.output)
          : view === undefined
            ? `No status branch "${branch}" yet: \`flotilla apply\` writes one.`
            : statusText(view, paint);
      // On a terminal, --watch redraws in place; piped, each refresh is appended.
      if (flags.watch && process.stdout.isTTY) process.stdout.write('\u001b[2J\u001b[H');
      this.log(text);
      if (!flags.watch) {
        if (flags['fail-on-unhealthy'] && !allHealthy(view)) this.exit(EXIT.error);
        return;
      }
      await sleep(flags.interval * 1000);
    }
  }
}
