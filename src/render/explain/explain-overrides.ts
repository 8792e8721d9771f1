/**
 * Which override rules change a template on each cluster, and the fields they change: the
 * overrides are applied to the template as the Work builder applies them, and the result is
 * compared field by field with the template.
 */
import { formatFieldPath, isRecord } from '../../model/index.ts';
import type { Cluster, KubeObject, OverridePolicy } from '../../model/index.ts';
import { applyOverrides } from '../overrides/index.ts';
import type { AppliedOverride, OverrideSet } from '../overrides/index.ts';

export interface AppliedRule {
  policy: string;
  /** The overriders the rule ran (imageOverrider, plaintext, ...). */
  overriders: string[];
}

export interface ClusterOverrides {
  cluster: string;
  rules: AppliedRule[];
  /** Fields whose value the overrides changed, added or removed. */
  changed: string[];
  /** The first override that failed: the template is left out of this cluster's Work. */
  error?: string;
}

/** Paths where `a` and `b` differ, down to the first differing value. */
function changedPaths(a: unknown, b: unknown, path: (string | number)[], out: string[]): void {
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (const [i, item] of a.entries()) changedPaths(item, b[i], [...path, i], out);
    return;
  }
  if (isRecord(a) && isRecord(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      changedPaths(a[key], b[key], [...path, key], out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push(formatFieldPath(path));
}

const rulesOf = (kind: string, applied: readonly AppliedOverride[]): AppliedRule[] =>
  applied.map((a) => ({ policy: `${kind}/${a.policyName}`, overriders: Object.keys(a.overriders) }));

/** The overrides of `template` on each cluster; clusters where nothing applies are left out. */
export function explainOverrides(
  template: KubeObject,
  clusters: readonly Cluster[],
  set: OverrideSet,
): ClusterOverrides[] {
  const out: ClusterOverrides[] = [];
  for (const cluster of clusters) {
    const name = cluster.metadata.name ?? '';
    const outcome = applyOverrides(template, cluster, set);
    if (!outcome.ok) {
      out.push({ cluster: name, rules: [], changed: [], error: outcome.error.message });
      continue;
    }
    const namespace = template.metadata.namespace;
    const rules = [
      ...rulesOf('ClusterOverridePolicy', outcome.appliedClusterOverrides),
      ...rulesOf(namespace ? `OverridePolicy/${namespace}` : 'OverridePolicy', outcome.appliedOverrides),
    ];
    if (rules.length === 0) continue;
    const changed: string[] = [];
    changedPaths(template, outcome.manifest, [], changed);
    out.push({ cluster: name, rules, changed });
  }
  return out;
}

/** The repository's override policies, as the Work builder is given them. */
export function overrideSetOf(
  cops: readonly { object: OverridePolicy }[],
  ops: readonly { object: OverridePolicy }[],
): OverrideSet {
  return { clusterOverridePolicies: cops.map((p) => p.object), overridePolicies: ops.map((p) => p.object) };
}
