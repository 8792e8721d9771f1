/**
 * Why a member object is unhealthy in its own words: the message of the condition that says so (a Deployment's
 * `ReplicaFailure` "exceeded quota: shop-quota", a Job's `Failed`, an `Available` or `Ready` that is False). The
 * reflected status Karmada keeps has counters only, so this is read from the live object. Pure.
 */
import { isRecord } from '../model/index.ts';
import type { KubeObject } from '../model/index.ts';

/** Condition types whose True means trouble; any other type means trouble when False. */
const NEGATIVE = /(Failure|Failed|Pressure|Unavailable)$/;

/** `Type: message` of the first condition reporting trouble with a message, the failures first; none when none does. */
export function unhealthyReason(observed: KubeObject): string | undefined {
  const status = observed['status'];
  const conditions = isRecord(status) && Array.isArray(status['conditions']) ? status['conditions'] : [];
  const troubled = conditions.filter(
    (c): c is Record<string, unknown> =>
      isRecord(c) &&
      typeof c['type'] === 'string' &&
      typeof c['message'] === 'string' &&
      c['message'] !== '' &&
      c['status'] === (NEGATIVE.test(c['type']) ? 'True' : 'False'),
  );
  const first = troubled.find((c) => NEGATIVE.test(c['type'] as string)) ?? troubled[0];
  return first === undefined ? undefined : `${first['type'] as string}: ${first['message'] as string}`;
}

/** Per member, why its copy is unhealthy, from the members' observations of one template. */
export function unhealthyReasons(
  observations: readonly { clusterName: string; observed?: KubeObject }[],
): Map<string, string> {
  return new Map(
    observations.flatMap((o) => {
      const reason = o.observed === undefined ? undefined : unhealthyReason(o.observed);
      return reason === undefined ? [] : [[o.clusterName, reason] as const];
    }),
  );
}
