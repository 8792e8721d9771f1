/**
 * A FederatedResourceQuota's `spec.overall` is enforced by Karmada only behind its
 * FederatedQuotaEnforcement feature gate (alpha, off by default), which Flotilla does not build:
 * a warning says the overall limit is not enforced (docs/karmada-compatibility.md#federated-resource-quotas).
 */
import type { Diagnostic } from '../../model/index.ts';
import type { Fleet } from '../load/fleet.ts';
import type { FleetLocator } from './locate.ts';

export function overallQuotaWarnings(fleet: Fleet, at: FleetLocator): Diagnostic[] {
  return fleet.federatedResourceQuotas
    .filter((quota) => Object.keys(quota.object.spec.overall).length > 0)
    .map((quota) =>
      at(
        quota,
        ['spec', 'overall'],
        "the overall limit is not enforced: templates that would exceed it are still scheduled (Karmada enforces it only behind its FederatedQuotaEnforcement feature gate, off by default, which Flotilla does not implement); only the static assignments are enforced, by the members' ResourceQuotas",
      ),
    );
}
