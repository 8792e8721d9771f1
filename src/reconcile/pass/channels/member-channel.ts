/**
 * Delivery in a pass is a member channel, chosen once per member from its `spec.syncMode`
 * (docs/karmada-compatibility.md#pull-mode): Push connects to the member, applies and prunes its
 * Work, and observes it for the status step through the same client (push-status.ts); Pull writes
 * its Work to the works branch and takes its agent's report for its apply and its status
 * (pull-status.ts). No other step of the pass asks which mode a member is in.
 */
import { pullMemberNames, refKey } from '../../../model/index.ts';
import type { AggregatedStatusItem, Cluster } from '../../../model/index.ts';
import type { ClusterApplyResult, PruneSettings } from '../../../apply/index.ts';
import type { ApplyHolds } from '../../../controllers/index.ts';
import type { Rendered, Works } from '../../../render/index.ts';
import type { ClusterReport, MemberObservation } from '../../../status/index.ts';
import type { FleetSource } from '../read-fleet.ts';

/** The members of one channel. */
export interface ChannelMembers {
  /** This replica's members of the channel (a Work, perhaps empty, to deliver), in name order. */
  owned: readonly string[];
  /** The fleet's Cluster objects of the channel that this replica owns. */
  clusters: readonly Cluster[];
  /** Every member of the fleet on the channel, owned or not. */
  fleet: readonly string[];
}

/** What a channel is given to deliver. */
export interface DeliveryInput {
  source: FleetSource;
  rendered: Rendered;
  works: Works;
  holds: ApplyHolds;
  prune: PruneSettings;
  owns: (cluster: string) => boolean;
}

/** What a channel did for its members. */
export interface ChannelDelivery {
  /** Per owned member, its apply as the controllers after the apply see it, in name order. */
  applied: ClusterApplyResult[];
  /** The delivery itself went well (Push: no member failed; Pull: the works branch was written). */
  ok: boolean;
}

/** The members a replica delivers to, split once by sync mode. */
export function splitMembers(
  names: readonly string[],
  fleet: readonly { object: Cluster }[],
  owns: (cluster: string) => boolean,
): { push: ChannelMembers; pull: ChannelMembers } {
  const pull = pullMemberNames(fleet);
  const pulled = new Set(pull);
  const owned = (onPull: boolean) =>
    fleet.map((c) => c.object).filter((c) => pulled.has(c.metadata.name) === onPull && owns(c.metadata.name));
  return {
    push: {
      owned: names.filter((n) => !pulled.has(n)),
      clusters: owned(false),
      fleet: fleet.map((c) => c.object.metadata.name).filter((n) => !pulled.has(n)),
    },
    pull: { owned: names.filter((n) => pulled.has(n)), clusters: owned(true), fleet: pull },
  };
}

/** A Work's items for one member, less the templates the controllers hold back, with the copies they keep. */
export function memberWork(
  cluster: string,
  input: Pick<DeliveryInput, 'works' | 'holds'>,
): { items: NonNullable<ReturnType<Works['get']>>; keptCopies: ReadonlyMap<string, string> } {
  return {
    items: (input.works.get(cluster) ?? []).filter((item) => !input.holds.waiting.has(refKey(item.template))),
    keptCopies: input.holds.kept.get(cluster) ?? new Map<string, string>(),
  };
}

/** What a channel observed of its members' Works, per template refKey. */
export interface ChannelObservations {
  /** Objects read from a member, for the status step to interpret (Push). */
  observations: Map<string, MemberObservation[]>;
  /** Status items a member's agent reported (Pull). */
  reported: Map<string, AggregatedStatusItem[]>;
}

/** How the status step observes the members of one channel: Push through their API servers, Pull by their agents' reports. */
export interface MemberObserver {
  /** The members it observes, this replica's. */
  readonly members: readonly string[];
  /** A member's cluster document, taints aside. */
  cluster(name: string): Promise<Omit<ClusterReport, 'taints'>>;
  /** What it observes of its members' Works. */
  observe(works: Works): Promise<ChannelObservations>;
}

/** Adds `value` to the list of `key`. */
export function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
