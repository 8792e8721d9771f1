import type { ClusterStatus, HealthState, NodeObservation, Taint } from '../model/index.ts';
import { isClusterReady } from './cluster-status.ts';
import type { FederatedQuotaReport } from './federated-quota-status.ts';
import type { SectionRecords } from './record-section.ts';
import type { TemplateStatus } from './status-types.ts';

/** What the status branch records of a Pull member's agent (docs/karmada-compatibility.md#pull-mode). */
export interface AgentSummary {
  /** RFC 3339 time of its last heartbeat; absent when it never reported. */
  lastHeartbeat?: string;
  heartbeatSeconds?: number;
  /** How long it may stay silent before the member is NotReady. */
  graceSeconds: number;
  /** The Work it last applied. */
  worksCommit?: string;
  sourceCommit?: string;
  /** Why its branch gave no report, or why its last round applied nothing. */
  problem?: string;
}

/** One member cluster as the status branch records it. */
export interface ClusterReport {
  name: string;
  /** The NoExecute taints the run loop added to fail the member over (controllers/failover/failover-view.ts); absent when none. */
  taints?: Taint[];
  status: ClusterStatus;
  /** Set for a Pull member: its agent as last heard from. */
  agent?: AgentSummary;
  /** What its last apply could not prune, with why (files/held-back.ts); absent when nothing. */
  heldBackPrunes?: string[];
  /** A Push member's nodes and pods as observed this pass, for the next pass's estimator and descheduler; never written. */
  observedNodes?: NodeObservation;
}

/** Everything one pass writes to the status branch. */
export interface StatusReport {
  /** The source commit the pass reconciled. */
  sourceCommit: string;
  /** When the pass ran (ISO 8601), from the caller's clock. */
  reconciledAt: string;
  clusters: ClusterReport[];
  templates: TemplateStatus[];
  /** The FederatedResourceQuotas' status; absent when the fleet has none. */
  quotas?: FederatedQuotaReport[];
  /** The controllers' records by section name (record-section.ts); absent or empty when none has any. */
  records?: SectionRecords;
  /** The kustomizations rendered and kustomize's and helm's versions; absent when the fleet has none. */
  render?: {
    tools: { kustomize: string; helm?: string } | null;
    roots: { file: string; outcome: string }[];
  };
}

/** The counts `summary.json` and STATUS.md lead with. */
export interface StatusCounts {
  templates: number;
  healthy: number;
  unhealthy: number;
  unknown: number;
  clusters: number;
  readyClusters: number;
}

/** Templates per health and clusters per readiness. */
export function statusCounts(report: Pick<StatusReport, 'clusters' | 'templates'>): StatusCounts {
  const by = (h: HealthState) => report.templates.filter((t) => t.health === h).length;
  return {
    templates: report.templates.length,
    healthy: by('Healthy'),
    unhealthy: by('Unhealthy'),
    unknown: by('Unknown'),
    clusters: report.clusters.length,
    readyClusters: report.clusters.filter((c) => isClusterReady(c.status)).length,
  };
}

/** The first line of a status commit: what the fleet looks like, in one line. */
export function commitSubject(report: StatusReport): string {
  const c = statusCounts(report);
  const parts = [`${c.healthy}/${c.templates} templates healthy`];
  if (c.unhealthy > 0) parts.push(`${c.unhealthy} unhealthy`);
  if (c.unknown > 0) parts.push(`${c.unknown} unknown`);
  parts.push(`${c.readyClusters}/${c.clusters} clusters ready`);
  return `Status of ${report.sourceCommit.slice(0, 12)}: ${parts.join(', ')}`;
}

/** The commit message: the summary line, then the `Source-Commit:` trailer (README.md#flotilla-status). */
export function commitMessage(report: StatusReport): string {
  return `${commitSubject(report)}\n\nSource-Commit: ${report.sourceCommit}\n`;
}
