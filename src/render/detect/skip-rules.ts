import type { KubeObject } from '../../model/index.ts';

export const CLAIMED_BY_LABEL = 'resourcetemplate.karmada.io/claimed-by';

/** Karmada's `--skipped-propagating-namespaces` default, anchored like Karmada anchors it. */
export const DEFAULT_SKIPPED_NAMESPACES: readonly string[] = ['kube-.*'];

/** Karmada's own namespaces: never propagated, whatever the skip patterns say. */
export function isReservedNamespace(ns: string): boolean {
  return ns === 'karmada-system' || ns === 'karmada-cluster' || ns.startsWith('karmada-es-');
}

/**
 * Compiles namespace patterns once; each is anchored at both ends
 * (docs/karmada-compatibility.md#what-is-never-propagated).
 */
export function compileNamespacePatterns(patterns: readonly string[]): RegExp[] {
  return patterns.map((p) => new RegExp(`^(?:${p})$`));
}

/** Why the detector leaves a template alone, or undefined when it may be matched. */
export function skipReason(template: KubeObject, skipped: readonly RegExp[]): string | undefined {
  const ns = template.metadata.namespace ?? '';
  if (ns && isReservedNamespace(ns)) return `namespace ${ns} is reserved by Karmada and never propagated`;
  if (ns && skipped.some((re) => re.test(ns))) return `namespace ${ns} is skipped from propagation`;
  if (template.metadata.labels && Object.hasOwn(template.metadata.labels, CLAIMED_BY_LABEL)) {
    return `labelled ${CLAIMED_BY_LABEL}: owned by another controller`;
  }
  return undefined;
}
