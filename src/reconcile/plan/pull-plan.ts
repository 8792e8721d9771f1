/**
 * `plan` for a Pull member (docs/karmada-compatibility.md#pull-mode): the hub never contacts it, so
 * its Work is compared with its agent's last report instead of a live dry-run — an object the agent
 * reports at the digest the Work now has is unchanged, at another digest an update (no diff: the
 * report holds digests, not objects), not reported a create; an object the report lists and the
 * Work lacks is a delete unless failover keeps its copy, and none is when the prune settings the
 * agent gets with this Work would refuse them (source errors, the mass-prune guard), as for a
 * Push member. The plan says so per member. Pure.
 */
import { refIdentity, refKey, refOf } from '../../model/index.ts';
import { desiredDigest, diffable, objectId, pruneBlock } from '../../apply/index.ts';
import type { PruneBlock, PruneSettings } from '../../apply/index.ts';
import { unifiedDiff } from '../../render/index.ts';
import type { ObjectChange, WorkItem } from '../../render/index.ts';
import type { AgentReportRead } from '../../status/index.ts';

const LEFT_ALONE: ReadonlySet<string> = new Set(['conflict', 'suspended', 'skipped', 'failed']);

/** What a plan says of a Pull member: what its changes were computed against. */
export interface PlanPullMember {
  /** The last heartbeat of the report compared with; absent when there is none. */
  reportedAt?: string;
  worksCommit?: string;
  sourceCommit?: string;
  /** Why there is no report to compare with. */
  problem?: string;
}

/** The member's entry of the plan document. */
export function planPullMember(read: AgentReportRead | undefined, cluster: string): PlanPullMember {
  const report = read?.report;
  if (report === undefined) return { problem: read?.problem ?? `no report from the agent of ${cluster} yet` };
  return {
    reportedAt: report.heartbeat,
    ...(report.work ? { worksCommit: report.work.worksCommit, sourceCommit: report.work.sourceCommit } : {}),
  };
}

/** The member's changes against its agent's report, and why its deletes are held back when they are. */
export function pullChanges(
  cluster: string,
  items: readonly WorkItem[],
  read: AgentReportRead | undefined,
  keptCopies: ReadonlyMap<string, string>,
  options: { prune: PruneSettings; showSecrets: boolean },
): { changes: ObjectChange[]; pruneBlocked?: PruneBlock } {
  const showSecrets = options.showSecrets;
  const reported = new Map((read?.report?.objects ?? []).map((o) => [objectId(o), o]));
  const inWork = new Set<string>();
  const changes = items.map((item): ObjectChange => {
    const ref = refOf(item.manifest);
    const id = objectId(ref);
    inWork.add(id);
    const object = reported.get(id);
    // What the agent leaves alone (a conflict, a suspended copy, a Namespace it does not own) does not change by applying.
    if (object?.action !== undefined && LEFT_ALONE.has(object.action))
      return { action: 'unchanged', ...refIdentity(ref), diff: '' };
    const digest = object?.digest;
    if (digest === undefined)
      return {
        action: 'create',
        ...refIdentity(ref),
        diff: unifiedDiff(refKey(ref), undefined, diffable(item.manifest), { showSecrets }),
      };
    return { action: digest === desiredDigest(item.manifest) ? 'unchanged' : 'update', ...refIdentity(ref), diff: '' };
  });
  const deletes: ObjectChange[] = [];
  for (const [id, object] of reported) {
    if (inWork.has(id) || object.digest === undefined) continue;
    if (object.template !== undefined && keptCopies.has(object.template)) continue;
    deletes.push({ action: 'delete', ...refIdentity(object), diff: '' });
  }
  // What the agent's inventory holds: the reported objects at a digest.
  const inventory = [...reported.values()].filter((o) => o.digest !== undefined).length;
  const blocked = pruneBlock(options.prune, cluster, deletes.length, inventory);
  return blocked ? { changes, pruneBlocked: blocked } : { changes: [...changes, ...deletes] };
}
