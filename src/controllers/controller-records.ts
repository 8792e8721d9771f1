/**
 * What the run loop's controllers record on the status branch: written by the status step, read
 * back by `plan`, `apply` and a restarted `run`. Failover and the taint policies record fields of
 * the cluster and binding documents (controllers/failover/failover-view.ts); every other controller a folder of
 * its own, through the record section its registration carries (registry.ts).
 */
import { emptyAutoscalingRecord } from '../model/index.ts';
import type { AutoscalingRecord, RecordedMultiClusterService, RecordedRebalancer } from '../model/index.ts';
import type { AgentSummary, RecordSection, SectionRecords } from '../status/index.ts';
import { emptyFailoverView, type FailoverView } from './failover/failover-view.ts';
import type { TaintPolicyRecord } from './taint-policy/taint-policy-record.ts';
import type { SearchCacheRecord } from './search-cache/search-cache-record.ts';

/** Every controller's record. */
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
  /** The Pull members' agents as last heard from, by member: fields of the cluster documents, as failover's. */
  pullMembers: ReadonlyMap<string, AgentSummary>;
}

/** Nothing recorded: what a fleet without a status branch starts from. */
export function emptyControllerRecords(): ControllerRecords {
  return {
    failover: emptyFailoverView(),
    taintPolicy: new Map(),
    rebalancers: new Map(),
    searchCache: [],
    autoscaling: emptyAutoscalingRecord(),
    multiClusterServices: new Map(),
    pullMembers: new Map(),
  };
}

/** A registration's record section: its files, and how its record comes from and goes back to the controller records. */
export interface ControllerRecordSection<R = unknown> extends RecordSection<R> {
  /**
   * What the status step writes of a pass's records; `undefined` when there is nothing to write.
   * `sharded`: replicas share the fleet (`run --shards`), each writing the same sections.
   */
  written(records: ControllerRecords, sharded: boolean): R | undefined;
  /** Its part of the controller records, from its record as the branch holds it (`undefined`: none). */
  restored(record: R | undefined): Partial<ControllerRecords>;
  /** Its part of `flotilla status` as text: a heading and its lines; no lines, nothing is shown. */
  statusLines(record: R): { title: string; lines: string[] };
  /**
   * Its field of `flotilla status -o json|yaml`, and the value given when the branch holds no record
   * of it (`empty` absent: the field is then left out); absent: not in the document.
   */
  statusField?: { name: string; empty?: unknown };
}

/** The controller records of failover's view, the Pull members' agents and the sections' records as read back. */
export function controllerRecordsOf(
  failover: FailoverView,
  own: SectionRecords,
  sections: readonly ControllerRecordSection[],
  pullMembers: ReadonlyMap<string, AgentSummary> = new Map(),
): ControllerRecords {
  const records: ControllerRecords = {
    ...emptyControllerRecords(),
    failover,
    taintPolicy: failover.taints,
    pullMembers,
  };
  for (const section of sections) Object.assign(records, section.restored(own[section.name]));
  return records;
}

/** The sections' records the status step writes of a pass's records. */
export function sectionRecordsOf(
  records: ControllerRecords,
  sections: readonly ControllerRecordSection[],
  sharded: boolean,
): SectionRecords {
  const out: Record<string, unknown> = {};
  for (const section of sections) {
    const record = section.written(records, sharded);
    if (record !== undefined) out[section.name] = record;
  }
  return out;
}
