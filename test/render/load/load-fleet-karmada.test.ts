import { describe, expect, it } from 'vitest';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import type { Fleet } from '../../../src/render/load/fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';

function load(yaml: string): ReturnType<typeof loadFleet> {
  return loadFleet(parseSources([{ path: 'fleet.yaml', blobId: yaml, content: Buffer.from(yaml) }]));
}
const messages = (yaml: string): string[] => load(yaml).diagnostics.map((d) => `${d.severity}: ${d.message}`);

const selector = 'spec: {resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]}';

describe('loadFleet: namespaces as kubectl apply leaves them', () => {
  it.each<[string, string, (f: Fleet) => unknown, unknown]>([
    [
      'a template without namespace is in default',
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}',
      (f) => f.templates[0]?.object.metadata.namespace,
      'default',
    ],
    [
      'a PropagationPolicy without namespace is in default',
      `apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: p}\n${selector}`,
      (f) => f.propagationPolicies[0]?.object.metadata.namespace,
      'default',
    ],
    [
      'an OverridePolicy without namespace is in default',
      `apiVersion: policy.karmada.io/v1alpha1\nkind: OverridePolicy\nmetadata: {name: o}\n${selector}`,
      (f) => f.overridePolicies[0]?.object.metadata.namespace,
      'default',
    ],
    [
      'a FederatedResourceQuota without namespace is in default',
      'apiVersion: policy.karmada.io/v1alpha1\nkind: FederatedResourceQuota\nmetadata: {name: q}\nspec: {overall: {cpu: "1"}}',
      (f) => f.federatedResourceQuotas[0]?.object.metadata.namespace,
      'default',
    ],
    [
      'a ClusterRole loses its namespace',
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: r, namespace: shop}',
      (f) => f.templates[0]?.object.metadata,
      { name: 'r' },
    ],
    [
      'a ClusterPropagationPolicy loses its namespace',
      `apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterPropagationPolicy\nmetadata: {name: c, namespace: shop}\n${selector}`,
      (f) => f.clusterPropagationPolicies[0]?.object.metadata,
      { name: 'c' },
    ],
    [
      'a Cluster loses its namespace',
      'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: m, namespace: default}\nspec: {syncMode: Push}',
      (f) => f.clusters[0]?.object.metadata,
      { name: 'm' },
    ],
    [
      "a Cluster's deprecated zone is read as zones",
      'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: m}\nspec: {syncMode: Push, zone: z1}',
      (f) => f.clusters[0]?.object.spec,
      { syncMode: 'Push', zones: ['z1'] },
    ],
    [
      'zones stay as written',
      'apiVersion: cluster.karmada.io/v1alpha1\nkind: Cluster\nmetadata: {name: m}\nspec: {syncMode: Push, zones: [z1, z2]}',
      (f) => f.clusters[0]?.object.spec.zones,
      ['z1', 'z2'],
    ],
    [
      'a v1.18 purge mode is loaded under its v1.19 name',
      `apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: p}\nspec: {resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}], propagateDeps: true, failover: {application: {purgeMode: Graciously}}}`,
      (f) => f.propagationPolicies[0]?.object.spec.failover?.application,
      { purgeMode: 'Gracefully', gracePeriodSeconds: 600, decisionConditions: { tolerationSeconds: 300 } },
    ],
  ])('%s', (_name, yaml, pick, want) => {
    const { fleet, diagnostics } = load(yaml);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(pick(fleet)).toEqual(want);
  });

  it('warns once about a namespace on a cluster-scoped object', () => {
    expect(messages('apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: r, namespace: shop}')).toEqual([
      'warning: ClusterRole/shop/r: metadata.namespace: ClusterRole is cluster-scoped: the namespace "shop" is ignored',
    ]);
  });
});

describe('loadFleet: every Karmada kind is recognised, none silently ignored', () => {
  it.each<[string, string, string[], (f: Fleet) => number]>([
    [
      'ClusterTaintPolicy',
      'apiVersion: policy.karmada.io/v1alpha1\nkind: ClusterTaintPolicy\nmetadata: {name: t}\nspec: {taints: [{key: k, effect: NoExecute}]}',
      [],
      (f) => f.clusterTaintPolicies.length,
    ],
    [
      'FederatedResourceQuota, acted on: no warning',
      'apiVersion: policy.karmada.io/v1alpha1\nkind: FederatedResourceQuota\nmetadata: {name: q, namespace: shop}\nspec: {overall: {cpu: "1"}}',
      [],
      (f) => f.federatedResourceQuotas.length,
    ],
    [
      'WorkloadRebalancer',
      'apiVersion: apps.karmada.io/v1alpha1\nkind: WorkloadRebalancer\nmetadata: {name: r}\nspec: {workloads: [{apiVersion: apps/v1, kind: Deployment, namespace: shop, name: web}]}',
      [],
      (f) => f.workloadRebalancers.length,
    ],
    [
      'ResourceRegistry, acted on by the search cache: never a template, no warning',
      'apiVersion: search.karmada.io/v1alpha1\nkind: ResourceRegistry\nmetadata: {name: r}\nspec: {targetCluster: {}, resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]}',
      [],
      (f) => f.resourceRegistries.length + 10 * f.templates.length,
    ],
    [
      'ResourceRegistry with an OpenSearch backend and Secrets: accepted, both warned about',
      'apiVersion: search.karmada.io/v1alpha1\nkind: ResourceRegistry\nmetadata: {name: r}\nspec: {targetCluster: {}, resourceSelectors: [{apiVersion: v1, kind: Secret}], backendStore: {openSearch: {addresses: ["https://os:9200"], secretRef: {namespace: karmada-system, name: os}}}}',
      [
        'warning: ResourceRegistry/r: spec.backendStore.openSearch: Flotilla keeps the search cache in memory: no OpenSearch backend is built, this registry is cached in memory',
        'warning: ResourceRegistry/r: spec.resourceSelectors[0]: Secrets are cached without their values (each shows as ***): the cache is served to whoever holds its token',
      ],
      (f) => f.resourceRegistries.length + 10 * f.templates.length,
    ],
    [
      'MultiClusterService, acted on: no warning',
      'apiVersion: networking.karmada.io/v1alpha1\nkind: MultiClusterService\nmetadata: {name: web, namespace: shop}\nspec: {types: [CrossCluster]}',
      [],
      (f) => f.multiClusterServices.length + 10 * f.templates.length,
    ],
    [
      'ResourceInterpreterWebhookConfiguration',
      'apiVersion: config.karmada.io/v1alpha1\nkind: ResourceInterpreterWebhookConfiguration\nmetadata: {name: w}\nwebhooks: [{name: w.example.io, clientConfig: {url: "https://w.example.io"}, interpreterContextVersions: [v1alpha1]}]',
      [
        'warning: ResourceInterpreterWebhookConfiguration/w: Flotilla does not call resource interpreter webhooks (they need a live endpoint); use a ResourceInterpreterCustomization',
      ],
      (f) => f.templates.length + 1,
    ],
    [
      'FederatedHPA, acted on: no warning',
      'apiVersion: autoscaling.karmada.io/v1alpha1\nkind: FederatedHPA\nmetadata: {name: web, namespace: shop}\nspec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}, maxReplicas: 5}',
      [],
      (f) => f.federatedHPAs.length,
    ],
    [
      'a FederatedHPA with a Pods metric: that metric is not used',
      'apiVersion: autoscaling.karmada.io/v1alpha1\nkind: FederatedHPA\nmetadata: {name: web, namespace: shop}\nspec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}, maxReplicas: 5, metrics: [{type: Pods, pods: {metric: {name: qps}, target: {type: AverageValue, averageValue: "10"}}}]}',
      [
        'warning: FederatedHPA/shop/web: spec.metrics[0]: Flotilla does not support Pods metrics yet (no custom metrics API): this metric is not used, and the FederatedHPA reports it in a ScalingActive condition',
      ],
      (f) => f.federatedHPAs.length,
    ],
    [
      'a FederatedHPA with an External metric: Karmada computes none',
      'apiVersion: autoscaling.karmada.io/v1alpha1\nkind: FederatedHPA\nmetadata: {name: web, namespace: shop}\nspec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}, maxReplicas: 5, metrics: [{type: External, external: {metric: {name: qps}, target: {type: Value, value: "10"}}}]}',
      [
        'warning: FederatedHPA/shop/web: spec.metrics[0]: Karmada computes no External metric: this metric is not used, and the FederatedHPA reports it in a ScalingActive condition (InvalidMetricSourceType)',
      ],
      (f) => f.federatedHPAs.length,
    ],
    [
      'CronFederatedHPA, acted on: no warning',
      'apiVersion: autoscaling.karmada.io/v1alpha1\nkind: CronFederatedHPA\nmetadata: {name: nightly, namespace: shop}\nspec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}, rules: [{name: night, schedule: "0 22 * * *", targetReplicas: 1}]}',
      [],
      (f) => f.cronFederatedHPAs.length,
    ],
    [
      'placement.workloadAffinity',
      'apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: p, namespace: shop}\nspec: {resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}], placement: {workloadAffinity: {affinity: {groupByLabelKey: app.group}}}}',
      [
        'warning: PropagationPolicy/shop/p: spec.placement.workloadAffinity: workloadAffinity is not acted on: the policy is scheduled without it, as in Karmada with its WorkloadAffinity feature gate off (the default; set featureGates: {WorkloadAffinity: true} in flotilla.yaml to act on it)',
      ],
      (f) => f.propagationPolicies.length,
    ],
  ])('%s: its warning, loaded where its controller will find it', (_name, yaml, want, count) => {
    const { fleet, diagnostics } = load(yaml);
    expect(diagnostics.map((d) => `${d.severity}: ${d.message}`)).toEqual(want);
    expect(count(fleet)).toBe(1);
  });

  it('a MultiClusterIngress is loaded for the endpoints controller, with a warning that no load balancer is provisioned', () => {
    const { fleet, diagnostics } = load(
      'apiVersion: networking.karmada.io/v1alpha1\nkind: MultiClusterIngress\nmetadata: {name: demo, namespace: shop}\nspec: {defaultBackend: {service: {name: web, port: {number: 80}}}}',
    );
    expect(fleet.multiClusterIngresses.map((i) => i.object.metadata.name)).toEqual(['demo']);
    expect(fleet.templates).toEqual([]);
    expect(diagnostics.map((d) => `${d.severity}: ${d.message}`)).toEqual([
      "warning: MultiClusterIngress/shop/demo: Flotilla provisions no load balancer for a MultiClusterIngress (Karmada's multicluster-cloud-provider does, through a cloud provider) and writes no status.loadBalancer; its backend Services' endpoints are shared among the members that run them, as a MultiClusterService shares them",
    ]);
  });

  it('placement.workloadAffinity with the WorkloadAffinity gate on: acted on, no warning', () => {
    const yaml =
      'apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: p, namespace: shop}\nspec: {resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}], placement: {workloadAffinity: {affinity: {groupByLabelKey: app.group}}}}';
    const parsed = parseSources([{ path: 'fleet.yaml', blobId: yaml, content: Buffer.from(yaml) }]);
    expect(loadFleet(parsed, { WorkloadAffinity: true }).diagnostics).toEqual([]);
  });

  it.each<[string, string]>([
    [
      'apiVersion: remedy.karmada.io/v1alpha1\nkind: Remedy\nmetadata: {name: r}\nspec: {}',
      'warning: remedy.karmada.io/v1alpha1 Remedy: Flotilla does not act on this Karmada kind, and never propagates it; ignored',
    ],
    [
      'apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata: {name: l, namespace: shop}',
      'warning: coordination.k8s.io/v1 Lease is never propagated; ignored',
    ],
  ])('another Karmada kind or a skipped one is named in a warning, never a template: %s', (yaml, want) => {
    const { fleet, diagnostics } = load(yaml);
    expect(diagnostics.map((d) => `${d.severity}: ${d.message.replace(/^[^:]+: /, '')}`)).toEqual([want]);
    expect(fleet.templates).toEqual([]);
  });

  it('an invalid one is an error and not loaded', () => {
    const { fleet, diagnostics } = load('apiVersion: apps.karmada.io/v1alpha1\nkind: WorkloadRebalancer\nmetadata: {name: r}\nspec: {workloads: []}');
    expect(diagnostics.map((d) => d.severity)).toEqual(['error']);
    expect(fleet.workloadRebalancers).toEqual([]);
  });
});
