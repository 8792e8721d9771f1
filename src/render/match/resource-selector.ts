import type { KubeObject, ResourceSelector } from '../../model/index.ts';
import { matchLabelSelector } from '../../model/index.ts';
import { detectedApiVersionOf } from './preferred-version.ts';

/**
 * Karmada's implicit priorities of a selector match (docs/karmada-compatibility.md#resource-selectors,
 * pkg/util/selector.go).
 */
export const ImplicitPriority = {
  MisMatch: 0,
  MatchAll: 1,
  MatchLabelSelector: 2,
  MatchName: 3,
} as const;
export type ImplicitPriority = (typeof ImplicitPriority)[keyof typeof ImplicitPriority];

/**
 * How strongly one ResourceSelector matches a template; 0 when it does not. The template's
 * apiVersion is the one Karmada's detector sees it at (preferred-version.ts).
 */
export function matchResourceSelector(selector: ResourceSelector, obj: KubeObject): ImplicitPriority {
  if (selector.kind !== obj.kind || selector.apiVersion !== detectedApiVersionOf(obj)) return ImplicitPriority.MisMatch;
  if (selector.namespace && selector.namespace !== (obj.metadata.namespace ?? '')) {
    return ImplicitPriority.MisMatch;
  }
  if (selector.name) {
    return selector.name === obj.metadata.name ? ImplicitPriority.MatchName : ImplicitPriority.MisMatch;
  }
  if (selector.labelSelector === undefined || selector.labelSelector === null) return ImplicitPriority.MatchAll;
  return matchLabelSelector(selector.labelSelector, obj.metadata.labels)
    ? ImplicitPriority.MatchLabelSelector
    : ImplicitPriority.MisMatch;
}

/** The highest implicit priority over a policy's selectors; a policy matches iff it is > 0. */
export function bestSelectorMatch(selectors: readonly ResourceSelector[], obj: KubeObject): ImplicitPriority {
  let best: ImplicitPriority = ImplicitPriority.MisMatch;
  for (const selector of selectors) {
    const p = matchResourceSelector(selector, obj);
    if (p > best) best = p;
    if (best === ImplicitPriority.MatchName) break;
  }
  return best;
}
