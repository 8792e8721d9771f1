/**
 * Per-template half of override application (overridemanager.go getOverridersFromOverridePolicies,
 * docs/karmada-compatibility.md#which-overrides-apply): which policies select the template and in what order their
 * rules run. It does not depend on the cluster, so a caller rendering one template for many clusters does it once.
 */
import type { ClusterAffinity, KubeObject, OverridePolicy, Overriders } from '../../model/index.ts';
import { compareBytes } from '../../model/index.ts';
import { bestSelectorMatch, ImplicitPriority } from '../match/resource-selector.ts';
import type { FieldRewriteMemo } from './field-overrider.ts';
import type { OverridePolicyRef } from './override-error.ts';
import type { OverrideSet } from './override-set.ts';

/** One rule of one matching policy; `targetCluster` undefined means every cluster. */
export interface PreparedRule {
  readonly policy: OverridePolicyRef;
  /** Index in `spec.overrideRules`; 0 for the deprecated form. */
  readonly ruleIndex: number;
  /** True for the deprecated `spec.targetCluster` + `spec.overriders` form. */
  readonly legacy: boolean;
  readonly targetCluster: ClusterAffinity | undefined;
  readonly overriders: Overriders;
}

/** The rules that may apply to one template: ClusterOverridePolicies' first, then OverridePolicies'. */
export interface PreparedOverrides {
  readonly clusterRules: readonly PreparedRule[];
  readonly namespacedRules: readonly PreparedRule[];
  /** Field-overrider rewrites of this template's texts, shared by its clusters (pure memo). */
  readonly fieldMemo: FieldRewriteMemo;
}

/**
 * Keeps the policies whose selectors are empty or match, sorts them stably by implicit priority
 * ascending (empty = MatchAll) then name, and expands them into rules in declaration order.
 * OverridePolicies count only for namespaced templates, and only those of the template's namespace.
 */
export function prepareOverrides(template: KubeObject, set: OverrideSet): PreparedOverrides {
  const namespace = template.metadata.namespace ?? '';
  const namespaced = namespace === '' ? [] : set.overridePolicies.filter((p) => p.metadata.namespace === namespace);
  return {
    clusterRules: rulesOf(matching(template, set.clusterOverridePolicies)),
    namespacedRules: rulesOf(matching(template, namespaced)),
    fieldMemo: new Map(),
  };
}

function matching(template: KubeObject, policies: readonly OverridePolicy[]): OverridePolicy[] {
  const kept: { policy: OverridePolicy; priority: number }[] = [];
  for (const policy of policies) {
    const selectors = policy.spec.resourceSelectors ?? [];
    const priority = selectors.length === 0 ? ImplicitPriority.MatchAll : bestSelectorMatch(selectors, template);
    if (priority > ImplicitPriority.MisMatch) kept.push({ policy, priority });
  }
  kept.sort(
    (a, b) => a.priority - b.priority || compareBytes(a.policy.metadata.name ?? '', b.policy.metadata.name ?? ''),
  );
  return kept.map((k) => k.policy);
}

function rulesOf(policies: readonly OverridePolicy[]): PreparedRule[] {
  const rules: PreparedRule[] = [];
  for (const policy of policies) {
    const ref: OverridePolicyRef = {
      kind: policy.kind,
      namespace: policy.kind === 'OverridePolicy' ? (policy.metadata.namespace ?? '') : '',
      name: policy.metadata.name ?? '',
    };
    const declared = policy.spec.overrideRules ?? [];
    if (declared.length === 0) {
      const overriders = policy.spec.overriders ?? {};
      rules.push({
        policy: ref,
        ruleIndex: 0,
        legacy: true,
        targetCluster: policy.spec.targetCluster ?? undefined,
        overriders,
      });
      continue;
    }
    declared.forEach((rule, ruleIndex) => {
      rules.push({
        policy: ref,
        ruleIndex,
        legacy: false,
        targetCluster: rule.targetCluster ?? undefined,
        overriders: rule.overriders ?? {},
      });
    });
  }
  return rules;
}
