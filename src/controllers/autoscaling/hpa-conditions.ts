/**
 * A FederatedHPA's conditions, set as Kubernetes' HPA sets them: one per type, in the order each
 * type was first set, replaced in place. Transition times are left out (the status branch writes
 * none, so an unchanged status is unchanged bytes). Pure.
 */
import type { HPACondition, HPAConditionType } from '../../model/index.ts';

export function setCondition(
  conditions: readonly HPACondition[],
  type: HPAConditionType,
  status: HPACondition['status'],
  reason: string,
  message: string,
): HPACondition[] {
  const next: HPACondition = { type, status, reason, message };
  const i = conditions.findIndex((c) => c.type === type);
  return i < 0 ? [...conditions, next] : conditions.map((c, j) => (j === i ? next : c));
}

/** The ScalingActive condition of a metric that could not be computed. */
export function unableToCompute(reason: string, error: string): HPACondition {
  return {
    type: 'ScalingActive',
    status: 'False',
    reason,
    message: `the HPA was unable to compute the replica count: ${error}`,
  };
}
