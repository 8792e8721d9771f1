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
export { applyOverrides, applyPrepared, selectedRulesKey } from './apply-overrides.ts';
export { prepareOverrides, type PreparedOverrides, type PreparedRule } from './prepare-overrides.ts';
export type { AppliedOverride, OverrideOutcome, OverrideSet } from './override-set.ts';
export {
  describePolicy,
  OVERRIDER_ORDER,
  OverrideError,
  type OverrideErrorData,
  type OverridePolicyRef,
  type OverriderName,
} from './override-error.ts';
export { applyPatch, type PatchOperation, type PatchResult } from './json-patch.ts';
export { formatImage, parseImage, type ImageComponents } from './image-reference.ts';
