/**
 * Pull mode (docs/karmada-compatibility.md#pull-mode): a Cluster with `spec.syncMode: Pull` is never
 * contacted by the hub. The hub commits its Work to the works branch (`<cluster>/work.json` beside
 * the manifests); `flotilla agent` inside the member applies it and publishes its report to a ref of
 * its own. These are the shapes both sides read and write.
 */
import type { TenantGrant } from './tenant.ts';
import { compareBytes } from './identity.ts';
import type { ObjectRef } from './identity.ts';
import type { PolicyRef } from './binding.ts';
import type { Cluster, ClusterStatus, HealthState } from './karmada.ts';

/** The works branch when flotilla.yaml names none (`worksBranch`). */
export const DEFAULT_WORKS_BRANCH = 'works';

/**
 * On a Pull Cluster: how long its agent may go without a heartbeat before the member is NotReady
 * (a duration, `90s`, `5m`). Absent: three of the heartbeat intervals its agent reports.
 */
export const HEARTBEAT_GRACE_ANNOTATION = 'flotilla.io/heartbeat-grace';

/** A missing heartbeat grace is this many of the agent's heartbeat intervals. */
export const HEARTBEAT_GRACE_INTERVALS = 3;

/**
 * The longest heartbeat interval a report may claim (`agent --heartbeat`): one hour. A report claiming more is
 * refused with the field named, so a report cannot keep a member without an agent Ready for years.
 */
export const MAX_HEARTBEAT_SECONDS = 3600;

/** The largest `report.json` the hub reads (4 MiB): a report is a few KiB per hundred objects. */
export const MAX_REPORT_BYTES = 4 * 1024 * 1024;

/** Whether the hub leaves the member to its agent. */
export function isPullMember(cluster: Cluster): boolean {
  return cluster.spec.syncMode === 'Pull';
}

/** The names of the Pull members among `clusters`, in byte order. */
export function pullMemberNames(clusters: readonly { object: Cluster }[]): string[] {
  return clusters
    .filter((c) => isPullMember(c.object))
    .map((c) => c.object.metadata.name)
    .sort(compareBytes);
}

/**
 * The branch one agent publishes its report to: one ref per agent, so agents never race with each
 * other, and under `refs/heads/` so that every git host accepts the push.
 */
export function agentBranch(cluster: string): string {
  return `flotilla/agents/${cluster}`;
}

/** What work.json says about prune for the source commit it was rendered from (the hub's PruneSettings). */
export interface WorkPrune {
  /** Whether the agent may delete anything in this round: `enabled` and no source errors. */
  allowed: boolean;
  enabled: boolean;
  sourceHasErrors: boolean;
  maxFraction: number;
  allowMassPrune: boolean;
}

/** One object of a Pull member's Work, in apply order. */
export interface WorkObject {
  /** The manifest's path inside the cluster's folder: `<namespace or _cluster>/<group>.<kind>.<name>.yaml`. */
  file: string;
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
  /** The desired digest the inventory records (apply's `desiredDigest`). */
  digest: string;
  template: ObjectRef;
  policy: PolicyRef | null;
  /** Karmada's suspendDispatching: kept in the Work, neither applied nor pruned. */
  suspended: boolean;
  preserveOnDeletion: boolean;
  /** The tenant owning its template (docs/deploy.md#tenants); absent for the platform's. */
  tenant?: string;
}

/** A template whose copy in the member is neither applied nor pruned although the Work lacks it (failover's hold). */
export interface KeptCopy {
  /** The template's refKey, as the copy's `flotilla.io/template` annotation names it. */
  template: string;
  reason: string;
}

/** `<cluster>/work.json` on the works branch. */
export interface WorkDocument {
  cluster: string;
  /** The source commit that last changed this cluster's Work. */
  sourceCommit: string;
  prune: WorkPrune;
  objects: WorkObject[];
  keptCopies: KeptCopy[];
  /** The file of the repository's ResourceInterpreterCustomizations, when it has any. */
  customizations?: string;
  /** The grants of the tenants its objects name, which the agent holds each manifest to. */
  tenants?: Record<string, TenantGrant>;
}

/** One object as the agent last saw it. */
export interface ReportedObject {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
  /** The digest the agent applied (its inventory's); absent when it never applied this object. */
  digest?: string;
  /** What the agent's last apply did (`created`, `configured`, `unchanged`, `failed`, …). */
  action?: string;
  /** The template the member's copy names (`flotilla.io/template`), when it has one. */
  template?: string;
  applied: boolean;
  appliedMessage?: string;
  health: HealthState;
  status?: Record<string, unknown>;
}

/** One object the agent's last prune considered. */
export interface ReportedPrune {
  apiVersion: string;
  kind: string;
  namespace: string;
  name: string;
  action: 'deleted' | 'skipped' | 'failed';
  message?: string;
}

/** `report.json` on an agent's branch: its heartbeat, what it applied, and its cluster as it observes it. */
export interface AgentReport {
  cluster: string;
  /** RFC 3339: when the agent published this report. */
  heartbeat: string;
  /** How often the agent publishes even when nothing changed. */
  heartbeatSeconds: number;
  /** The agent process (`host/pid/flotilla agent`). */
  holder: string;
  /** The Work it last applied: the works commit, the source commit, the blob id of its work.json. */
  work?: { worksCommit: string; sourceCommit: string; blob: string };
  /** Why its last round did not apply (no Work for it yet, an unreadable work.json, an unreachable API server). */
  error?: string;
  /** Karmada's cluster status, as the hub's status step computes it for a Push member. */
  clusterStatus: ClusterStatus;
  objects: ReportedObject[];
  pruned: ReportedPrune[];
  /** Why its last round pruned nothing (prune off, source errors, mass prune). */
  pruneBlocked?: { reason: string; message: string };
}
