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

const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** A label value Kubernetes accepts: at most 63 characters of the label syntax, or empty. */
export function isLabelValue(value: string): boolean {
  return value.length <= 63 && LABEL_VALUE.test(value);
}

/** A label key Kubernetes accepts: an optional DNS subdomain prefix and a qualified name. */
function isLabelKey(key: string): boolean {
  const slash = key.indexOf('/');
  const name = slash < 0 ? key : key.slice(slash + 1);
  const prefix = slash < 0 ? undefined : key.slice(0, slash);
  if (prefix !== undefined && (prefix.length === 0 || prefix.length > 253 || !DNS1123_SUBDOMAIN.test(prefix)))
    return false;
  return name.length <= 63 && QUALIFIED_NAME.test(name);
}

/** Whether a requirement is well-formed the way metav1.LabelSelectorAsSelector demands. */
function requirementValid(req: LabelSelectorRequirement): boolean {
  const n = req.values?.length ?? 0;
  if (!isLabelKey(req.key) || !(req.values ?? []).every(isLabelValue)) return false;
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
 * one matches nothing, as Karmada treats a selector that fails to convert
 * (docs/karmada-compatibility.md#resource-selectors, #placement).
 */
export function matchLabelSelector(selector: LabelSelector, labels: Record<string, string> | undefined): boolean {
  const have = labels ?? {};
  const wanted = selector.matchLabels;
  // for-in instead of Object.entries: this runs per cluster per binding in the scheduler.
  for (const key in wanted) {
    if (!Object.hasOwn(have, key) || have[key] !== wanted[key]) return false;
  }
  // A selector Kubernetes cannot build matches nothing; checked only once every label compared
  // equal, to keep the common mismatch path cheap.
  for (const key in wanted) {
    if (!isLabelKey(key) || !isLabelValue(wanted[key] as string)) return false;
  }
  for (const req of selector.matchExpressions ?? []) {
    if (!requirementValid(req) || !requirementMatches(req, have)) return false;
  }
  return true;
}
