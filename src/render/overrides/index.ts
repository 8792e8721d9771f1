/**
 * Override application (docs/karmada-compatibility.md#overrides-and-work): for one template rendered for one cluster,
 * every matching ClusterOverridePolicy then OverridePolicy rule, each overrider with Karmada's exact
 * semantics (JSON Patch as evanphx/json-patch v5, image references as distribution/reference,
 * JSON and YAML inside string fields as Karmada round-trips them). Pure: no I/O, no mutation of
 * inputs. It does not revise replicas, add tracking metadata or write the applied-overrides
 * annotation: the Work builder does, from the outcome.
 *
 * For many clusters, call prepareOverrides once per template and applyPrepared per cluster.
 */
export * from './apply-overrides.ts';
export * from './prepare-overrides.ts';
export type { AppliedOverride, OverrideOutcome, OverrideSet } from './override-set.ts';
export * from './override-error.ts';
export * from './json-patch.ts';
export * from './image-reference.ts';
