/**
 * Karmada's admission-webhook and CRD defaults for policies (docs/karmada-compatibility.md#propagation-policies,
 * #override-policies, #defaults-and-admission), so that a policy read from git means what it would mean once stored in
 * Karmada. Pure: each function returns a new object and never changes its input. Validation lives in ../validate.
 */
export * from './override-policy.ts';
export * from './propagation-policy.ts';
