/**
 * Karmada's feature gates Flotilla honours, from `featureGates` in `flotilla.yaml`, with Karmada's
 * defaults (docs/karmada-compatibility.md#feature-gates).
 */
export const FEATURE_GATE_DEFAULTS = Object.freeze({
  /** Alpha in Karmada, off by default: a FederatedResourceQuota's `spec.overall` is enforced. */
  FederatedQuotaEnforcement: false,
  /** Alpha in Karmada (v1.17), off by default: placement.workloadAffinity co-locates or separates workloads. */
  WorkloadAffinity: false,
});

export type FeatureGate = keyof typeof FEATURE_GATE_DEFAULTS;

/** The gates a fleet sets; a gate left out has Karmada's default. */
export type FeatureGates = Partial<Record<FeatureGate, boolean>>;

export function isFeatureGate(name: string): name is FeatureGate {
  return Object.hasOwn(FEATURE_GATE_DEFAULTS, name);
}

/** Whether `gate` is on in `gates`, Karmada's default when unset. */
export function featureEnabled(gates: FeatureGates | undefined, gate: FeatureGate): boolean {
  return gates?.[gate] ?? FEATURE_GATE_DEFAULTS[gate];
}
