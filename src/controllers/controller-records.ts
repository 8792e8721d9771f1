/**
 * What the run loop's controllers record on the status branch: written by the status step, read
 * back by `plan`, `apply` and a restarted `run`. Failover and the taint policies record fields of
 * the cluster and binding documents (controllers/failover/failover-view.ts); every other controller a folder of
 * its own, through the record section its registration carries (registry.ts).
 */
import type { AgentSummary, RecordSection, SectionRecords } from '../status/index.ts';
import type { FailoverView } from './failover/failover-view.ts';

/**
 * Every registered controller's record, keyed by its registration's name. Each controller's folder
 * adds its own key by declaration merging (`declare module '../controller-records.ts'`), and its
 * registration's `empty` gives the record a fleet without a status branch starts from (registry.ts
 * checks that every key has one), so adding a controller touches no file outside its folder.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one key per controller folder.
export interface ControllerRecords {}

/** A registration's record section: its files, and how its record comes from and goes back to the controller records. */
export interface ControllerRecordSection<R = unknown> extends RecordSection<R> {
  /**
   * What the status step writes of a pass's records; `undefined` when there is nothing to write.
   * `sharded`: replicas share the fleet (`run --shards`), each writing the same sections. Absent:
   * its record is fields of the fleet's documents (`fields`).
   */
  written?(records: ControllerRecords, sharded: boolean): R | undefined;
  /** Its part of the controller records, from its record as the branch holds it (`undefined`: none). */
  restored?(record: R | undefined): Partial<ControllerRecords>;
  /** Its part of `flotilla status` as text: a heading and its lines; no lines or absent, nothing is shown. */
  statusLines?(record: R): { title: string; lines: string[] };
  /**
   * Its field of `flotilla status -o json|yaml`, and the value given when the branch holds no record
   * of it (`empty` absent: the field is then left out); absent: not in the document.
   */
  statusField?: { name: string; empty?: unknown };
}

/** The controller records of failover's view, the Pull members' agents and the sections' records as read back. */
export function controllerRecordsOf(
  empty: ControllerRecords,
  failover: FailoverView,
  own: SectionRecords,
  sections: readonly ControllerRecordSection[],
  pullMembers: ReadonlyMap<string, AgentSummary> = new Map(),
): ControllerRecords {
  const records: ControllerRecords = {
    ...empty,
    failover,
    'taint-policy': failover.taints,
    'pull-members': pullMembers,
  };
  for (const section of sections) Object.assign(records, section.restored?.(own[section.name]));
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
    const record = section.written?.(records, sharded);
    if (record !== undefined) out[section.name] = record;
  }
  return out;
}
