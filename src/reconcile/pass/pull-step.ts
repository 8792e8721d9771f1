/**
 * The Pull members' part of a pass (docs/karmada-compatibility.md#pull-mode): where a Push member
 * is applied, a Pull member's Work — less what the controllers hold back, with the copies they
 * keep and the prune settings of this source commit — goes to the works branch, and what its agent
 * last reported stands for its apply: the controllers after the apply see a member that has applied
 * the Work now written (the same work.json) as applied, with the agent's outcomes, and any other as
 * not applied yet.
 */
import { refIdentity, refKey } from '../../model/index.ts';
import type { PolicyRef } from '../../model/index.ts';
import type { ClusterApplyResult, ObjectAction, PruneBlock, PruneSettings } from '../../apply/index.ts';
import type { ApplyHolds } from '../../controllers/index.ts';
import type { Rendered, Works } from '../../render/index.ts';
import type { CommitSigner, OpenSourceOptions } from '../../source/index.ts';
import { openStatusStore, publishWorks, worksHoldFolders } from '../../status/index.ts';
import type { AgentReportRead, AgentReports, PullWork, WorksInput, WorksWriteResult } from '../../status/index.ts';
import type { FleetSource } from './read-fleet.ts';
import { worksTenancy } from './tenancy-step.ts';
import { memberWork } from './channels/member-channel.ts';

/** What the works step of a pass writes, and for which members. */
export interface PassWorksInput {
  input: WorksInput;
  branch: string;
  /** Every Pull member of the fleet: none when the last one has left (its folder is to be dropped). */
  members: readonly string[];
  owns: (cluster: string) => boolean;
}

/**
 * Writes the works branch ({@link passWorksStep}); absent from a pass, nothing is written. Resolves
 * to `undefined` when there was nothing to write: no Pull member, and no folder left on the branch.
 */
export type WorksStep = (input: PassWorksInput) => Promise<WorksWriteResult | undefined>;

/** What the Pull members' step did. */
export interface PullStepResult {
  /** The works branch write, or why it failed; absent without a works step or anything to write. */
  written?: WorksWriteResult | Error;
  /** Per Pull member this replica owns, its agent's last apply as far as it is the Work now written. */
  applied: ClusterApplyResult[];
}

const APPLY_ACTIONS: ReadonlySet<string> = new Set([
  'created',
  'configured',
  'unchanged',
  'conflict',
  'failed',
  'suspended',
  'skipped',
]);
const PRUNE_BLOCKS: ReadonlySet<string> = new Set(['disabled', 'source-errors', 'mass-prune']);

function policies(rendered: Rendered): Map<string, PolicyRef> {
  return new Map(
    rendered.bindings.flatMap((b) => (b.binding ? [[refKey(b.binding.resource), b.binding.policy] as const] : [])),
  );
}

/** What a member's agent reported, as the apply result of the Work whose work.json has blob id `blob`. */
export function reportedApply(
  cluster: string,
  read: AgentReportRead | undefined,
  blob: string | undefined,
): ClusterApplyResult {
  const result: ClusterApplyResult = { cluster, objects: [], pruned: [], inventoryWritten: false };
  const report = read?.report;
  if (report === undefined)
    return {
      ...result,
      error: new Error(`cluster ${cluster}: no report from its agent${read?.problem ? ` (${read.problem})` : ''}`),
    };
  if (blob === undefined || report.work?.blob !== blob)
    return {
      ...result,
      error: new Error(`cluster ${cluster}: its agent has not reported applying the current Work yet`),
    };
  const blocked = report.pruneBlocked;
  return {
    ...result,
    objects: report.objects.flatMap((o) =>
      o.action !== undefined && APPLY_ACTIONS.has(o.action)
        ? [
            {
              cluster,
              ref: refIdentity(o),
              action: o.action as ObjectAction,
              ...(o.applied ? {} : { error: new Error(o.appliedMessage ?? o.action) }),
            },
          ]
        : [],
    ),
    pruned: report.pruned.map((p) => ({
      cluster,
      ref: refIdentity(p),
      action: p.action,
      ...(p.action === 'failed'
        ? { error: new Error(p.message ?? 'delete failed') }
        : p.message
          ? { reason: p.message }
          : {}),
    })),
    ...(blocked && PRUNE_BLOCKS.has(blocked.reason) ? { pruneBlocked: blocked as PruneBlock } : {}),
    ...(report.error !== undefined ? { error: new Error(report.error) } : {}),
  };
}

/** Each owned Pull member's Work, as the pass applies Push members' Work. */
function pullWorks(names: readonly string[], works: Works, holds: ApplyHolds): PullWork[] {
  return names.map((cluster) => ({ cluster, ...memberWork(cluster, { works, holds }) }));
}

/** Writes the owned Pull members' Work and reads their apply from their reports. */
export async function runPullStep(
  step: WorksStep | undefined,
  pass: {
    source: FleetSource;
    rendered: Rendered;
    works: Works;
    holds: ApplyHolds;
    prune: PruneSettings;
    /** Every Pull member of the fleet, and the ones this replica owns. */
    members: readonly string[];
    owned: readonly string[];
    owns: (cluster: string) => boolean;
    reports: AgentReports | undefined;
  },
): Promise<PullStepResult> {
  if (step === undefined) return { applied: [] };
  const input: WorksInput = {
    sourceCommit: pass.source.snapshot.commit,
    prune: pass.prune,
    works: pullWorks(pass.owned, pass.works, pass.holds),
    // Only the owned members' folders name policies: a fleet without them skips the walk of every binding.
    policies: pass.owned.length > 0 ? policies(pass.rendered) : new Map(),
    customizations: pass.source.fleet.customizations.map((c) => c.object),
  };
  const tenancy = worksTenancy(pass.source);
  if (tenancy) input.tenancy = tenancy;
  const written = await step({
    input,
    branch: pass.source.snapshot.config.worksBranch,
    members: pass.members,
    owns: pass.owns,
  }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  const blobs = written instanceof Error || written === undefined ? new Map<string, string>() : written.workBlobs;
  return {
    ...(written ? { written } : {}),
    applied: pass.owned.map((cluster) => reportedApply(cluster, pass.reports?.get(cluster), blobs.get(cluster))),
  };
}

/** The works step over the repository `source` names (a remote's branch is pushed). */
export function passWorksStep(
  source: OpenSourceOptions,
  now: () => Date = () => new Date(),
  sign?: CommitSigner,
): WorksStep {
  // Set once the branch is known to hold no member's folder while the fleet has no Pull member:
  // the passes after that skip opening the repository until a Pull member appears.
  let folderless = false;
  return async ({ input, branch, members, owns }) => {
    if (members.length > 0) folderless = false;
    else if (folderless) return undefined;
    // No fetch here: publishing fetches the remote's tip itself, every round.
    const target = await openStatusStore(source, branch, { fetch: false });
    // Without Pull members a pass writes only to drop the last one's folder, so its agent applies
    // nothing more; a fleet that never had one never gets the branch (docs/deploy.md#pull-members-flotilla-agent).
    if (members.length === 0 && !(await worksHoldFolders(target, branch))) {
      folderless = true;
      return undefined;
    }
    const written = await publishWorks(target, input, { branch, members, owns, now, ...(sign ? { sign } : {}) });
    // With errors in the source the folders of members it may not see are kept.
    folderless = members.length === 0 && !input.prune.sourceHasErrors;
    return written;
  };
}
