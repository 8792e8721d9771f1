/**
 * The status step's view of Pull members (docs/karmada-compatibility.md#pull-mode): a Pull member is
 * not observed by the hub; its cluster status and its objects' status items are its agent's report,
 * Ready by heartbeat age as the pull-members controller decides it. An object counts as applied
 * only at the digest the hub now wants: until the agent reports that digest, it is not applied yet.
 */
import { refKey, refOf } from '../../../model/index.ts';
import type { AggregatedStatusItem, Cluster, ClusterStatus, ReportedObject } from '../../../model/index.ts';
import { objectId } from '../../../apply/index.ts';
import { pullMemberState } from '../../../controllers/index.ts';
import type { PullMemberState } from '../../../controllers/index.ts';
import type { WorkItem, Works } from '../../../render/index.ts';
import { workDigest } from '../../../status/index.ts';
import type { AgentReports, AgentSummary, ClusterReport } from '../../../status/index.ts';
import { pushTo, type MemberObserver } from './member-channel.ts';

/** Each Pull member's state at `now`, by name. */
export function pullStates(
  clusters: readonly Cluster[],
  reports: AgentReports | undefined,
  previous: ReadonlyMap<string, ClusterStatus>,
  now: number,
): Map<string, PullMemberState> {
  return new Map(
    clusters.map((c) => {
      const name = c.metadata.name;
      return [name, pullMemberState(c, reports?.get(name), previous.get(name) ?? c.status, now)];
    }),
  );
}

function summary(state: PullMemberState): AgentSummary {
  const report = state.report;
  const problem = state.problem ?? report?.error;
  return {
    graceSeconds: Math.round(state.graceMs / 1000),
    ...(report ? { lastHeartbeat: report.heartbeat, heartbeatSeconds: report.heartbeatSeconds } : {}),
    ...(report?.work ? { worksCommit: report.work.worksCommit, sourceCommit: report.work.sourceCommit } : {}),
    ...(problem ? { problem } : {}),
  };
}

/** A Pull member's cluster document. */
export function pullClusterReport(state: PullMemberState): Omit<ClusterReport, 'taints'> {
  return { name: state.cluster, status: state.status, agent: summary(state) };
}

function reportedItem(cluster: string, reported: ReportedObject): AggregatedStatusItem {
  return {
    clusterName: cluster,
    applied: reported.applied,
    ...(reported.appliedMessage !== undefined ? { appliedMessage: reported.appliedMessage } : {}),
    health: reported.health,
    ...(reported.status !== undefined ? { status: reported.status } : {}),
  };
}

const reportedById = new WeakMap<readonly ReportedObject[], Map<string, ReportedObject>>();

/** The reported object with id `id`, through an index built once per report (a Work may hold thousands). */
function reportedObject(objects: readonly ReportedObject[], id: string): ReportedObject | undefined {
  let index = reportedById.get(objects);
  if (index === undefined) {
    index = new Map();
    for (const o of objects) {
      const key = objectId(o);
      if (!index.has(key)) index.set(key, o);
    }
    reportedById.set(objects, index);
  }
  return index.get(id);
}

/** The status item of one manifest of a Pull member's Work, from its agent's report. */
export function pullItem(state: PullMemberState, item: WorkItem): AggregatedStatusItem {
  const cluster = state.cluster;
  const report = state.report;
  if (report === undefined)
    return {
      clusterName: cluster,
      applied: false,
      appliedMessage: `no report from the agent of ${cluster}`,
      health: 'Unknown',
    };
  const id = objectId(refOf(item.manifest));
  const reported = reportedObject(report.objects, id);
  // A failure the agent reported is worth more than "waiting": it is why the version is not there.
  if (reported && (reported.digest === workDigest(item.manifest) || (!reported.applied && reported.action)))
    return reportedItem(cluster, reported);
  // The works commit, not only the source commit: one source commit has a new Work whenever scheduling moves.
  const work = report.work;
  const at = work
    ? ` (it last applied works commit ${work.worksCommit.slice(0, 12)}, of source commit ${work.sourceCommit.slice(0, 12)})`
    : '';
  return {
    clusterName: cluster,
    applied: false,
    appliedMessage: `waiting for the agent of ${cluster} to apply this version${at}`,
    health: 'Unknown',
  };
}

/** The Pull channel's observer of `clusters` (this replica's Pull members), their state at `now`. */
export function pullObserver(
  clusters: readonly Cluster[],
  reports: AgentReports | undefined,
  previous: ReadonlyMap<string, ClusterStatus>,
  now: number,
): MemberObserver {
  const states = pullStates(clusters, reports, previous, now);
  return {
    members: [...states.keys()],
    cluster: async (name) => {
      const state = states.get(name);
      if (state === undefined) throw new Error(`cluster ${name} is not a Pull member`);
      return pullClusterReport(state);
    },
    async observe(works: Works) {
      const reported = new Map<string, AggregatedStatusItem[]>();
      for (const [cluster, items] of works) {
        const state = states.get(cluster);
        if (state !== undefined)
          for (const item of items) pushTo(reported, refKey(item.template), pullItem(state, item));
      }
      return { observations: new Map(), reported };
    },
  };
}
