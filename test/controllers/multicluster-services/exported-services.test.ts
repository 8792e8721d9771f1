import { describe, expect, it } from 'vitest';
import { exportedServices } from '../../../src/controllers/multicluster-services/exported-services.ts';
import { exportYaml, load, mcsYaml, render } from './fixtures.ts';

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
      'a ServiceExport no policy propagates exports nothing',
      exportYaml(['member1'], ['member2']).replace(/kind: ServiceExport, name: web/, 'kind: ServiceExport, name: other'),
      [],
    ],
  ])('%s', (_name, yaml, want) => {
    expect(summary(yaml)).toEqual(want);
  });
});
