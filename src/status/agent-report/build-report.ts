/**
 * An agent's report from what its round did and saw (docs/karmada-compatibility.md#pull-mode):
 * per object of its inventory the digest it applied, per object of its Work Karmada's status item
 * built exactly as the hub's status step builds it for a Push member (member-item.ts, apply-state.ts),
 * and what its prune did. Pure. A Secret's status is left out and its values scrubbed from any
 * message, as on the status branch.
 */
import { groupKind, refIdentity, refKey, refOf, scrubSecretValues, TEMPLATE_ANNOTATION } from '../../model/index.ts';
import type {
  AgentReport,
  ClusterStatus,
  KubeObject,
  ObjectRef,
  ReportedObject,
  ReportedPrune,
} from '../../model/index.ts';
import type { ClusterApplyResult, ObjectOutcome, InventoryEntry } from '../../apply/index.ts';
import { entryRef, objectId } from '../../apply/index.ts';
import type { ResourceInterpreter } from '../../interpreter/index.ts';
import { applyState } from '../apply-state.ts';
import { memberStatusItem } from '../member-item.ts';

/** What one round of an agent gives its report. */
export interface ReportInput {
  cluster: string;
  now: Date;
  heartbeatSeconds: number;
  holder: string;
  /** The Work applied, when the round found one. */
  work?: AgentReport['work'];
  /** Why the round applied nothing. */
  error?: string;
  clusterStatus: ClusterStatus;
  /** The Work's manifests, in apply order (empty when there is no Work). */
  manifests: readonly KubeObject[];
  /** What the last apply of this Work did; absent before one has run. */
  applied?: ClusterApplyResult;
  /** The member's inventory after the round. */
  inventory: readonly InventoryEntry[];
  /** The member's copies of the objects of the Work and of the inventory, by refKey. */
  live: ReadonlyMap<string, KubeObject>;
  interpreter: ResourceInterpreter;
}

function isSecret(ref: ObjectRef): boolean {
  return groupKind(ref.apiVersion, ref.kind) === 'core/Secret';
}

function workObject(
  manifest: KubeObject,
  input: ReportInput,
  digests: ReadonlyMap<string, string>,
  outcomes: ReadonlyMap<string, ObjectOutcome>,
): ReportedObject {
  const ref = refOf(manifest);
  const outcome = outcomes.get(refKey(ref));
  const observed = input.live.get(refKey(ref));
  const clusterError = input.applied?.error ?? (input.applied ? undefined : new Error('not applied yet'));
  const item = memberStatusItem(
    {
      clusterName: input.cluster,
      ...applyState(outcome, clusterError, observed),
      ...(observed ? { observed } : {}),
    },
    input.interpreter,
  );
  const digest = digests.get(objectId(ref));
  const secret = isSecret(ref);
  const template = observed?.metadata.annotations?.[TEMPLATE_ANNOTATION];
  return {
    ...refIdentity(ref),
    ...(digest !== undefined ? { digest } : {}),
    ...(outcome ? { action: outcome.action } : {}),
    ...(template !== undefined ? { template } : {}),
    applied: item.applied ?? false,
    ...(item.appliedMessage !== undefined
      ? { appliedMessage: secret ? scrubSecretValues(item.appliedMessage, manifest) : item.appliedMessage }
      : {}),
    health: item.health ?? 'Unknown',
    ...(item.status !== undefined && !secret ? { status: item.status } : {}),
  };
}

function pruned(input: ReportInput): ReportedPrune[] {
  return (input.applied?.pruned ?? []).map((p) => {
    const message = p.error?.message ?? p.reason;
    return { ...refIdentity(p.ref), action: p.action, ...(message ? { message } : {}) };
  });
}

/** The report of one round. */
export function agentReport(input: ReportInput): AgentReport {
  const digests = new Map(input.inventory.map((e) => [e.id, e.digest]));
  const inWork = new Set(input.manifests.map((m) => objectId(refOf(m))));
  // The first outcome per object, as a search of the list in order finds it.
  const outcomes = new Map<string, ObjectOutcome>();
  for (const o of input.applied?.objects ?? []) if (!outcomes.has(refKey(o.ref))) outcomes.set(refKey(o.ref), o);
  const objects = [
    ...input.manifests.map((m) => workObject(m, input, digests, outcomes)),
    // What the inventory holds besides the Work: copies kept, prunes blocked or failed.
    ...input.inventory
      .filter((e) => !inWork.has(e.id))
      .map((e): ReportedObject => {
        const ref = entryRef(e);
        const template = input.live.get(refKey(ref))?.metadata.annotations?.[TEMPLATE_ANNOTATION];
        return {
          ...refIdentity(ref),
          digest: e.digest,
          ...(template !== undefined ? { template } : {}),
          applied: true,
          health: 'Unknown',
        };
      }),
  ];
  const blocked = input.applied?.pruneBlocked;
  return {
    cluster: input.cluster,
    heartbeat: input.now.toISOString(),
    heartbeatSeconds: input.heartbeatSeconds,
    holder: input.holder,
    ...(input.work ? { work: input.work } : {}),
    ...(input.error !== undefined ? { error: input.error } : {}),
    clusterStatus: input.clusterStatus,
    objects,
    pruned: pruned(input),
    ...(blocked ? { pruneBlocked: { reason: blocked.reason, message: blocked.message } } : {}),
  };
}
