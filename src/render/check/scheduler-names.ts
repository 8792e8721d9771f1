/**
 * A propagation policy whose schedulerName is not Flotilla's one scheduler: Karmada's default
 * scheduler leaves its bindings to the scheduler named, and Flotilla has no other, so they are not
 * scheduled (docs/karmada-compatibility.md#scheduler-name).
 */
import type { Diagnostic } from '../../model/index.ts';
import { DEFAULT_SCHEDULER_NAME, otherSchedulerReason } from '../bind/scheduler-name.ts';
import type { Fleet } from '../load/fleet.ts';
import type { FleetLocator } from './locate.ts';

export function otherSchedulerWarnings(fleet: Fleet, at: FleetLocator): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const policy of [...fleet.propagationPolicies, ...fleet.clusterPropagationPolicies]) {
    const name = policy.object.spec.schedulerName || DEFAULT_SCHEDULER_NAME;
    if (name === DEFAULT_SCHEDULER_NAME) continue;
    const message = `${otherSchedulerReason(name)}: the templates it claims are not scheduled (a template scheduled before keeps its clusters)`;
    out.push(at(policy, ['spec', 'schedulerName'], message));
  }
  return out;
}
