/**
 * An override that cannot apply (docs/karmada-compatibility.md#override-failures): it fails this template's manifest
 * for this cluster only, and names the policy, the rule, the overrider entry and the path.
 */
import { EngineError } from '../../model/index.ts';

/**
 * The overrider lists of Karmada's Overriders, in the order a rule applies them
 * (docs/karmada-compatibility.md#which-overrides-apply).
 */
export const OVERRIDER_ORDER = [
  'imageOverrider',
  'commandOverrider',
  'argsOverrider',
  'labelsOverrider',
  'annotationsOverrider',
  'fieldOverrider',
  'plaintext',
] as const;
/** One overrider list of a rule, by its Overriders field name. */
export type OverriderName = (typeof OVERRIDER_ORDER)[number];

/** Which override policy: `ClusterOverridePolicy` has an empty namespace. */
export interface OverridePolicyRef {
  readonly kind: 'ClusterOverridePolicy' | 'OverridePolicy';
  readonly namespace: string;
  readonly name: string;
}

/** Everything a diagnostic needs to point at the policy field and the manifest path at fault. */
export interface OverrideErrorData {
  /** The template, `Kind/namespace/name`. */
  readonly object: string;
  readonly cluster: string;
  readonly policy: OverridePolicyRef;
  /** Index in `spec.overrideRules`; 0 for the deprecated single-rule form. */
  readonly ruleIndex: number;
  readonly overrider: OverriderName;
  /** Index of the failing entry in that overrider list. */
  readonly entryIndex: number;
  /** The policy field at fault, e.g. `spec.overrideRules[0].overriders.plaintext[2]`. */
  readonly field: string;
  /** The JSON pointer in the manifest (or in the field overrider's text) that failed. */
  readonly path: string;
  readonly reason: string;
}

/** `OverridePolicy/shop/images` or `ClusterOverridePolicy/registry`. */
export function describePolicy(policy: OverridePolicyRef): string {
  return policy.namespace ? `${policy.kind}/${policy.namespace}/${policy.name}` : `${policy.kind}/${policy.name}`;
}

/** Karmada's ApplyOverridePolicyFailed, as a typed error. */
export class OverrideError extends EngineError<'OverrideFailed', OverrideErrorData> {
  constructor(data: OverrideErrorData) {
    super(
      'OverrideFailed',
      `${data.object}: ${describePolicy(data.policy)} ${data.field} does not apply for cluster ${data.cluster}` +
        ` at "${data.path}": ${data.reason}`,
      data,
    );
  }
}
