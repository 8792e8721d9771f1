/**
 * The override rule, read from a tenant's OverridePolicy itself so `validate` finds it without
 * rendering: a plaintext overrider may not rewrite what an object is (`/kind`, `/apiVersion`, the
 * whole object or its metadata) nor set `/metadata/namespace` outside the tenant's namespaces.
 * What other overriders change is checked on the rendered manifests (refuse-work.ts). Pure.
 */
import type { FieldPath, OverridePolicy, PlaintextOverrider, TenantGrant } from '../../model/index.ts';
import { namespaceGranted } from './grants.ts';

const IDENTITY_PATHS = new Set(['', '/', '/metadata', '/kind', '/apiVersion']);

function plaintextOutside(overrider: PlaintextOverrider, grant: TenantGrant): string | undefined {
  const path = overrider.path.replace(/\/+$/, '');
  if (IDENTITY_PATHS.has(path))
    return `a plaintext ${overrider.operator} of ${JSON.stringify(overrider.path)} could make the object another kind or move it`;
  if (path !== '/metadata/namespace') return undefined;
  const namespace = overrider.operator === 'remove' ? 'default' : overrider.value;
  if (typeof namespace === 'string' && namespaceGranted(grant, namespace)) return undefined;
  return `it sets /metadata/namespace to ${JSON.stringify(namespace)}, outside its namespaces (${grant.namespaces.join(', ') || 'none'})`;
}

/** The first plaintext overrider of `policy` that reaches outside `grant`: its field and why. */
export function overrideOutside(
  policy: OverridePolicy,
  grant: TenantGrant,
): { path: FieldPath; reason: string } | undefined {
  const rules = policy.spec.overrideRules ?? [];
  const sets =
    rules.length > 0
      ? rules.map((rule, i) => ({ at: ['spec', 'overrideRules', i, 'overriders'], overriders: rule.overriders }))
      : [{ at: ['spec', 'overriders'], overriders: policy.spec.overriders ?? {} }];
  for (const { at, overriders } of sets) {
    for (const [j, overrider] of (overriders.plaintext ?? []).entries()) {
      const reason = plaintextOutside(overrider, grant);
      if (reason) return { path: [...at, 'plaintext', j], reason };
    }
  }
  return undefined;
}
