import { describe, expect, it } from 'vitest';
import { exportedServices } from '../../../src/controllers/multicluster-services/exported-services.ts';
import { exportYaml, ingressYaml, load, mcsYaml, render } from './fixtures.ts';

const summary = (yaml: string) => {
  const fleet = load(yaml);
  return exportedServices(fleet, render(fleet).bindings).map((s) => ({
    kind: s.kind,
    service: `${s.namespace}/${s.name}`,
    consumerService: s.consumerService,
    providers: s.providers,
    consumers: s.consumers,
  }));
};

describe('exportedServices: which Services are exposed, from where to where', () => {
  it.each<[string, string, unknown[]]>([
    [
      'a MultiClusterService: the members it names',
      mcsYaml(['member1'], ['member2']),
      [{ kind: 'MultiClusterService', service: 'shop/web', consumerService: 'web', providers: ['member1'], consumers: ['member2'] }],
    ],
    [
      'a MultiClusterService naming no member: every member provides and consumes',
      mcsYaml([], []),
      [
        {
          kind: 'MultiClusterService',
          service: 'shop/web',
          consumerService: 'web',
          providers: ['member1', 'member2', 'member3'],
          consumers: ['member1', 'member2', 'member3'],
        },
      ],
    ],
    [
      'a MultiClusterService naming providers only: every member consumes',
      mcsYaml(['member1', 'member2'], []),
      [
        {
          kind: 'MultiClusterService',
          service: 'shop/web',
          consumerService: 'web',
          providers: ['member1', 'member2'],
          consumers: ['member1', 'member2', 'member3'],
        },
      ],
    ],
    ['a LoadBalancer MultiClusterService exposes nothing across members', mcsYaml(['member1'], ['member2']).replace('CrossCluster', 'LoadBalancer'), []],
    [
      "a ServiceExport: its binding's members provide, its ServiceImport's consume the derived Service",
      exportYaml(['member1'], ['member2', 'member3']),
      [{ kind: 'ServiceExport', service: 'shop/web', consumerService: 'derived-web', providers: ['member1'], consumers: ['member2', 'member3'] }],
    ],
    [
      'a Headless ServiceImport still takes the imported slices, with no derived Service to hold them',
      exportYaml(['member1'], ['member2']).replace('type: ClusterSetIP', 'type: Headless'),
      [{ kind: 'ServiceExport', service: 'shop/web', consumerService: 'derived-web', providers: ['member1'], consumers: ['member2'] }],
    ],
    [
      'a ServiceExport without a ServiceImport is collected for no one',
      exportYaml(['member1'], []),
      [{ kind: 'ServiceExport', service: 'shop/web', consumerService: 'derived-web', providers: ['member1'], consumers: [] }],
    ],
    [
      "a MultiClusterIngress's backend: its binding's members share its endpoints among themselves",
      ingressYaml(['member1', 'member3']),
      [{ kind: 'MultiClusterIngress', service: 'shop/web', consumerService: 'web', providers: ['member1', 'member3'], consumers: ['member1', 'member3'] }],
    ],
    [
      'a backend no policy places is shared nowhere',
      ingressYaml([]),
      [{ kind: 'MultiClusterIngress', service: 'shop/web', consumerService: 'web', providers: [], consumers: [] }],
    ],
    [
      'each backend Service once, in name order',
      ingressYaml(['member2'], ['api', 'web']),
      [
        { kind: 'MultiClusterIngress', service: 'shop/api', consumerService: 'api', providers: [], consumers: [] },
        { kind: 'MultiClusterIngress', service: 'shop/web', consumerService: 'web', providers: ['member2'], consumers: ['member2'] },
      ],
    ],
    [
      'a backend a MultiClusterService already exposes is left to it',
      `${mcsYaml(['member1'], ['member2'])}---\n${ingressYaml([]).split('---\n').slice(4).join('---\n')}`,
      [{ kind: 'MultiClusterService', service: 'shop/web', consumerService: 'web', providers: ['member1'], consumers: ['member2'] }],
    ],
    [
      'a ServiceExport no policy propagates exports nothing',
      exportYaml(['member1'], ['member2']).replace(/kind: ServiceExport, name: web/, 'kind: ServiceExport, name: other'),
      [],
    ],
  ])('%s', (_name, yaml, want) => {
    expect(summary(yaml)).toEqual(want);
  });
});

describe('exportedServices: MultiClusterIngresses sharing a backend', () => {
  it('exports the Service once and names every ingress that routes to it', () => {
    const second = ingressYaml(['member1']).replace('name: web-ingress', 'name: admin-ingress').split('---\n')[4];
    const fleet = load(`${ingressYaml(['member1'])}---\n${second}`);
    const services = exportedServices(fleet, render(fleet).bindings);
    expect(services.map((s) => [s.name, s.key, s.ingresses])).toEqual([['web', 'v1/Service/shop/web', ['admin-ingress', 'web-ingress']]]);
  });
});
