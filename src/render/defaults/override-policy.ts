import { isRecord, type OverridePolicy } from '../../model/index.ts';
import { defaultSelectorNamespaces, policyNamespace } from './selectors.ts';

/**
 * Karmada's OverridePolicy admission defaults (docs/karmada-compatibility.md#override-policies): empty selector
 * namespaces of an OverridePolicy become the policy's namespace. A ClusterOverridePolicy has no defaults.
 * Returns a new object; the input is not changed.
 */
export function defaultOverridePolicy(p: OverridePolicy): OverridePolicy {
  if (p.kind !== 'OverridePolicy' || !isRecord(p.spec)) return { ...p };
  const resourceSelectors = defaultSelectorNamespaces(p.spec.resourceSelectors, policyNamespace(p.metadata));
  return { ...p, spec: { ...p.spec, resourceSelectors } as OverridePolicy['spec'] };
}
