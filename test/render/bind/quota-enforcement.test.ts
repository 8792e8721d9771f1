import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import type { FeatureGates, TargetCluster } from '../../../src/model/index.ts';
import type { PreviousSchedule } from '../../../src/render/bind/schedule-claims.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';
import { renderFleet } from '../../../src/render/render-fleet.ts';

/**
 * Karmada's FederatedQuotaEnforcement (pkg/webhook/resourcebinding/validating.go): a binding's
 * usage is its scheduled replicas times its per-replica request; a change is admitted only when the
 * namespace's used plus the change stays within every FederatedResourceQuota's overall, else the
 * binding stays as it was with "FederatedResourceQuota(ns/name) exceeded for resource ...".
 */
const fleetText = (overall: string, apps: [string, number, string][]) =>
  [
    'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: m1}\nspec: {region: r1}',
    'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: m2}\nspec: {region: r1}',
    `apiVersion: policy.karmada.io/v1alpha1\nkind: FederatedResourceQuota\nmetadata: {name: q, namespace: apps}\nspec:\n  overall: ${overall}`,
    'apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: all, namespace: apps}\nspec:\n  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]\n  placement: {clusterAffinity: {clusterNames: [m1, m2]}, replicaScheduling: {replicaSchedulingType: Divided, replicaDivisionPreference: Weighted}}',
    ...apps.map(
      ([name, replicas, cpu]) =>
        `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: ${name}, namespace: apps}\nspec:\n  replicas: ${replicas}\n  selector: {matchLabels: {app: ${name}}}\n  template:\n    metadata: {labels: {app: ${name}}}\n    spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: "${cpu}"}}}]}`,
    ),
  ].join('\n---\n');

function render(
  overall: string,
  apps: [string, number, string][],
  previous: Record<string, TargetCluster[]> = {},
  gates: FeatureGates = { FederatedQuotaEnforcement: true },
) {
  const parsed = parseSources([{ path: 'fleet.yaml', blobId: 'f', content: Buffer.from(fleetText(overall, apps)) }], new Map());
  const previousSchedules = new Map<string, PreviousSchedule>(
    Object.entries(previous).map(([name, clusters]) => [`apps/v1/Deployment/apps/${name}`, { clusters, appliedPlacement: 'last' }]),
  );
  const rendered = renderFleet(loadFleet(parsed).fleet, createInterpreter([]), {
    sourceCommit: 'c1',
    detect: {},
    observedClusters: new Map(),
    previousSchedules,
    featureGates: gates,
  });
  const bindings = Object.fromEntries(
    rendered.bindings.map((b) => [
      b.template.object.metadata.name,
      { clusters: (b.binding?.clusters ?? []).map((c) => `${c.name}:${c.replicas}`), error: b.binding?.error ?? null },
    ]),
  );
  return { bindings, errors: rendered.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message) };
}

const EXCEEDED = (requested: string) => `FederatedResourceQuota(apps/q) exceeded for resource cpu: requested sum ${requested}, limit 4.`;

describe('FederatedQuotaEnforcement (docs/karmada-compatibility.md#federated-resource-quotas)', () => {
  it.each<[string, string, [string, number, string][], Record<string, TargetCluster[]>, Record<string, { clusters: string[]; error: string | null }>]>([
    ['within the limit: scheduled', '{cpu: "4"}', [['a', 4, '1']], {}, { a: { clusters: ['m1:2', 'm2:2'], error: null } }],
    [
      'exactly the limit: scheduled',
      '{cpu: "4"}',
      [
        ['a', 2, '1'],
        ['b', 2, '1'],
      ],
      {},
      { a: { clusters: ['m1:1', 'm2:1'], error: null }, b: { clusters: ['m1:1', 'm2:1'], error: null } },
    ],
    [
      'the template that would exceed it is not scheduled, the ones before it are',
      '{cpu: "4"}',
      [
        ['a', 2, '1'],
        ['b', 4, '500m'],
        ['c', 2, '1'],
      ],
      {},
      { a: { clusters: ['m1:1', 'm2:1'], error: null }, b: { clusters: ['m1:2', 'm2:2'], error: null }, c: { clusters: [], error: EXCEEDED('6') } },
    ],
    [
      'a scale-up beyond it keeps the previous clusters',
      '{cpu: "4"}',
      [['a', 6, '1']],
      {
        a: [
          { name: 'm1', replicas: 2 },
          { name: 'm2', replicas: 2 },
        ],
      },
      { a: { clusters: ['m1:2', 'm2:2'], error: EXCEEDED('6') } },
    ],
    ['a resource the quota does not limit is not counted', '{memory: 1Gi}', [['a', 8, '1']], {}, { a: { clusters: ['m1:4', 'm2:4'], error: null } }],
    [
      'what others already use counts: a newcomer does not fit beside them',
      '{cpu: "4"}',
      [
        ['a', 3, '1'],
        ['b', 2, '1'],
      ],
      {
        b: [
          { name: 'm1', replicas: 1 },
          { name: 'm2', replicas: 1 },
        ],
      },
      { a: { clusters: [], error: EXCEEDED('5') }, b: { clusters: ['m1:1', 'm2:1'], error: null } },
    ],
  ])('%s', (_name, overall, apps, previous, want) => {
    const { bindings, errors } = render(overall, apps, previous);
    expect(bindings).toEqual(want);
    const refused = Object.entries(want).filter(([, b]) => b.error !== null);
    expect(errors).toEqual(refused.map(([name, b]) => `Deployment/apps/${name}: cannot be scheduled: ${b.error}`));
  });

  it('with the gate off (the default) nothing is enforced', () => {
    expect(render('{cpu: "1"}', [['a', 4, '1']], {}, {}).bindings).toEqual({ a: { clusters: ['m1:2', 'm2:2'], error: null } });
  });
});
