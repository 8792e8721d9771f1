/**
 * What the run loop knows of each member's health between passes (docs/karmada-compatibility.md#clusters,
 * #failover-clocks-on-the-status-branch): the last probe and since when the member has been failing. A failed-over
 * member's NoExecute taint on the status branch records both (its key the probe, its timeAdded the start of the
 * streak), so a restarted process resumes it as failed over, until a probe says otherwise. A member still
 * within its grace period has no taint yet: a restart starts its streak again, which errs on the
 * side of not moving workloads. Pure; time is passed in.
 */
import { parseRfc3339 } from '../../model/index.ts';
import type { Cluster, ClusterStatus, Condition, Taint } from '../../model/index.ts';
import { TAINT_CLUSTER_NOT_READY, TAINT_CLUSTER_UNREACHABLE } from '../../scheduler/index.ts';
import { READY_CONDITIONS } from '../../status/index.ts';

/** One probe: the API server answered `/readyz` 200 (`ready`), answered otherwise (`not-ready`), or not at all. */
export type ProbeResult = 'ready' | 'not-ready' | 'unreachable';

/** A member's health as the loop tracks it. */
export interface MemberHealth {
  last: ProbeResult;
  /** Milliseconds (injected clock) of the first failed probe of the current failing streak. */
  failingSince?: number;
  /**
   * Read back from the status branch and not yet confirmed by a probe of this process (or its agent's report): a
   * starting point, not an order. A stale or forged taint must not evict a healthy member before anyone looked.
   */
  restored?: true;
}

/** The health after one more probe: a failing streak keeps its start; a ready probe ends it. */
export function nextHealth(previous: MemberHealth | undefined, probe: ProbeResult, now: number): MemberHealth {
  if (probe === 'ready') return { last: 'ready' };
  return { last: probe, failingSince: previous?.failingSince ?? now };
}

/**
 * Whether a member has been failing for at least `graceMs` (Karmada's cluster-failure-threshold); a restored failure
 * counts only once this process has seen the member fail too.
 */
export function failedOver(health: MemberHealth | undefined, now: number, graceMs: number): boolean {
  return health?.failingSince !== undefined && !health.restored && now - health.failingSince >= graceMs;
}

const READY_FALSE: Record<Exclude<ProbeResult, 'ready'>, Condition> = {
  'not-ready': READY_CONDITIONS.unhealthy,
  // Unknown, not False: the probe had no answer at all.
  unreachable: { ...READY_CONDITIONS.unreachable, status: 'Unknown' },
};

/**
 * The status a failed-over member is scheduled with: what was known of it (declared or observed)
 * with its Ready condition set to False (answered, not ready) or Unknown (no answer). The
 * scheduler then adds Karmada's `not-ready` / `unreachable` NoSchedule taint itself.
 */
export function failedStatus(known: ClusterStatus | undefined, probe: Exclude<ProbeResult, 'ready'>): ClusterStatus {
  const conditions = (known?.conditions ?? []).filter((c) => c.type !== 'Ready');
  return { ...known, conditions: [...conditions, READY_FALSE[probe]] };
}

/** A status with its Ready condition True (a member whose probe answers again). */
export function readyStatus(known: ClusterStatus): ClusterStatus {
  const conditions = known.conditions ?? [];
  if (conditions.every((c) => c.type !== 'Ready' || c.status === 'True')) return known;
  return { ...known, conditions: conditions.map((c) => (c.type === 'Ready' ? READY_CONDITIONS.ready : c)) };
}

/** The NoExecute taint Karmada's cluster controller adds to a failed member (failover enabled). */
export function noExecuteTaint(probe: Exclude<ProbeResult, 'ready'>, since: number): Taint {
  return {
    key: probe === 'unreachable' ? TAINT_CLUSTER_UNREACHABLE : TAINT_CLUSTER_NOT_READY,
    effect: 'NoExecute',
    timeAdded: new Date(since).toISOString(),
  };
}

/**
 * The health a {@link noExecuteTaint} stands for: failing since the time it was added, the probe
 * its key names. `undefined` for any other taint, or one without a readable time.
 */
export function healthFromTaint(taint: Taint): MemberHealth | undefined {
  if (taint.effect !== 'NoExecute' || taint.timeAdded === undefined) return undefined;
  const last =
    taint.key === TAINT_CLUSTER_UNREACHABLE
      ? 'unreachable'
      : taint.key === TAINT_CLUSTER_NOT_READY
        ? 'not-ready'
        : undefined;
  const since = parseRfc3339(taint.timeAdded);
  return last === undefined || since === undefined ? undefined : { last, failingSince: since };
}

/** The member with the NoExecute taint of its failure added to `spec.taints` (once). */
export function taintedCluster(cluster: Cluster, taint: Taint): Cluster {
  const own = cluster.spec.taints ?? [];
  if (own.some((t) => t.key === taint.key && t.effect === taint.effect)) return cluster;
  return { ...cluster, spec: { ...cluster.spec, taints: [...own, taint] } };
}
