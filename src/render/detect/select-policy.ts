import { compareBytes } from '../../model/index.ts';
import type { KubeObject, PropagationPolicy, SourceObject } from '../../model/index.ts';
import { bestSelectorMatch } from '../match/resource-selector.ts';

export interface PolicyMatch {
  policy: SourceObject<PropagationPolicy>;
  implicit: number;
  explicit: number;
}

/**
 * Karmada's ordering of candidates: explicit priority, then implicit, then name
 * (docs/karmada-compatibility.md#choosing-a-policy).
 */
function better(a: PolicyMatch, b: PolicyMatch): boolean {
  if (a.explicit !== b.explicit) return a.explicit > b.explicit;
  if (a.implicit !== b.implicit) return a.implicit > b.implicit;
  return compareBytes(a.policy.object.metadata.name ?? '', b.policy.object.metadata.name ?? '') < 0;
}

export function matchPolicy(policy: SourceObject<PropagationPolicy>, template: KubeObject): PolicyMatch | undefined {
  const implicit = bestSelectorMatch(policy.object.spec.resourceSelectors, template);
  if (implicit === 0) return undefined;
  return { policy, implicit, explicit: policy.object.spec.priority ?? 0 };
}

/**
 * The best of one kind of policy (PPs, or CPPs) for a template: the maximum under
 * (explicit desc, implicit desc, name asc), independent of list order
 * (docs/karmada-compatibility.md#choosing-a-policy).
 */
export function selectBestPolicy(
  candidates: readonly SourceObject<PropagationPolicy>[],
  template: KubeObject,
): PolicyMatch | undefined {
  let best: PolicyMatch | undefined;
  for (const policy of candidates) {
    const m = matchPolicy(policy, template);
    if (m && (!best || better(m, best))) best = m;
  }
  return best;
}
