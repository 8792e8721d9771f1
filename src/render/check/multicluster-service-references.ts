/**
 * Mistakes in a MultiClusterService that Karmada accepts silently: a provider or consumer that no Cluster of the
 * repository is (nothing is collected from or dispatched to it), and a CrossCluster one whose Service the repository
 * does not define (Karmada's controller waits for it; there is nothing to propagate, only the members' own Services
 * to collect from).
 */
import { isCrossCluster } from '../../model/index.ts';
import type { Diagnostic } from '../../model/index.ts';
import type { Fleet } from '../load/fleet.ts';
import { closestName } from '../validate/suggest.ts';
import type { FleetLocator } from './locate.ts';

/** The warnings about the fleet's MultiClusterServices. */
export function multiClusterServiceReferences(fleet: Fleet, at: FleetLocator): Diagnostic[] {
  const known = new Set(fleet.clusters.map((c) => c.object.metadata.name));
  const services = new Set(
    fleet.templates
      .filter((t) => t.object.apiVersion === 'v1' && t.object.kind === 'Service')
      .map((t) => `${t.object.metadata.namespace}/${t.object.metadata.name}`),
  );
  const out: Diagnostic[] = [];
  for (const mcs of fleet.multiClusterServices) {
    const { metadata, spec } = mcs.object;
    for (const field of ['providerClusters', 'consumerClusters'] as const) {
      if (fleet.clusters.length === 0) break;
      (spec[field] ?? []).forEach((c, i) => {
        if (known.has(c.name)) return;
        const guess = closestName(c.name, known);
        const hint = guess === undefined ? '' : `; did you mean ${guess}?`;
        out.push(at(mcs, ['spec', field, i, 'name'], `no Cluster ${c.name} in the repository${hint}`));
      });
    }
    if (isCrossCluster(mcs.object) && !services.has(`${metadata.namespace}/${metadata.name}`))
      out.push(
        at(
          mcs,
          [],
          `no Service ${metadata.namespace}/${metadata.name} in the repository: it is propagated nowhere, and only the providers' own Services are collected`,
        ),
      );
  }
  return out;
}
