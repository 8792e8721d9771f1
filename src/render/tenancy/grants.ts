/**
 * What a tenant's grant allows, one question each (docs/deploy.md#tenants). Pure; matchers are
 * compiled once per tenant object.
 */
import { groupKind } from '../../model/index.ts';
import type { Tenant, TenantGrant } from '../../model/index.ts';

/** The rules a tenant's files are refused by; each diagnostic names one. */
export type TenancyRule = 'namespace' | 'cluster-scoped' | 'platform-kind' | 'placement' | 'override';

/** Karmada kinds that act on the whole fleet or run code in the hub: only the platform writes them. */
export const PLATFORM_KINDS: ReadonlySet<string> = new Set([
  'cluster.karmada.io/Cluster',
  'policy.karmada.io/ClusterPropagationPolicy',
  'policy.karmada.io/ClusterOverridePolicy',
  'policy.karmada.io/ClusterTaintPolicy',
  'config.karmada.io/ResourceInterpreterCustomization',
  'config.karmada.io/ResourceInterpreterWebhookConfiguration',
  'search.karmada.io/ResourceRegistry',
]);

const namespaceMatchers = new WeakMap<object, (namespace: string) => boolean>();

/**
 * A matcher of namespace globs. A namespace is a DNS label, so `*` (any run of characters) is the
 * only wildcard; literal names are a set lookup. Built by hand rather than by a glob library:
 * fifty tenants' matchers compile in microseconds.
 */
function namespaceMatcher(globs: readonly string[]): (namespace: string) => boolean {
  const names = new Set(globs.filter((g) => !g.includes('*')));
  const wild = globs.filter((g) => g.includes('*'));
  if (wild.length === 0) return (namespace) => names.has(namespace);
  const literal = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^(?:${wild.map((g) => g.split('*').map(literal).join('.*')).join('|')})$`);
  return (namespace) => names.has(namespace) || pattern.test(namespace);
}

/** Whether `namespace` is one of the grant's namespace globs (`*` stays within the name). */
export function namespaceGranted(grant: TenantGrant, namespace: string): boolean {
  let matches = namespaceMatchers.get(grant);
  if (!matches) {
    matches = namespaceMatcher(grant.namespaces);
    namespaceMatchers.set(grant, matches);
  }
  return matches(namespace);
}

/** `Namespace` and `core/Namespace` name the core group's kind; others are `group/Kind`. */
function grantedKind(entry: string): string {
  return entry.includes('/') ? entry : `core/${entry}`;
}

/** Whether the grant lists the cluster-scoped kind of `apiVersion`/`kind`. */
export function clusterScopedGranted(grant: TenantGrant, apiVersion: string, kind: string): boolean {
  const wanted = groupKind(apiVersion, kind);
  return grant.clusterScoped.some((entry) => grantedKind(entry) === wanted);
}

/** Whether only the platform may write this kind. */
export function platformKind(apiVersion: string, kind: string): boolean {
  return PLATFORM_KINDS.has(groupKind(apiVersion, kind));
}

/** The part of a tenant a Pull member's agent checks manifests against. */
export function grantOf(tenant: Tenant): TenantGrant {
  return { namespaces: tenant.namespaces, clusterScoped: tenant.clusterScoped };
}

/**
 * Why an object of this scope and place is outside the grant, or undefined when it is inside:
 * the same question for a file's object, a rendered manifest and a manifest an agent applies.
 */
export function outsideGrant(
  grant: TenantGrant,
  object: { apiVersion: string; kind: string; namespace: string },
  namespaced: boolean,
): { rule: TenancyRule; reason: string } | undefined {
  if (platformKind(object.apiVersion, object.kind))
    return {
      rule: 'platform-kind',
      reason: `${object.kind} is written only by the platform (files outside every tenant's paths)`,
    };
  if (!namespaced) {
    if (clusterScopedGranted(grant, object.apiVersion, object.kind)) return undefined;
    const listed = grant.clusterScoped.length > 0 ? grant.clusterScoped.join(', ') : 'none';
    return {
      rule: 'cluster-scoped',
      reason: `cluster-scoped ${groupKind(object.apiVersion, object.kind)} is not in its clusterScoped (${listed})`,
    };
  }
  const namespace = object.namespace || 'default';
  if (namespaceGranted(grant, namespace)) return undefined;
  return {
    rule: 'namespace',
    reason: `namespace ${JSON.stringify(namespace)} is outside its namespaces (${grant.namespaces.join(', ') || 'none'})`,
  };
}
