import type { Rendered } from '../render/render-fleet.ts';
import { refuseRendered } from '../render/tenancy/index.ts';
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
