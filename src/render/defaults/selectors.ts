import { isRecord, type ResourceSelector } from '../../model/index.ts';

/** The namespace a namespaced policy lives in: `default` when the manifest names none. */
export function policyNamespace(metadata: unknown): string {
  const ns = isRecord(metadata) ? metadata['namespace'] : undefined;
  return typeof ns === 'string' && ns !== '' ? ns : 'default';
}

/**
 * PP/OP mutating webhooks: a selector without namespace gets the policy's namespace
 * (pkg/webhook/propagationpolicy/mutating.go, pkg/webhook/overridepolicy/mutating.go).
 */
export function defaultSelectorNamespaces(selectors: unknown, namespace: string): unknown {
  if (!Array.isArray(selectors)) return selectors;
  return selectors.map((sel: unknown) =>
    isRecord(sel) && !sel['namespace'] ? ({ ...sel, namespace } as ResourceSelector) : sel,
  );
}
