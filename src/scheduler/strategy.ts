import type { Placement } from '../model/index.ts';

/** How replicas are assigned (pkg/scheduler/core/assignment.go strategy names). */
export type Strategy = 'Duplicated' | 'Aggregated' | 'StaticWeight' | 'DynamicWeight';

/**
 * Karmada's newAssignState (docs/karmada-compatibility.md#placement). Returns undefined for the
 * combinations Karmada rejects as "unsupported replica scheduling strategy" (Divided without a
 * division preference, or no type at all), which the webhook/CRD defaults normally prevent.
 */
export function resolveStrategy(placement: Placement): Strategy | undefined {
  const rs = placement.replicaScheduling;
  if (!rs) return 'Duplicated';
  if (rs.replicaSchedulingType === 'Duplicated') return 'Duplicated';
  if (rs.replicaSchedulingType !== 'Divided') return undefined;
  switch (rs.replicaDivisionPreference) {
    case 'Aggregated':
      return 'Aggregated';
    case 'Weighted':
      return rs.weightPreference?.dynamicWeight ? 'DynamicWeight' : 'StaticWeight';
    default:
      return undefined;
  }
}

/** The error text Karmada gives for an unresolvable strategy (pkg/scheduler/core/common.go). */
export function unsupportedStrategyMessage(placement: Placement): string {
  const rs = placement.replicaScheduling;
  return (
    `unsupported replica scheduling strategy, replicaSchedulingType: ${rs?.replicaSchedulingType ?? ''}, ` +
    `replicaDivisionPreference: ${rs?.replicaDivisionPreference ?? ''}, please try another scheduling strategy`
  );
}
