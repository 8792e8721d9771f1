/**
 * What the run loop's controllers record on the status branch, one field per controller
 * (src/controllers/): written by the status step, read back by `plan`, `apply` and a restarted
 * `run`. A new controller adds its field here, with its part of the documents it writes to.
 */
import { emptyFailoverView, failoverOfTree, recordedFailover } from './failover-view.ts';
import type { FailoverView } from './failover-view.ts';
import type { ParsedStatusTree } from './files/parse-status-tree.ts';
import type { StatusReport } from './status-report.ts';
import type { TaintPolicyRecord } from './taint-policy-record.ts';

/** Every controller's record, by controller name. */
export interface ControllerRecords {
  /** Failed-over members' taints, eviction tasks and first-unhealthy times. */
  failover: FailoverView;
  /** The taints ClusterTaintPolicies added, by member; read back, every taint of the cluster documents. */
  taintPolicy: TaintPolicyRecord;
}

/** Nothing recorded: what a fleet without a status branch starts from. */
export function emptyControllerRecords(): ControllerRecords {
  return { failover: emptyFailoverView(), taintPolicy: new Map() };
}

/** The records a status branch tree holds. */
export function controllerRecordsOfTree(tree: Pick<ParsedStatusTree, 'clusters' | 'placements'>): ControllerRecords {
  const failover = failoverOfTree(tree);
  return { failover, taintPolicy: failover.taints };
}

/**
 * The records a status report just written holds, every template listed: with shards, what the
 * owners of other replicas' members decided, for the loop to adopt.
 */
export function controllerRecordsOfReport(report: Pick<StatusReport, 'clusters' | 'templates'>): ControllerRecords {
  const failover = recordedFailover(report);
  return { failover, taintPolicy: failover.taints };
}
