import { refKey, refOf } from '../../model/index.ts';
import type { Rendered } from '../../render/index.ts';
import { grantOf, refuseRendered } from '../../render/index.ts';
import type { WorksInput } from '../../status/index.ts';
import { lazyLocator } from './read-fleet.ts';
import type { FleetSource } from './read-fleet.ts';

/**
 * The tenancy rules only a render can judge (scheduling results, manifests after overrides),
 * applied to the whole render of a pass, incremental or not, so a refused template leaves every
 * Work and its error holds back prune (docs/deploy.md#tenants).
 */
export function refuseRenderedOutsideGrants(source: FleetSource, rendered: Rendered): Rendered {
  if (source.snapshot.config.tenants.length === 0) return rendered;
  const refused = refuseRendered(source.fleet, rendered, source.ownerOf, lazyLocator(source.parsed));
  if (refused.diagnostics.length === 0) return rendered;
  return { ...rendered, works: refused.works, diagnostics: [...rendered.diagnostics, ...refused.diagnostics] };
}

/**
 * What the works branch records of tenancy (docs/deploy.md#tenants): the tenant owning each
 * template and the grants, so a Pull member's agent holds each manifest to its owner's grant as
 * the hub does. Undefined without tenants.
 */
export function worksTenancy(source: FleetSource): WorksInput['tenancy'] {
  const tenants = source.snapshot.config.tenants;
  if (tenants.length === 0) return undefined;
  const owners = new Map<string, string>();
  for (const template of source.fleet.templates) {
    const tenant = source.ownerOf(template.origin.file);
    if (tenant) owners.set(refKey(refOf(template.object)), tenant.name);
  }
  return { owners, grants: new Map(tenants.map((t) => [t.name, grantOf(t)])) };
}
