/**
 * The Pull channel: a Pull member is never contacted. Its Work goes to the works branch, and its
 * agent's report, read from the agent's branch, stands for its apply and its status
 * (docs/karmada-compatibility.md#pull-mode).
 */
import { pullMemberNames } from '../../../model/index.ts';
import type { Cluster } from '../../../model/index.ts';
import type { AgentReports, WorksWriteResult } from '../../../status/index.ts';
import type { PassOptions } from '../pass-types.ts';
import { runPullStep } from '../pull-step.ts';
import type { ChannelDelivery, ChannelMembers, DeliveryInput } from './member-channel.ts';

/** What the Pull channel did: the works branch write, and the reports its members' status comes from. */
export interface PullDelivery extends ChannelDelivery {
  /** The Pull members this replica owns, in name order. */
  members: readonly string[];
  written?: WorksWriteResult | Error;
  agentReports?: AgentReports;
}

/** The Pull members' reports as their agents' branches hold them now; undefined without Pull members or a reader. */
export async function readPullReports(
  o: Pick<PassOptions, 'source' | 'agentReports'>,
  fleet: readonly { object: Cluster }[],
): Promise<AgentReports | undefined> {
  const pull = pullMemberNames(fleet);
  return o.agentReports && pull.length > 0 ? await o.agentReports(o.source, pull) : undefined;
}

/** Delivers to the Pull members; `reports`: read already this pass (before the controllers' first phase). */
export async function deliverPull(
  o: Pick<PassOptions, 'source' | 'agentReports' | 'works'>,
  members: ChannelMembers,
  input: DeliveryInput,
  reports?: AgentReports,
): Promise<PullDelivery> {
  const agentReports = reports ?? (await readPullReports(o, input.source.fleet.clusters));
  const pull = await runPullStep(o.works, {
    ...input,
    members: members.fleet,
    owned: members.owned,
    reports: agentReports,
  });
  return {
    members: members.owned,
    applied: pull.applied,
    ok: !(pull.written instanceof Error),
    ...(pull.written ? { written: pull.written } : {}),
    ...(agentReports ? { agentReports } : {}),
  };
}
