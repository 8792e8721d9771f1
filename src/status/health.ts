import type { HealthState } from '../model/index.ts';

/**
 * Health from best to worst (one explicit order). Unknown sits between: a
 * member that has not reported yet is better than one that reported a failure, worse than one
 * that reported success.
 */
export const HEALTH_ORDER: readonly HealthState[] = ['Healthy', 'Unknown', 'Unhealthy'];

/** The worst of `states`; `Unknown` when there are none (nothing has reported). */
export function worstHealth(states: Iterable<HealthState>): HealthState {
  let worst = -1;
  for (const state of states) worst = Math.max(worst, HEALTH_ORDER.indexOf(state));
  return HEALTH_ORDER[worst] ?? 'Unknown';
}
