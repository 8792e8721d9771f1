import { describe, expect, it } from 'vitest';
import { ingressLocations } from '../../../src/controllers/multicluster-services/ingress-locations.ts';
import { ingressYaml, load, render } from './fixtures.ts';

/** Karmada's mci-service-locations controller: status.serviceLocations from the backends' bindings. */
describe('ingressLocations', () => {
  it.each<[string, string, unknown]>([
    ['a backend: the members its binding places it on', ingressYaml(['member3', 'member1']), [{ name: 'web', clusters: ['member1', 'member3'] }]],
    ['a backend no binding places is left out', ingressYaml([]), []],
    ['several backends, in name order, the unplaced left out', ingressYaml(['member2'], ['api']), [{ name: 'web', clusters: ['member2'] }]],
  ])('%s', (_name, yaml, want) => {
    const fleet = load(yaml);
    const [only] = ingressLocations(
      fleet.multiClusterIngresses.map((i) => i.object),
      render(fleet).bindings,
    );
    expect(only).toEqual({ namespace: 'shop', name: 'web-ingress', serviceLocations: want });
  });
});
