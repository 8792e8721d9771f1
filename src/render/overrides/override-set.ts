/** The inputs and outcome of override application (docs/karmada-compatibility.md#overrides-and-work). */
import type { KubeObject, OverridePolicy, Overriders } from '../../model/index.ts';
import type { OverrideError } from './override-error.ts';

/** Every override policy of the repository, already defaulted and validated by the loader. */
export interface OverrideSet {
  clusterOverridePolicies: OverridePolicy[];
  overridePolicies: OverridePolicy[];
}

/** One applied rule, as in Karmada's applied-(cluster-)overrides annotations. */
export interface AppliedOverride {
  policyName: string;
  overriders: Overriders;
}

/** The overridden manifest and the rules applied, or the first override that failed. */
export type OverrideOutcome =
  | { ok: true; manifest: KubeObject; appliedClusterOverrides: AppliedOverride[]; appliedOverrides: AppliedOverride[] }
  | { ok: false; error: OverrideError };
