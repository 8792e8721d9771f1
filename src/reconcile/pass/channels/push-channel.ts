/**
 * The Push channel: connect to the owned Push members (or take the clients a saved plan's check
 * connected), apply and prune each one's Work, and hand the clients on, through which the status
 * step observes them.
 */
import { clusterFailed } from '../../../apply/index.ts';
import type { KubeClient } from '../../../apply/index.ts';
import { runApplyStep } from '../apply-step.ts';
import type { PassOptions } from '../pass-types.ts';
import { memberWork } from './member-channel.ts';
import type { ChannelDelivery, ChannelMembers, DeliveryInput } from './member-channel.ts';

/** What the Push channel did: its members' apply, and their clients for the status step. */
export interface PushDelivery extends ChannelDelivery {
  clients: ReadonlyMap<string, KubeClient | Error>;
}

/** Delivers to the Push members; `prepared`: clients connected already. */
export async function deliverPush(
  o: Pick<PassOptions, 'connect' | 'runner' | 'onEvent'>,
  members: ChannelMembers,
  input: DeliveryInput,
  prepared?: ReadonlyMap<string, KubeClient | Error>,
): Promise<PushDelivery> {
  const clients = prepared ?? (await o.connect([...members.clusters]));
  const targets = members.owned.map((cluster) => ({
    cluster,
    client: clients.get(cluster) ?? new Error(`cluster ${cluster}: no client`),
    ...memberWork(cluster, input),
  }));
  const applied = await runApplyStep(targets, {
    source: input.source,
    prune: input.prune,
    runner: o.runner,
    onEvent: o.onEvent,
  });
  return { applied, ok: !applied.some(clusterFailed), clients };
}
