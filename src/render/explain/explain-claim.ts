/**
 * Which policies select a template and why one of them claims it: Karmada's order (any matching
 * PropagationPolicy before every ClusterPropagationPolicy; within a kind explicit priority, then
 * how the selector matched, then name), as the detector decides it (detect/select-policy.ts).
 */
import type { PropagationPolicy, SourceObject } from '../../model/index.ts';
import type { Claim } from '../detect/detect.ts';
import { matchPolicy } from '../detect/select-policy.ts';
import type { Fleet } from '../load/fleet.ts';
import { ImplicitPriority } from '../match/resource-selector.ts';

/** One policy whose selectors match the template. */
export interface PolicyCandidate {
  policy: string;
  /** spec.priority. */
  priority: number;
  /** How its best selector matched: by name, by label selector, or every object of the kind. */
  matchedBy: 'name' | 'labelSelector' | 'kind';
  preemption: 'Always' | 'Never';
  claims: boolean;
}

export interface ClaimExplanation {
  /** The claiming policy, or null. */
  policy: string | null;
  /** Why no policy claims it, or why the claim cannot take effect. */
  note?: string;
  /** Every matching policy, PropagationPolicies first, each kind in Karmada's order. */
  candidates: PolicyCandidate[];
}

const MATCHED_BY = {
  [ImplicitPriority.MatchName]: 'name',
  [ImplicitPriority.MatchLabelSelector]: 'labelSelector',
  [ImplicitPriority.MatchAll]: 'kind',
} as const;

export function policyName(policy: SourceObject<PropagationPolicy>): string {
  const { kind, metadata } = policy.object;
  return metadata.namespace && kind === 'PropagationPolicy'
    ? `${kind}/${metadata.namespace}/${metadata.name}`
    : `${kind}/${metadata.name}`;
}

function candidatesOf(policies: readonly SourceObject<PropagationPolicy>[], claim: Claim): PolicyCandidate[] {
  const out: (PolicyCandidate & { implicit: number })[] = [];
  for (const policy of policies) {
    const m = matchPolicy(policy, claim.template.object);
    if (!m) continue;
    out.push({
      policy: policyName(policy),
      priority: m.explicit,
      implicit: m.implicit,
      matchedBy: MATCHED_BY[m.implicit as keyof typeof MATCHED_BY],
      preemption: policy.object.spec.preemption ?? 'Never',
      claims: claim.policy === policy,
    });
  }
  out.sort((a, b) => b.priority - a.priority || b.implicit - a.implicit || (a.policy < b.policy ? -1 : 1));
  return out.map(({ implicit: _, ...c }) => c);
}

export function explainClaim(fleet: Fleet, claim: Claim): ClaimExplanation {
  const ns = claim.template.object.metadata.namespace;
  const pps = ns ? fleet.propagationPolicies.filter((p) => (p.object.metadata.namespace ?? 'default') === ns) : [];
  return {
    policy: claim.policy ? policyName(claim.policy) : null,
    ...(claim.error ? { note: claim.error } : claim.note ? { note: claim.note } : {}),
    candidates: [...candidatesOf(pps, claim), ...candidatesOf(fleet.clusterPropagationPolicies, claim)],
  };
}
