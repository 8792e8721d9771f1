import type { Taint, Toleration } from '../model/index.ts';

/**
 * core/v1 Toleration.ToleratesTaint: effect, key, then operator Equal (also when absent or empty)
 * or Exists; any other operator tolerates nothing. With Exists a value is not compared.
 */
export function toleratesTaint(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator || 'Equal') {
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/**
 * The first NoSchedule or NoExecute taint no toleration tolerates (component-helpers'
 * FindMatchingUntoleratedTaint with Karmada's filter predicate), or undefined. tolerationSeconds
 * does not matter here: it only delays eviction of already placed workloads
 * (docs/karmada-compatibility.md#failover-and-eviction).
 */
export function findUntoleratedTaint(taints: readonly Taint[], tolerations: readonly Toleration[]): Taint | undefined {
  return taints.find(
    (taint) =>
      (taint.effect === 'NoSchedule' || taint.effect === 'NoExecute') &&
      !tolerations.some((t) => toleratesTaint(t, taint)),
  );
}

/** core/v1 Taint.ToString: `key=value:effect`, or `key:effect` without a value. */
export function formatTaint(taint: Taint): string {
  return taint.value ? `${taint.key}=${taint.value}:${taint.effect}` : `${taint.key}:${taint.effect}`;
}
