/**
 * A FederatedResourceQuota's `spec.overall` is enforced, by Karmada as by Flotilla, only behind the
 * FederatedQuotaEnforcement feature gate (alpha, off by default): with the gate off a warning says
 * the overall limit is not enforced (docs/karmada-compatibility.md#federated-resource-quotas).
 */
import { featureEnabled } from '../../model/index.ts';
import type { Diagnostic, FeatureGates } from '../../model/index.ts';
import type { Fleet } from '../load/fleet.ts';
import type { FleetLocator } from './locate.ts';

export function overallQuotaWarnings(fleet: Fleet, at: FleetLocator, gates: FeatureGates): Diagnostic[] {
  if (featureEnabled(gates, 'FederatedQuotaEnforcement')) return [];
  return fleet.federatedResourceQuotas
    .filter((quota) => Object.keys(quota.object.spec.overall).length > 0)
    .map((quota) =>
      at(
        quota,
        ['spec', 'overall'],
        "the overall limit is not enforced: templates that would exceed it are still scheduled, as in Karmada with its FederatedQuotaEnforcement feature gate off (the default; set featureGates: {FederatedQuotaEnforcement: true} in flotilla.yaml to enforce it); the static assignments are enforced by the members' ResourceQuotas",
      ),
    );
}
