/**
 * The tenancy rules on a rendered fleet (docs/deploy.md#tenants): what only the render knows. A
 * tenant's policy whose scheduling result names a cluster outside its grant, and a manifest that
 * a tenant's OverridePolicy could have moved out of the tenant's namespaces or made cluster-scoped
 * (what its plaintext overriders say is judged before rendering; this is the check on the result),
 * are errors, and the template's manifests leave every Work. Pure.
 */
import { describeRef, refKey, refOf } from '../../model/index.ts';
import type { Cluster, Diagnostic, SourceObject, Tenant } from '../../model/index.ts';
import type { FleetLocator } from '../check/locate.ts';
import type { Fleet } from '../load/fleet.ts';
import type { TemplateBinding } from '../works/template-binding.ts';
import type { WorkItem, Works } from '../works/work.ts';
import { outsideGrant } from './grants.ts';
import type { OwnerOf } from './ownership.ts';
import { grantedClusters } from './placement-grant.ts';
import { refusal } from './refusal.ts';

export interface RenderedForTenancy {
  clusters: readonly Cluster[];
  bindings: readonly TemplateBinding[];
  works: Works;
}

/** Scheduling results of tenants' policies outside their clusters: template key → refusal. */
function placementRefusals(fleet: Fleet, rendered: RenderedForTenancy, ownerOf: OwnerOf, locate: FleetLocator) {
  const policies = new Map(
    fleet.propagationPolicies.map((p) => [`${p.object.metadata.namespace || 'default'}/${p.object.metadata.name}`, p]),
  );
  const refused = new Map<string, Diagnostic>();
  const granted = new Map<Tenant, Set<string>>();
  for (const { binding } of rendered.bindings) {
    if (binding?.policy.kind !== 'PropagationPolicy') continue;
    const policy = policies.get(`${binding.policy.namespace || 'default'}/${binding.policy.name}`);
    const tenant = policy && ownerOf(policy.origin.file);
    if (!policy || !tenant) continue;
    if (!granted.has(tenant)) granted.set(tenant, grantedClusters(tenant, rendered.clusters));
    const outside = binding.clusters.map((c) => c.name).filter((name) => !granted.get(tenant)?.has(name));
    if (outside.length === 0) continue;
    const reason = `${describeRef(binding.resource)} is scheduled to ${outside.join(', ')}, outside its clusters`;
    refused.set(refKey(binding.resource), refusal(locate, policy, ['spec', 'placement'], tenant, 'placement', reason));
  }
  return refused;
}

/**
 * The tenant whose OverridePolicy answers for a manifest that overrides moved (another kind or
 * namespace than its template's), preferring the template's own tenant; undefined when nothing
 * moved it (its file's objects were judged before rendering) or only the platform's policies
 * could have (the platform is trusted).
 */
function answerable(
  item: WorkItem,
  template: SourceObject,
  ownerOf: OwnerOf,
  overridesIn: (namespace: string) => SourceObject[],
): { tenant: Tenant; at: SourceObject } | undefined {
  const moved =
    item.manifest.apiVersion !== template.object.apiVersion ||
    item.manifest.kind !== template.object.kind ||
    (item.manifest.metadata.namespace ?? '') !== (template.object.metadata.namespace ?? '');
  if (!moved) return undefined;
  const owner = ownerOf(template.origin.file);
  const tenants = overridesIn(template.object.metadata.namespace ?? '').flatMap((op) => {
    const tenant = ownerOf(op.origin.file);
    return tenant ? [{ tenant, at: op }] : [];
  });
  return tenants.find((t) => t.tenant === owner) ?? tenants[0];
}

/** Manifests outside their tenant's grant after overrides: template key → refusal. */
function manifestRefusals(fleet: Fleet, works: Works, ownerOf: OwnerOf, locate: FleetLocator) {
  const templates = new Map(fleet.templates.map((t) => [refKey(refOf(t.object)), t]));
  const overrides = new Map<string, SourceObject[]>();
  for (const op of fleet.overridePolicies) {
    const namespace = op.object.metadata.namespace ?? '';
    overrides.set(namespace, [...(overrides.get(namespace) ?? []), op]);
  }
  const refused = new Map<string, Diagnostic>();
  for (const [cluster, items] of works) {
    for (const item of items) {
      const key = refKey(item.template);
      const template = templates.get(key);
      if (!template || refused.has(key)) continue;
      const who = answerable(item, template, ownerOf, (ns) => overrides.get(ns) ?? []);
      if (!who) continue;
      const namespaced = fleet.isNamespaced(item.manifest.apiVersion, item.manifest.kind) ?? true;
      const outside = outsideGrant(who.tenant, refOf(item.manifest), namespaced);
      if (!outside) continue;
      const reason = `after overrides for cluster ${cluster}, ${describeRef(refOf(item.manifest))}: ${outside.reason}`;
      refused.set(key, refusal(locate, who.at, [], who.tenant, 'override', reason));
    }
  }
  return refused;
}

/** The Works without the templates refused after rendering, and an error for each. */
export function refuseRendered(
  fleet: Fleet,
  rendered: RenderedForTenancy,
  ownerOf: OwnerOf,
  locate: FleetLocator,
): { works: Works; diagnostics: Diagnostic[] } {
  const refused = placementRefusals(fleet, rendered, ownerOf, locate);
  for (const [key, diagnostic] of manifestRefusals(fleet, rendered.works, ownerOf, locate))
    if (!refused.has(key)) refused.set(key, diagnostic);
  if (refused.size === 0) return { works: rendered.works, diagnostics: [] };
  const works: Works = new Map(
    [...rendered.works].map(([cluster, items]) => [cluster, items.filter((i) => !refused.has(refKey(i.template)))]),
  );
  return { works, diagnostics: [...refused.values()] };
}
