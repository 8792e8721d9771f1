import { Flags } from '@oclif/core';
import { FlotillaCommand } from '../base-command.ts';
import type { ApplyEvent, ClusterApplyResult } from '../../apply/index.ts';
import { holderIdentity } from '../../apply/index.ts';
import { compareDiagnostics } from '../../model/index.ts';
import { applyPass, PlanFileInvalidError, StalePlanError, loadSavedPlan } from '../../reconcile/index.ts';
import type { ApplyPassResult, SavedPlan } from '../../reconcile/index.ts';
import { CommitStatusConfigError } from '../../commit-status/index.ts';
import { clusterAccess, clusterFlags, durationFlag } from '../cluster-flags.ts';
import { commitStatusFlags, rolloutOutcomes, startRollout } from '../commit-status-flags.ts';
import type { Rollout } from '../commit-status-flags.ts';
import { painter } from '../color.ts';
import { EXIT } from '../exit-codes.ts';
import { outputFlag, sourceFlags, worksSigner, worksSigningFlags } from '../flags.ts';
import { diagnosticsText } from '../output/diagnostics.ts';
import { ClusterProgress, plainEventLine } from '../output/apply-progress.ts';
import { structured } from '../output/structured.ts';
import { sourceOptions } from '../source-options.ts';

/** The Pull members' Work, as one line: committed to the works branch (their agents apply it) or unchanged there. */
function worksLine(result: ApplyPassResult): string {
  const members = (result.pullMembers ?? []).join(', ');
  const branch = result.source.snapshot.config.worksBranch;
  if (result.works === undefined || result.works instanceof Error) return '';
  if (members === '')
    return result.works.changed
      ? `${branch}: committed ${result.works.commit.slice(0, 12)} without the folders of former Pull members (their agents apply nothing more)`
      : `${branch}: unchanged: the folders of former Pull members stay while the source has errors`;
  return result.works.changed
    ? `${branch}: committed ${result.works.commit.slice(0, 12)} with the Work of ${members} (Pull: their agents apply it)`
    : `${branch}: unchanged for ${members} (Pull: their agents apply it)`;
}

/** One cluster of `apply -o json` (README.md#flotilla-apply). */
function clusterJson(c: ClusterApplyResult) {
  return {
    name: c.cluster,
    error: c.error?.message ?? null,
    objects: c.objects.map((o) => ({ ...o.ref, action: o.action, ...(o.error ? { error: o.error.message } : {}) })),
    pruned: c.pruned.map((p) => ({
      ...p.ref,
      action: p.action,
      ...(p.reason ? { reason: p.reason } : {}),
      ...(p.error ? { error: p.error.message } : {}),
    })),
    pruneBlocked: c.pruneBlocked?.message ?? null,
    inventoryWritten: c.inventoryWritten,
  };
}

export default class Apply extends FlotillaCommand {
  static override summary = "Apply every member cluster's Work once: plan, apply, prune.";
  static override description =
    "One reconcile pass: renders the Work of every cluster from the commit, applies it with server-side apply (field manager flotilla; CRDs and Namespaces first), records it in each cluster's inventory (ConfigMap flotilla-system/flotilla-inventory) and, with --prune, deletes what the inventory holds and the Work no longer does. Prune never runs when the source has errors, and never deletes more than prune.maxFraction of a cluster's inventory without --allow-mass-prune. Objects that exist but were not created by Flotilla are left alone unless the policy's conflictResolution is Overwrite. A writer (apply or run) holds each member's inventory Lease (flotilla-system, named after the inventory) while it applies and prunes it: a second writer waits, and fails that member, naming the holder, when the Lease is not free before --member-timeout. A member not done within --member-timeout is reported failed; the other members and the status commit go on. Exit 0 when everything applied, 1 on any error.";
  static override examples = [
    '<%= config.bin %> apply --repo . --kubeconfig ~/.kube/fleet',
    '<%= config.bin %> apply --prune',
    '<%= config.bin %> apply --prune --allow-mass-prune -o json',
    '<%= config.bin %> apply --plan-file fleet.plan    # exactly the plan reviewed, or nothing',
    'GITHUB_TOKEN=… <%= config.bin %> apply --commit-status github    # flotilla/<cluster> statuses on the commit',
  ];
  static override flags = {
    ...sourceFlags,
    ...clusterFlags,
    ...worksSigningFlags,
    output: outputFlag(['text', 'json', 'yaml'] as const),
    prune: Flags.boolean({
      description:
        'delete objects the inventory holds and the Work no longer does (default: prune.enabled in flotilla.yaml)',
      allowNo: true,
    }),
    'allow-mass-prune': Flags.boolean({
      description: "allow one pass to prune more than prune.maxFraction of a cluster's inventory",
      default: false,
    }),
    'lease-duration': durationFlag({
      description:
        "each member's inventory is guarded by a Lease while this apply writes it; a holder that has not renewed it for this long (a killed process) loses it to the next writer",
      default: 15_000,
      defaultHelp: async () => '15s',
    }),
    ...commitStatusFlags,
    'plan-file': Flags.string({
      description:
        'apply exactly the Work saved by plan --plan-file FILE; refused (exit 1, nothing applied) when its ref now points at another commit or the cluster state it was computed against has changed',
    }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Apply);
    const paint = painter(flags['no-color']);
    const tty = flags.output === 'text' && process.stdout.isTTY === true;
    const progress = tty ? new ClusterProgress((text) => process.stdout.write(text), paint) : undefined;
    let rollout: Rollout | undefined;
    const onEvent = (event: ApplyEvent): void => {
      if (event.type === 'cluster-started') rollout?.statuses?.started(event.cluster, event.objects);
      if (progress) progress.update(event);
      else if (flags.output === 'text') {
        const line = plainEventLine(event, paint);
        if (line !== undefined) this.log(line);
      }
    };
    let saved: SavedPlan | undefined;
    if (flags['plan-file']) {
      saved = await loadSavedPlan(flags['plan-file'], {
        source: sourceOptions(flags),
        access: clusterAccess(flags),
        inventoryName: flags['inventory-name'],
      }).catch((error: unknown) => {
        if (!(error instanceof StalePlanError || error instanceof PlanFileInvalidError)) throw error;
        this.logToStderr(`Error: ${error.message}`);
        return this.exit(EXIT.error);
      });
    }
    rollout = await startRollout(flags, saved?.source ?? sourceOptions(flags), saved?.plan.source.commit).catch(
      (error: unknown) => {
        if (!(error instanceof CommitStatusConfigError)) throw error;
        this.logToStderr(`Error: ${error.message}`);
        return this.exit(EXIT.error);
      },
    );
    const statuses = rollout.statuses;
    const result = await applyPass({
      source: rollout.source,
      ...(saved ? { works: saved.works, prepared: saved.prepared } : {}),
      access: clusterAccess(flags),
      ...worksSigner(flags['works-signing-key']),
      prune: {
        ...(flags.prune !== undefined ? { enabled: flags.prune } : {}),
        allowMassPrune: flags['allow-mass-prune'],
      },
      runner: {
        inventoryName: flags['inventory-name'],
        lock: {
          holder: holderIdentity('apply'),
          durationSeconds: Math.max(1, Math.round(flags['lease-duration'] / 1000)),
        },
      },
      onEvent,
    }).catch(async (error: unknown) => {
      for (const refused of (await statuses?.abort((error as Error).message)) ?? [])
        this.logToStderr(`Error: ${refused.message}`);
      throw error;
    });
    const refused = (await statuses?.finish(rolloutOutcomes(result.clusters))) ?? [];
    for (const e of refused) this.logToStderr(`Error: ${e.message}`);
    const diagnostics = [...result.diagnostics].sort(compareDiagnostics);
    if (flags.output !== 'text') {
      this.log(
        structured(
          {
            source: {
              repo: result.source.snapshot.repo,
              ref: result.source.snapshot.ref,
              commit: result.source.snapshot.commit,
            },
            ok: result.ok,
            clusters: result.clusters.map(clusterJson),
            ...(result.works
              ? {
                  works:
                    result.works instanceof Error
                      ? { error: result.works.message }
                      : {
                          commit: result.works.commit,
                          changed: result.works.changed,
                          clusters: result.pullMembers ?? [],
                        },
                }
              : {}),
            diagnostics,
          },
          flags.output,
        ),
      );
    } else {
      if (result.works && !(result.works instanceof Error)) this.log(worksLine(result));
      if (diagnostics.length > 0) this.log(diagnosticsText(diagnostics, paint));
    }
    if (result.works instanceof Error) this.logToStderr(`works branch not written: ${result.works.message}`);
    if (result.status instanceof Error) this.logToStderr(`status branch not written: ${result.status.message}`);
    if (!result.ok || refused.length > 0) this.exit(EXIT.error);
  }
}
