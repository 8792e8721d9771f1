/**
 * Per-cluster half of override application (overridemanager.go ApplyOverridePolicies and
 * applyPolicyOverriders, docs/karmada-compatibility.md#overrides-and-work): the prepared rules whose targetCluster
 * matches run in order, ClusterOverridePolicies' first; inside a rule the overriders run in Karmada's
 * fixed order. The first failure fails the whole call for this cluster.
 */
import type { Cluster, KubeObject, Overriders } from '../../model/index.ts';
import { compareBytes, describeRef, refOf } from '../../model/index.ts';
import { clusterMatches } from '../../scheduler/index.ts';
import { applyCommandArgsOverriders } from './command-args-overrider.ts';
import { applyFieldOverriders, type FieldRewriteMemo } from './field-overrider.ts';
import type { Ownership } from './json-patch.ts';
import { applyImageOverriders } from './image-overrider.ts';
import { applyLabelAnnotationOverriders } from './labels-annotations-overrider.ts';
import { OVERRIDER_ORDER, OverrideError, type OverriderName } from './override-error.ts';
import type { AppliedOverride, OverrideOutcome, OverrideSet } from './override-set.ts';
import { applyPlaintextOverriders } from './plaintext-overrider.ts';
import { prepareOverrides, type PreparedOverrides, type PreparedRule } from './prepare-overrides.ts';
import type { StepResult } from './step-result.ts';

/**
 * Applies, for one template rendered for one cluster, every matching ClusterOverridePolicy then
 * OverridePolicy in Karmada's order. Pure: never mutates its input; the result shares unchanged
 * subtrees with `manifest` and with policy values, so treat both as immutable.
 */
export function applyOverrides(manifest: KubeObject, cluster: Cluster, set: OverrideSet): OverrideOutcome {
  return applyPrepared(manifest, cluster, prepareOverrides(manifest, set));
}

/**
 * Which of the prepared rules select `cluster`, as a key. applyPrepared depends on the cluster
 * through this alone, so clusters with the same key get the same outcome.
 */
export function selectedRulesKey(cluster: Cluster, prepared: PreparedOverrides): string {
  let key = '';
  for (const rules of [prepared.clusterRules, prepared.namespacedRules]) {
    for (const rule of rules)
      key += rule.targetCluster === undefined || clusterMatches(cluster, rule.targetCluster) ? '1' : '0';
    key += '/';
  }
  return key;
}

/** The per-cluster step, for rules prepared once per template with prepareOverrides. */
export function applyPrepared(manifest: KubeObject, cluster: Cluster, prepared: PreparedOverrides): OverrideOutcome {
  // One render owns the copies it makes: any failure discards the whole result
  // (docs/karmada-compatibility.md#override-failures), so later patches may write earlier copies in place.
  const ownership: Ownership = [];
  const clusterSide = applyRules(manifest, cluster, prepared.clusterRules, prepared.fieldMemo, ownership);
  if (!clusterSide.ok) return clusterSide;
  const namespacedSide = applyRules(
    clusterSide.manifest,
    cluster,
    prepared.namespacedRules,
    prepared.fieldMemo,
    ownership,
  );
  if (!namespacedSide.ok) return namespacedSide;
  return {
    ok: true,
    manifest: namespacedSide.manifest,
    appliedClusterOverrides: clusterSide.applied,
    appliedOverrides: namespacedSide.applied,
  };
}

type RulesOutcome =
  | { ok: true; manifest: KubeObject; applied: AppliedOverride[] }
  | { ok: false; error: OverrideError };

function applyRules(
  manifest: KubeObject,
  cluster: Cluster,
  rules: readonly PreparedRule[],
  memo: FieldRewriteMemo,
  ownership: Ownership,
): RulesOutcome {
  let current = manifest;
  const applied: AppliedOverride[] = [];
  for (const rule of rules) {
    if (rule.targetCluster !== undefined && !clusterMatches(cluster, rule.targetCluster)) continue;
    const result = applyRule(current, rule.overriders, memo, ownership);
    if (!result.ok) return { ok: false, error: overrideError(manifest, cluster, rule, result) };
    current = result.doc;
    applied.push({ policyName: rule.policy.name, overriders: rule.overriders });
  }
  // Karmada's AppliedOverrides lists one entry per applied rule, sorted by policy name.
  applied.sort((a, b) => compareBytes(a.policyName, b.policyName));
  return { ok: true, manifest: current, applied };
}

type RuleResult =
  | { ok: true; doc: KubeObject }
  | { ok: false; overrider: OverriderName; entry: number; path: string; reason: string };

/**
 * imageOverrider → command → args → labels → annotations → fieldOverrider → plaintext
 * (docs/karmada-compatibility.md#which-overrides-apply).
 */
function applyRule(doc: KubeObject, o: Overriders, memo: FieldRewriteMemo, ownership: Ownership): RuleResult {
  let current = doc;
  for (const name of OVERRIDER_ORDER) {
    const result = applyOverrider(current, o, name, memo, ownership);
    if (result === undefined) continue;
    if (!result.ok)
      return { ok: false, overrider: name, entry: result.entry, path: result.path, reason: result.reason };
    current = result.doc;
  }
  return { ok: true, doc: current };
}

/** One overrider list of a rule; undefined when the rule has no entries for it. */
function applyOverrider(
  doc: KubeObject,
  o: Overriders,
  name: OverriderName,
  memo: FieldRewriteMemo,
  ownership: Ownership,
): StepResult | undefined {
  const entries = o[name];
  if (entries === undefined || entries === null || entries.length === 0) return undefined;
  switch (name) {
    case 'imageOverrider':
      return applyImageOverriders(doc, o.imageOverrider ?? [], ownership);
    case 'commandOverrider':
      return applyCommandArgsOverriders(doc, 'command', o.commandOverrider ?? [], ownership);
    case 'argsOverrider':
      return applyCommandArgsOverriders(doc, 'args', o.argsOverrider ?? [], ownership);
    case 'labelsOverrider':
      return applyLabelAnnotationOverriders(doc, 'labels', o.labelsOverrider ?? [], ownership);
    case 'annotationsOverrider':
      return applyLabelAnnotationOverriders(doc, 'annotations', o.annotationsOverrider ?? [], ownership);
    case 'fieldOverrider':
      return applyFieldOverriders(doc, o.fieldOverrider ?? [], memo, ownership);
    case 'plaintext':
      return applyPlaintextOverriders(doc, o.plaintext ?? [], ownership);
  }
}

function overrideError(
  manifest: KubeObject,
  cluster: Cluster,
  rule: PreparedRule,
  failure: Extract<RuleResult, { ok: false }>,
): OverrideError {
  const base = rule.legacy ? 'spec.overriders' : `spec.overrideRules[${rule.ruleIndex}].overriders`;
  return new OverrideError({
    object: describeRef(refOf(manifest)),
    cluster: cluster.metadata.name,
    policy: rule.policy,
    ruleIndex: rule.ruleIndex,
    overrider: failure.overrider,
    entryIndex: failure.entry,
    field: `${base}.${failure.overrider}[${failure.entry}]`,
    path: failure.path,
    reason: failure.reason,
  });
}
