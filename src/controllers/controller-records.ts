/**
 * What the run loop's controllers record on the status branch, one field per controller
 * (src/controllers/): written by the status step, read back by `plan`, `apply` and a restarted
 * `run`. A new controller adds its field here, with its part of the documents it writes to.
 */
import { emptyFailoverView, failoverOfTree, recordedFailover } from './failover-view.ts';
import type { FailoverView } from './failover-view.ts';
import type { ParsedStatusTree } from './files/parse-status-tree.ts';
import type { StatusReport } from './status-report.ts';
import type { SearchCacheRecord } from './search-cache-record.ts';
import type { TaintPolicyRecord } from './taint-policy-record.ts';
import { emptyAutoscalingRecord, multiClusterServiceKey } from '../model/index.ts';
import type { AutoscalingRecord, RecordedMultiClusterService, RecordedRebalancer } from '../model/index.ts';

/** Every controller's record, by controller name. */
export interface ControllerRecords {
  /** Failed-over members' taints, eviction tasks and first-unhealthy times. */
  failover: FailoverView;
  /** The taints ClusterTaintPolicies added, by member; read back, every taint of the cluster documents. */
  taintPolicy: TaintPolicyRecord;
  /** The WorkloadRebalancers' statuses, by name. */
  rebalancers: ReadonlyMap<string, RecordedRebalancer>;
  /** The search cache per ResourceRegistry, for people: nothing reads it back to decide anything. */
  searchCache: SearchCacheRecord;
  /** The FederatedHPAs' and CronFederatedHPAs' statuses and the scaled workloads' counts. */
  autoscaling: AutoscalingRecord;
  /** The multi-cluster services' providers, consumers and endpoint counts, by `<kind>/<namespace>/<name>`. */
  multiClusterServices: ReadonlyMap<string, RecordedMultiClusterService>;
}

const byKey = (list: readonly RecordedMultiClusterService[] | undefined) =>
  new Map((list ?? []).map((r) => [multiClusterServiceKey(r), r]));

/** Nothing recorded: what a fleet without a status branch starts from. */
export function emptyControllerRecords(): ControllerRecords {
  return {
    failover: emptyFailoverView(),
    taintPolicy: new Map(),
    rebalancers: new Map(),
    searchCache: [],
    autoscaling: emptyAutoscalingRecord(),
    multiClusterServices: new Map(),
  };
}

/** The parts of a tree or a report that hold the controllers' own records (their files), alike in both. */
type OwnRecords = Pick<ParsedStatusTree, 'rebalancers' | 'registries' | 'autoscaling' | 'multiClusterServices'>;

function recordsWith(failover: FailoverView, own: OwnRecords): ControllerRecords {
  return {
    failover,
    taintPolicy: failover.taints,
    rebalancers: new Map((own.rebalancers ?? []).map((r) => [r.name, r])),
    searchCache: own.registries ?? [],
    autoscaling: own.autoscaling ?? emptyAutoscalingRecord(),
    multiClusterServices: byKey(own.multiClusterServices),
  };
}

/** The records a status branch tree holds. */
export function controllerRecordsOfTree(
  tree: Pick<ParsedStatusTree, 'clusters' | 'placements'> & OwnRecords,
): ControllerRecords {
  return recordsWith(failoverOfTree(tree), tree);
}

/**
 * The records a status report just written holds, every template listed: with shards, what the
 * owners of other replicas' members decided, for the loop to adopt.
 */
export function controllerRecordsOfReport(
  report: Pick<StatusReport, 'clusters' | 'templates'> & OwnRecords,
): ControllerRecords {
  return recordsWith(recordedFailover(report), report);
}
