/**
 * A Pull member's readiness from its agent's heartbeat (docs/karmada-compatibility.md#pull-mode), as
 * Karmada's cluster controller turns a member's Lease renewals into its Ready condition: the status
 * the agent last reported while its heartbeat is fresh; once no heartbeat came for the grace period,
 * that status with Ready set to Unknown; Unknown too for a member whose agent never reported. The
 * failover controller takes the same verdict as a probe, so a silent agent is tainted, evicted and
 * rescheduled from exactly as a Push member whose API server stops answering. Pure: time is passed in.
 */
import {
  agentBranch,
  formatFieldPath,
  HEARTBEAT_GRACE_ANNOTATION,
  HEARTBEAT_GRACE_INTERVALS,
  parseDuration,
  parseRfc3339,
} from '../../model/index.ts';
import type { AgentReport, Cluster, ClusterStatus, Condition } from '../../model/index.ts';
import type { FieldIssue } from '../../render/index.ts';
import { clusterStatus as clusterStatusSchema, walk } from '../../render/index.ts';
import type { AgentReportRead } from '../../status/index.ts';
import type { MemberReadiness } from '../controller.ts';

/**
 * The Ready conditions Karmada's cluster controller posts for a member that never reported or went
 * silent, in its words, so tools that read Karmada's Cluster read ours; the heartbeat itself is in
 * the member's agent summary on the status branch.
 */
const NEVER_UPDATED: Condition = {
  type: 'Ready',
  status: 'Unknown',
  reason: 'ClusterStatusNeverUpdated',
  message: 'Cluster status controller never posted cluster status.',
};
const STOPPED_POSTING: Condition = {
  type: 'Ready',
  status: 'Unknown',
  reason: 'ClusterStatusUnknown',
  message: 'Cluster status controller stopped posting cluster status.',
};

/** How far ahead of the hub's clock a heartbeat may be: more is a wrong clock or a forged report. */
const MAX_CLOCK_SKEW_MS = 60_000;

/** An agent's heartbeat interval when nothing says otherwise (its `--heartbeat` default). */
const DEFAULT_HEARTBEAT_SECONDS = 60;

/** A Pull member as one pass sees it. */
export interface PullMemberState {
  cluster: string;
  /** `fresh`: a heartbeat within the grace; `stale`: none since; `never`: no report at all. */
  freshness: 'fresh' | 'stale' | 'never';
  graceMs: number;
  /** What the failover controller records as this member's probe. */
  probe: MemberReadiness;
  /** The status the scheduler and the status branch see. */
  status: ClusterStatus;
  report?: AgentReport;
  /** Why the agent's branch gave no report, when it did not. */
  problem?: string;
}

/** The grace of a Cluster's annotation; `undefined` without one or with one that is not a duration (validation warns). */
function annotatedGrace(cluster: Cluster): number | undefined {
  const value = cluster.metadata.annotations?.[HEARTBEAT_GRACE_ANNOTATION];
  if (value === undefined) return undefined;
  try {
    const ms = parseDuration(value);
    return ms > 0 ? ms : undefined;
  } catch {
    return undefined;
  }
}

/** How long the member's agent may stay silent: the annotation, else three of its reported intervals. */
export function heartbeatGraceMs(cluster: Cluster, report: AgentReport | undefined): number {
  return (
    annotatedGrace(cluster) ??
    HEARTBEAT_GRACE_INTERVALS * (report?.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS) * 1000
  );
}

/** Each report's verdict: a pass judges one report twice (before the render, and in the status step). */
const checked = new WeakMap<ClusterStatus, string | undefined>();

/**
 * What is wrong with the cluster status an agent reported, checked as a Cluster file's status is, since
 * the scheduler reads both alike: one malformed report must not stop the passes of the whole fleet.
 * Fields this hub does not know are let through: a newer agent may report more.
 */
function reportedStatusProblem(status: ClusterStatus): string | undefined {
  if (checked.has(status)) return checked.get(status);
  const issues: FieldIssue[] = [];
  walk(clusterStatusSchema, status, ['clusterStatus'], issues);
  const issue = issues.find((i) => i.severity === 'error' && !i.message.startsWith('unknown field'));
  const problem = issue && `report.json: ${formatFieldPath(issue.path)}: ${issue.message}`;
  checked.set(status, problem);
  return problem;
}

function withReady(status: ClusterStatus, ready: Condition): ClusterStatus {
  return { ...status, conditions: [...(status.conditions ?? []).filter((c) => c.type !== 'Ready'), ready] };
}

function readiness(status: ClusterStatus): MemberReadiness {
  const ready = status.conditions?.find((c) => c.type === 'Ready');
  if (ready?.status === 'True') return 'ready';
  return ready?.status === 'False' ? 'not-ready' : 'unreachable';
}

/**
 * One Pull member at `now`, from what its agent's branch held (`read`) and, for a member that never
 * reported, what was last known of it (`previous`: the status branch, else the Cluster file).
 */
export function pullMemberState(
  cluster: Cluster,
  read: AgentReportRead | undefined,
  previous: ClusterStatus | undefined,
  now: number,
): PullMemberState {
  const name = cluster.metadata.name;
  const invalid = read?.report && reportedStatusProblem(read.report.clusterStatus);
  // A report whose cluster status is not one counts as no report, as one that does not parse does.
  const report = invalid ? undefined : read?.report;
  const graceMs = heartbeatGraceMs(cluster, report);
  const problem = invalid ? `${agentBranch(name)}: ${invalid}` : read?.problem;
  const beat = report ? parseRfc3339(report.heartbeat) : undefined;
  const ahead = beat === undefined ? 0 : beat - now;
  // A clock a little ahead counts as now; one far ahead would keep the member fresh until then: no report at all.
  const heartbeat = beat === undefined || ahead > MAX_CLOCK_SKEW_MS ? undefined : Math.min(beat, now);
  const skewProblem =
    ahead > MAX_CLOCK_SKEW_MS
      ? `${agentBranch(name)}: report.json: heartbeat: ${Math.round(ahead / 1000)} s ahead of the hub's clock, more than ${MAX_CLOCK_SKEW_MS / 1000} s; not counted`
      : undefined;
  if (report === undefined || heartbeat === undefined) {
    const status = withReady(previous ?? {}, NEVER_UPDATED);
    const why = problem ?? skewProblem;
    return {
      cluster: name,
      freshness: 'never',
      graceMs,
      probe: 'unreachable',
      status,
      ...(why ? { problem: why } : {}),
    };
  }
  const base = { cluster: name, graceMs, report };
  if (now < heartbeat + graceMs)
    return { ...base, freshness: 'fresh', probe: readiness(report.clusterStatus), status: report.clusterStatus };
  const reported = report.clusterStatus.conditions?.find((c) => c.type === 'Ready');
  // Karmada's cluster controller leaves a Ready condition that is Unknown already as it is.
  const status =
    reported?.status === 'Unknown' ? report.clusterStatus : withReady(report.clusterStatus, STOPPED_POSTING);
  return { ...base, freshness: 'stale', probe: 'unreachable', status };
}
