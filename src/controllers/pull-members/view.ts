/**
 * The Pull members as people see them (`ViewSection`, src/model/controller-view.ts): each agent's
 * last heartbeat, the Work it last applied and why it applied nothing, from the cluster documents.
 */
import type { ViewSection } from '../../model/index.ts';
import type { AgentSummary, ClusterReport } from '../../status/index.ts';
import type { ControllerRecords } from '../controller-records.ts';

/** The agents the cluster documents record, by member. */
export function pullMembersOf(clusters: readonly Pick<ClusterReport, 'name' | 'agent'>[]): Map<string, AgentSummary> {
  return new Map(clusters.flatMap((c) => (c.agent ? [[c.name, c.agent] as const] : [])));
}

export function pullMembersView(records: ControllerRecords): ViewSection[] {
  const agents = [...records['pull-members']];
  if (agents.length === 0) return [];
  const rows = agents.map(([member, agent]) => [
    { text: member },
    { text: agent.lastHeartbeat ?? 'never', tone: agent.lastHeartbeat ? ('ok' as const) : ('error' as const) },
    { text: agent.worksCommit?.slice(0, 12) ?? '' },
    agent.problem ? { text: agent.problem, tone: 'error' as const } : { text: '' },
  ]);
  return [
    {
      controller: 'pull-members',
      title: 'Pull members',
      blocks: [
        { kind: 'table', title: 'Agents', columns: ['member', 'last heartbeat', 'works commit', 'problem'], rows },
      ],
    },
  ];
}

declare module '../controller-records.ts' {
  interface ControllerRecords {
    /** The Pull members' agents as last heard from, by member: fields of the cluster documents, as failover's. */
    'pull-members': ReadonlyMap<string, AgentSummary>;
  }
}
