import type { Cluster, Taint } from '../model/index.ts';

/** Taint key Karmada's cluster controller sets while the Ready condition is False. */
export const TAINT_CLUSTER_NOT_READY = 'cluster.karmada.io/not-ready';
/** Taint key Karmada's cluster controller sets while the Ready condition is Unknown. */
export const TAINT_CLUSTER_UNREACHABLE = 'cluster.karmada.io/unreachable';

/**
 * The taints Karmada's cluster controller would add for the cluster's Ready condition
 * (pkg/controllers/cluster/cluster_controller.go, docs/karmada-compatibility.md#clusters): `not-ready:NoSchedule` for
 * Ready=False, `unreachable:NoSchedule` for Ready=Unknown, none otherwise. A cluster without a
 * Ready condition counts as Ready (README.md#flotilla-plan: offline default).
 */
export function readinessTaints(cluster: Cluster): Taint[] {
  const ready = cluster.status?.conditions?.find((c) => c.type === 'Ready');
  if (ready?.status === 'False') return [{ key: TAINT_CLUSTER_NOT_READY, effect: 'NoSchedule' }];
  if (ready?.status === 'Unknown') return [{ key: TAINT_CLUSTER_UNREACHABLE, effect: 'NoSchedule' }];
  return [];
}

/**
 * `spec.taints` plus the readiness taints not already there (same key and effect): what
 * Karmada's scheduler would see on the Cluster object.
 */
export function effectiveTaints(cluster: Cluster): Taint[] {
  const own = cluster.spec.taints ?? [];
  const extra = readinessTaints(cluster).filter((t) => !own.some((o) => o.key === t.key && o.effect === t.effect));
  return extra.length === 0 ? own : [...own, ...extra];
}
