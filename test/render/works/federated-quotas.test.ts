import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import { MANAGED_BY_LABEL, POLICY_ANNOTATION, TEMPLATE_ANNOTATION } from '../../../src/model/index.ts';
import type { Cluster, FederatedResourceQuota, SourceObject } from '../../../src/model/index.ts';
import { buildWorks } from '../../../src/render/works/build-works.ts';
import { federatedQuotaItems, memberResourceQuota } from '../../../src/render/works/federated-quotas.ts';
import { compileNamespacePatterns } from '../../../src/render/detect/skip-rules.ts';

const origin = { file: 'quota.yaml', line: 1, column: 1 };
const cluster = (name: string): Cluster => ({ apiVersion: 'cluster.karmada.io/v1alpha1', kind: 'Cluster', metadata: { name }, spec: {} });
const clusters = [cluster('member1'), cluster('member2'), cluster('member3')];
const quota = (spec: FederatedResourceQuota['spec'], name = 'team'): SourceObject<FederatedResourceQuota> => ({
  origin,
  object: { apiVersion: 'policy.karmada.io/v1alpha1', kind: 'FederatedResourceQuota', metadata: { name, namespace: 'shop' }, spec },
});
const labels = { 'federatedresourcequota.karmada.io/namespace': 'shop', 'federatedresourcequota.karmada.io/name': 'team' };

describe("memberResourceQuota: Karmada's sync controller, one member", () => {
  it.each<[string, FederatedResourceQuota['spec'], string, unknown]>([
    [
      'a named member gets its assignment as spec.hard',
      { overall: { cpu: '10' }, staticAssignments: [{ clusterName: 'member1', hard: { cpu: '6', memory: '1Gi' } }] },
      'member1',
      { hard: { cpu: '6', memory: '1Gi' } },
    ],
    [
      'a member without an assignment gets a quota that limits nothing',
      { overall: { cpu: '10' }, staticAssignments: [{ clusterName: 'member1', hard: { cpu: '6' } }] },
      'member2',
      {},
    ],
  ])('%s', (_name, spec, member, wantSpec) => {
    expect(memberResourceQuota(quota(spec).object, member)).toEqual({
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name: 'team', namespace: 'shop', labels },
      spec: wantSpec,
    });
  });
});

describe('federatedQuotaItems: the ResourceQuotas of every member', () => {
  it.each<[string, SourceObject<FederatedResourceQuota>[], Record<string, string[]>]>([
    ['no quota: nothing', [], { member1: [], member2: [], member3: [] }],
    ['a quota without static assignments enforces nothing in the members', [quota({ overall: { cpu: '1' } })], { member1: [], member2: [], member3: [] }],
    [
      'a quota with static assignments: one ResourceQuota in every member, hard only where assigned',
      [
        quota({
          overall: { cpu: '10' },
          staticAssignments: [
            { clusterName: 'member1', hard: { cpu: '6' } },
            { clusterName: 'member2', hard: { cpu: '4' } },
          ],
        }),
      ],
      { member1: ['team cpu=6'], member2: ['team cpu=4'], member3: ['team -'] },
    ],
    [
      'an assignment to a cluster the fleet does not have is ignored',
      [quota({ overall: { cpu: '10' }, staticAssignments: [{ clusterName: 'gone', hard: { cpu: '6' } }] })],
      { member1: ['team -'], member2: ['team -'], member3: ['team -'] },
    ],
  ])('%s', (_name, quotas, want) => {
    const items = federatedQuotaItems(quotas, clusters, 'c0ffee');
    const shown = Object.fromEntries(
      [...items].map(([name, list]) => [
        name,
        list.map((i) => {
          const hard = (i.manifest['spec'] as { hard?: Record<string, string> }).hard;
          return `${i.manifest.metadata.name} ${
            hard
              ? Object.entries(hard)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(',')
              : '-'
          }`;
        }),
      ]),
    );
    expect(shown).toEqual(want);
  });

  it('tracks the ResourceQuota as an item of the FederatedResourceQuota', () => {
    const [item] = federatedQuotaItems(
      [quota({ overall: { cpu: '1' }, staticAssignments: [{ clusterName: 'member1', hard: { cpu: '1' } }] })],
      clusters,
      'c0ffee',
    ).get('member1')!;
    expect(item?.template).toEqual({ apiVersion: 'policy.karmada.io/v1alpha1', kind: 'FederatedResourceQuota', namespace: 'shop', name: 'team' });
    expect(item?.manifest.metadata.labels?.[MANAGED_BY_LABEL]).toBe('flotilla');
    expect(item?.manifest.metadata.annotations?.[TEMPLATE_ANNOTATION]).toBe('policy.karmada.io/v1alpha1/FederatedResourceQuota/shop/team');
    expect(item?.manifest.metadata.annotations?.[POLICY_ANNOTATION]).toBe('FederatedResourceQuota/shop/team');
  });
});

describe('buildWorks with FederatedResourceQuotas', () => {
  it("adds the ResourceQuota to each member's Work after the Namespace it needs", () => {
    const built = buildWorks({
      bindings: [],
      clusters,
      interpreter: createInterpreter([]),
      overrides: { clusterOverridePolicies: [], overridePolicies: [] },
      sourceCommit: 'c0ffee',
      skippedNamespaces: compileNamespacePatterns([]),
      federatedResourceQuotas: [quota({ overall: { pods: '10' }, staticAssignments: [{ clusterName: 'member3', hard: { pods: '5' } }] })],
    });
    expect(built.works.get('member3')!.map((i) => `${i.manifest.kind}/${i.manifest.metadata.name}`)).toEqual(['Namespace/shop', 'ResourceQuota/team']);
  });
});
