/**
 * How the status step observes a Push member: through its API server, with the client its
 * delivery connected (an offline member keeps its last cluster snapshot, marked not Ready), and
 * every object of its Work read back for the interpreter.
 */
import { refKey, refOf } from '../../../model/index.ts';
import type { ClusterStatus, KubeObject } from '../../../model/index.ts';
import type { ClusterApplyResult, KubeClient } from '../../../apply/index.ts';
import {
  applyState,
  type ClusterObservation,
  collectMemberObjects,
  computeClusterStatus,
  nodeObservation,
  observeCluster,
  type MemberObservation,
} from '../../../status/index.ts';
import type { Works } from '../../../render/index.ts';
import { pushTo, type ChannelObservations, type MemberObserver } from './member-channel.ts';

/** What observing the Push members takes. */
export interface PushObserverInput {
  /** Per member, what the apply did. */
  applied: readonly ClusterApplyResult[];
  clients: ReadonlyMap<string, KubeClient | Error>;
  /** The last cluster snapshot: kept for members that cannot be reached now. */
  previousClusters: ReadonlyMap<string, ClusterStatus>;
}

async function observeWork(
  input: PushObserverInput,
  cluster: string,
  items: NonNullable<ReturnType<Works['get']>>,
  out: Map<string, MemberObservation[]>,
): Promise<void> {
  const result = input.applied.find((r) => r.cluster === cluster);
  const outcomes = new Map(result?.objects.map((o) => [refKey(o.ref), o]) ?? []);
  const client = input.clients.get(cluster);
  const refs = items.map((i) => refOf(i.manifest));
  const live =
    client === undefined || client instanceof Error
      ? new Map<string, KubeObject>()
      : await collectMemberObjects(client, refs);
  const clusterError = result?.error ?? (client instanceof Error ? client : undefined);
  for (const item of items) {
    const key = refKey(refOf(item.manifest));
    const observed = live.get(key);
    pushTo(out, refKey(item.template), {
      clusterName: cluster,
      ...applyState(outcomes.get(key), clusterError, observed),
      ...(observed ? { observed } : {}),
    });
  }
}

/** The Push channel's observer of `members`. */
export function pushObserver(members: readonly string[], input: PushObserverInput): MemberObserver {
  const observed = new Set(members);
  return {
    members,
    async cluster(name) {
      const client = input.clients.get(name);
      const observation: ClusterObservation =
        client === undefined || client instanceof Error
          ? { online: false, healthy: false }
          : await observeCluster(client);
      const { nodes, pods } = observation;
      return {
        name,
        status: computeClusterStatus(observation, input.previousClusters.get(name)),
        ...(nodes && pods ? { observedNodes: nodeObservation(nodes, pods) } : {}),
      };
    },
    async observe(works): Promise<ChannelObservations> {
      const observations = new Map<string, MemberObservation[]>();
      await Promise.all(
        [...works]
          .filter(([cluster]) => observed.has(cluster))
          .map(([cluster, items]) => observeWork(input, cluster, items, observations)),
      );
      return { observations, reported: new Map() };
    },
  };
}
