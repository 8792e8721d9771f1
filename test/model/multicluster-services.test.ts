import { describe, expect, it } from 'vitest';
import { ingressBackendServices } from '../../src/model/index.ts';
import type { IngressSpec } from '../../src/model/index.ts';

const svc = (name: string) => ({ service: { name, port: { number: 80 } } });

/** Karmada's BuildServiceRefIndexes: the Services a MultiClusterIngress routes to. */
describe('ingressBackendServices', () => {
  it.each<[string, IngressSpec, string[]]>([
    ['the default backend', { defaultBackend: svc('web') }, ['web']],
    [
      "the rules' paths, each Service once, in name order",
      {
        rules: [
          {
            http: {
              paths: [
                { pathType: 'Prefix', backend: svc('web') },
                { pathType: 'Exact', backend: svc('api') },
              ],
            },
          },
          { http: { paths: [{ pathType: 'Prefix', backend: svc('web') }] } },
        ],
      },
      ['api', 'web'],
    ],
    ['both', { defaultBackend: svc('z'), rules: [{ http: { paths: [{ pathType: 'Prefix', backend: svc('a') }] } }] }, ['a', 'z']],
    ['a rule without http routes nowhere', { rules: [{ host: 'x.example.com' }] }, []],
    ['a resource backend names no Service', { defaultBackend: { resource: { kind: 'Bucket', name: 'b' } } }, []],
  ])('%s', (_name, spec, want) => {
    expect(ingressBackendServices({ spec })).toEqual(want);
  });
});
