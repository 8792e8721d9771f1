import { refKey } from '../../model/index.ts';
import type { ClusterStatus, PolicyRef } from '../../model/index.ts';
import type { PreviousSchedule } from '../../render/index.ts';
import type { OpenSourceOptions } from '../../source/index.ts';
import { controllerRecordsOfTree, emptyControllerRecords, RECORD_SECTIONS } from '../../controllers/index.ts';
import type { ControllerRecords } from '../../controllers/index.ts';
import { openStatusStore, readStatusBranch, type StatusBranchView } from '../../status/index.ts';

/** What the last pass left on the status branch that the next plan needs (README.md#flotilla-plan). */
export interface PlanningFeedback {
  /** Scheduling results by template refKey: Karmada's stable rescheduling builds on them. */
  previousSchedules: Map<string, PreviousSchedule>;
  /** The last cluster snapshot by name: what an offline plan knows of the clusters. */
  observedClusters: Map<string, ClusterStatus>;
  /** The policy that claimed each template, by refKey: Karmada's claims are sticky. */
  previousClaims: Map<string, PolicyRef>;
  /**
   * The controllers' records as last written: what a restarted loop resumes from, and what `plan` and `apply` replay
   * (docs/karmada-compatibility.md#failover-clocks-on-the-status-branch).
   */
  records: ControllerRecords;
  /** Parts of the status branch that were ignored, and why. */
  warnings: string[];
  /** The status commit read; absent when there is no status branch yet. */
  statusCommit?: string;
}

/** Turns the status branch's content into planning inputs; no branch gives empty ones. */
export function feedbackFromStatus(view: StatusBranchView | undefined): PlanningFeedback {
  const feedback: PlanningFeedback = {
    previousSchedules: new Map(),
    observedClusters: new Map(),
    previousClaims: new Map(),
    records: emptyControllerRecords(),
    warnings: [],
  };
  if (view === undefined) return feedback;
  feedback.statusCommit = view.commit;
  feedback.warnings = view.warnings;
  feedback.records = controllerRecordsOfTree(view);
  for (const cluster of view.clusters) feedback.observedClusters.set(cluster.name, cluster.status);
  for (const t of view.placements) {
    if (t.policy === null) continue;
    const key = refKey(t.resource);
    feedback.previousClaims.set(key, t.policy);
    // A recorded eviction keeps its member out for every command, not only for the loop that made it.
    const evicted = [...new Set((t.gracefulEvictionTasks ?? []).map((task) => task.fromCluster))];
    feedback.previousSchedules.set(key, {
      clusters: t.clusters,
      ...(t.affinityName ? { affinityName: t.affinityName } : {}),
      ...(t.appliedPlacement !== undefined ? { appliedPlacement: t.appliedPlacement } : {}),
      ...(evicted.length > 0 ? { evictedClusters: evicted } : {}),
    });
  }
  return feedback;
}

/** Reads the planning feedback from the status branch of the repository `source` names. */
export async function readPlanningFeedback(source: OpenSourceOptions, branch: string): Promise<PlanningFeedback> {
  const { store } = await openStatusStore(source, branch);
  return feedbackFromStatus(await readStatusBranch(store, RECORD_SECTIONS, { branch, templates: 'placement' }));
}
