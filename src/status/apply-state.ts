import type { KubeObject } from '../model/index.ts';
import type { ObjectOutcome } from '../apply/index.ts';
import type { MemberObservation } from './member-item.ts';

/**
 * Karmada's Work Applied condition from the apply outcome of one manifest: the status step's for a
 * Push member, an agent's for its own cluster.
 */
export function applyState(
  outcome: ObjectOutcome | undefined,
  clusterError: Error | undefined,
  observed: KubeObject | undefined,
): Pick<MemberObservation, 'applied' | 'appliedMessage'> {
  if (clusterError) return { applied: false, appliedMessage: clusterError.message };
  switch (outcome?.action) {
    case 'created':
    case 'configured':
    case 'unchanged':
      return { applied: true };
    case 'conflict':
    case 'failed':
      return { applied: false, appliedMessage: outcome.error?.message ?? outcome.action };
    case 'suspended':
      return observed ? { applied: true } : { applied: false, appliedMessage: 'dispatching is suspended' };
    case 'skipped':
      return { applied: false, appliedMessage: 'skipped: an earlier apply stage failed' };
    default:
      return { applied: false, appliedMessage: 'not applied in this pass' };
  }
}
