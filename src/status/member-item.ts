import type { AggregatedStatusItem, HealthState, KubeObject } from '../model/index.ts';
import type { ResourceInterpreter } from '../interpreter/index.ts';

/** What one member cluster says about one applied manifest. */
export interface MemberObservation {
  clusterName: string;
  /** Whether the apply of this manifest succeeded (Karmada's Work condition Applied). */
  applied: boolean;
  /** Why the apply failed; kept only when `applied` is false. */
  appliedMessage?: string;
  /** The member object as last read; absent when it could not be read yet. */
  observed?: KubeObject;
}

/**
 * Karmada's health for a member object (docs/karmada-compatibility.md#member-status-and-health): no interpreter →
 * Healthy, error → Unknown.
 */
function healthOf(observed: KubeObject, interpreter: ResourceInterpreter): HealthState {
  try {
    return interpreter.interpretHealth(observed) ? 'Healthy' : 'Unhealthy';
  } catch {
    return 'Unknown';
  }
}

/** ReflectStatus; a failing script leaves the item without status, as Karmada skips the update. */
function statusOf(observed: KubeObject, interpreter: ResourceInterpreter): Record<string, unknown> | undefined {
  try {
    return interpreter.reflectStatus(observed);
  } catch {
    return undefined;
  }
}

/**
 * One AggregatedStatusItem exactly as Karmada's binding status controller builds it (
 * docs/karmada-compatibility.md#member-status-and-health): not applied → `{applied: false, appliedMessage, health:
 * Unknown}`; applied with no member object read yet → `{applied: true, health: Unknown}`; otherwise the reflected
 * status and the interpreted health of the member object.
 */
export function memberStatusItem(
  observation: MemberObservation,
  interpreter: ResourceInterpreter,
): AggregatedStatusItem {
  const { clusterName } = observation;
  if (!observation.applied) {
    return {
      clusterName,
      applied: false,
      ...(observation.appliedMessage ? { appliedMessage: observation.appliedMessage } : {}),
      health: 'Unknown',
    };
  }
  if (observation.observed === undefined) return { clusterName, applied: true, health: 'Unknown' };
  const status = statusOf(observation.observed, interpreter);
  return {
    clusterName,
    applied: true,
    ...(status ? { status } : {}),
    health: healthOf(observation.observed, interpreter),
  };
}
