/**
 * APIs Karmada's detector never propagates (pkg/util/apigroup.go NewSkippedResourceConfig,
 * semantics §2.1): Karmada's own groups, events, and coordination.k8s.io/v1 Leases.
 */
import { groupOf, versionOf } from '../../model/index.ts';

const SKIPPED_GROUPS: ReadonlySet<string> = new Set([
  'cluster.karmada.io',
  'policy.karmada.io',
  'work.karmada.io',
  'config.karmada.io',
  'networking.karmada.io',
  'autoscaling.karmada.io',
  'remedy.karmada.io',
  'apps.karmada.io',
  'events.k8s.io',
]);

/** Whether objects of this apiVersion and kind are skipped by the detector. */
export function isSkippedApi(apiVersion: string, kind: string): boolean {
  const group = groupOf(apiVersion);
  if (SKIPPED_GROUPS.has(group)) return true;
  if (group === '' && kind === 'Event') return true;
  return group === 'coordination.k8s.io' && versionOf(apiVersion) === 'v1';
}
