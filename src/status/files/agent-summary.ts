/**
 * One line per Pull member for STATUS.md and `flotilla status`: its mode, its agent's last heartbeat
 * and the Work it applied (docs/karmada-compatibility.md#pull-mode). No lines when there is none, so
 * a fleet without Pull members reads (and hashes) as before.
 */
import type { ClusterReport } from '../status-report.ts';
import { clusterPath } from './cluster-document.ts';

/** The agent in words: `Pull: last heartbeat … (every 60s; NotReady after 180s without one); applied source commit …`. */
export function agentLine(agent: NonNullable<ClusterReport['agent']>): string {
  const heard = agent.lastHeartbeat
    ? `last heartbeat ${agent.lastHeartbeat} (every ${agent.heartbeatSeconds ?? '?'}s; NotReady after ${agent.graceSeconds}s without one)`
    : 'no report from its agent yet';
  const applied = agent.sourceCommit ? `; applied source commit ${agent.sourceCommit.slice(0, 12)}` : '';
  const problem = agent.problem ? `; ${agent.problem}` : '';
  return `Pull: ${heard}${applied}${problem}`;
}

/** STATUS.md's "Pull members" section. */
export function agentSection(clusters: readonly ClusterReport[]): string[] {
  const pull = clusters.filter((c) => c.agent);
  if (pull.length === 0) return [];
  return [
    '## Pull members',
    '',
    ...pull.map((c) => `- [${c.name}](${clusterPath(c.name)}): ${agentLine(c.agent!)}`),
    '',
  ];
}
