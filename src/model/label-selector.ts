import type { LabelSelector, LabelSelectorRequirement } from './kube.ts';

function requirementMatches(req: LabelSelectorRequirement, labels: Record<string, string>): boolean {
  const has = Object.hasOwn(labels, req.key);
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
      return has && values.includes(labels[req.key] as string);
    case 'NotIn':
      return !has || !values.includes(labels[req.key] as string);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    default:
      return false;
  }
}

/** Whether a requirement is well-formed the way metav1.LabelSelectorAsSelector demands. */
function requirementValid(req: LabelSelectorRequirement): boolean {
  const n = req.values?.length ?? 0;
  switch (req.operator) {
    case 'In':
    case 'NotIn':
      return n > 0;
    case 'Exists':
    case 'DoesNotExist':
      return n === 0;
    default:
      return false;
  }
}

/**
 * Kubernetes label-selector semantics. An empty selector (`{}`) matches everything; an invalid
 * one matches nothing, as Karmada treats a selector that fails to convert (semantics §1.2, §1.4).
 */
export function matchLabelSelector(
  selector: LabelSelector,
  labels: Record<string, string> | undefined,
): boolean {
  const have = labels ?? {};
  const wanted = selector.matchLabels;
  // for-in instead of Object.entries: this runs per cluster per binding in the scheduler.
  for (const key in wanted) {
    if (!Object.hasOwn(have, key) || have[key] !== wanted[key]) return false;
  }
  for (const req of selector.matchExpressions ?? []) {
    if (!requirementValid(req) || !requirementMatches(req, have)) return false;
  }
  return true;
}
