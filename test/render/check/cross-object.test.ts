import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import { checkFleetReferences } from '../../../src/render/check/fleet-references.ts';
import { fleetLocator } from '../../../src/render/check/locate.ts';
import { dependenciesOf, unpropagatedTemplates } from '../../../src/render/check/unpropagated.ts';
import { detect } from '../../../src/render/detect/detect.ts';
import { loadFleet } from '../../../src/render/load/load-fleet.ts';
import { parseSources } from '../../../src/render/parse/parse-sources.ts';

const clusters = ['staging', 'production']
  .map(
    (name) => `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: ${name}}
spec: {syncMode: Push}`,
  )
  .join('\n---\n');

const web = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: nginx, envFrom: [{configMapRef: {name: web-config}}]}]`;

const config = (name: string) => `apiVersion: v1
kind: ConfigMap
metadata: {name: ${name}, namespace: shop}
data: {a: b}`;

const pp = (spec: string) => `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: pp, namespace: shop}
spec:
${spec}`;

function warnings(...docs: string[]): string[] {
  const parsed = parseSources([{ path: 'fleet.yaml', blobId: 'b', content: Buffer.from(docs.join('\n---\n')) }]);
  const { fleet, diagnostics } = loadFleet(parsed);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const at = fleetLocator(parsed);
  const interpreter = createInterpreter([]);
  return [...checkFleetReferences(fleet, at), ...unpropagatedTemplates(detect(fleet), dependenciesOf(interpreter), at)].map(
    (d) => `${d.line}:${d.column}: ${d.message}`,
  );
}

const selectWeb = '  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]';

describe('cross-object warnings', () => {
  it.each([
    {
      name: 'a misspelt cluster name, with the closest one',
      docs: [clusters, web, pp(`${selectWeb}\n  placement: {clusterAffinity: {clusterNames: [staging, prodution]}}`)],
      want: [
        '27:57: PropagationPolicy/shop/pp: spec.placement.clusterAffinity.clusterNames[1]: no Cluster prodution in the repository; did you mean production?',
      ],
    },
    {
      name: 'an unknown excluded cluster without a close name',
      docs: [clusters, web, pp(`${selectWeb}\n  placement: {clusterAffinity: {exclude: [qa-eu]}}`)],
      want: ['27:43: PropagationPolicy/shop/pp: spec.placement.clusterAffinity.exclude[0]: no Cluster qa-eu in the repository'],
    },
    {
      name: 'cluster names in clusterAffinities terms',
      docs: [clusters, web, pp(`${selectWeb}\n  placement:\n    clusterAffinities:\n    - {affinityName: a, clusterNames: [Staging]}`)],
      want: [
        '29:40: PropagationPolicy/shop/pp: spec.placement.clusterAffinities[0].clusterNames[0]: no Cluster Staging in the repository; did you mean staging?',
      ],
    },
    {
      name: "an override rule's target cluster",
      docs: [
        clusters,
        web,
        pp(selectWeb),
        `apiVersion: policy.karmada.io/v1alpha1
kind: OverridePolicy
metadata: {name: op, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}]
  overrideRules:
  - targetCluster: {clusterNames: [stagin]}
    overriders: {labelsOverrider: [{operator: add, value: {a: b}}]}`,
      ],
      want: ['34:36: OverridePolicy/shop/op: spec.overrideRules[0].targetCluster.clusterNames[0]: no Cluster stagin in the repository; did you mean staging?'],
    },
    {
      name: 'no clusters in the repository: names are not checked',
      docs: [web, pp(`${selectWeb}\n  placement: {clusterAffinity: {clusterNames: [anything]}}`)],
      want: [],
    },
    {
      name: 'a selector that selects nothing, and the template nothing selects',
      docs: [clusters, web, pp('  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: wbe}]')],
      want: [
        '26:23: PropagationPolicy/shop/pp: spec.resourceSelectors[0]: selects no template in the repository',
        '11:1: Deployment/shop/web: no PropagationPolicy or ClusterPropagationPolicy selects it, so it is propagated nowhere',
      ],
    },
    {
      name: 'a ConfigMap the selected workload uses follows it with propagateDeps; another does not',
      docs: [clusters, web, config('web-config'), config('stray'), pp(`${selectWeb}\n  propagateDeps: true`)],
      want: ['27:1: ConfigMap/shop/stray: no PropagationPolicy or ClusterPropagationPolicy selects it, so it is propagated nowhere'],
    },
    {
      name: 'without propagateDeps the used ConfigMap is propagated nowhere',
      docs: [clusters, web, config('web-config'), pp(selectWeb)],
      want: ['22:1: ConfigMap/shop/web-config: no PropagationPolicy or ClusterPropagationPolicy selects it, so it is propagated nowhere'],
    },
    {
      name: 'an HPA written as autoscaling/v1 is selected as autoscaling/v2, and a v1 selector selects nothing',
      docs: [
        clusters,
        web,
        pp(selectWeb),
        'apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata: {name: web, namespace: shop}\nspec: {scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}, maxReplicas: 3}',
        pp('  resourceSelectors: [{apiVersion: autoscaling/v2, kind: HorizontalPodAutoscaler, name: web}]').replace('name: pp', 'name: hpa'),
        pp('  resourceSelectors: [{apiVersion: autoscaling/v1, kind: HorizontalPodAutoscaler, name: web}]').replace('name: pp', 'name: old'),
      ],
      want: [
        "43:24: PropagationPolicy/shop/old: spec.resourceSelectors[0].apiVersion: selects HorizontalPodAutoscaler at autoscaling/v1, which Karmada's detector never sees: it sees every HorizontalPodAutoscaler at the API server's preferred version autoscaling/v2, so this selector matches nothing (select apiVersion autoscaling/v2)",
        "28:1: HorizontalPodAutoscaler/shop/web: apiVersion: written as autoscaling/v1; Karmada's detector sees every HorizontalPodAutoscaler at the API server's preferred version autoscaling/v2, so resource selectors match it as autoscaling/v2 (the manifest sent stays autoscaling/v1)",
      ],
    },
    {
      name: 'a policy for another scheduler: its templates are not scheduled',
      docs: [clusters, web, pp(`${selectWeb}\n  schedulerName: custom-scheduler`)],
      want: [
        "27:3: PropagationPolicy/shop/pp: spec.schedulerName: schedulerName custom-scheduler names a scheduler Flotilla does not have (Karmada's default scheduler leaves the binding to it): the templates it claims are not scheduled (a template scheduled before keeps its clusters)",
      ],
    },
    {
      name: 'Namespaces are synced to every cluster; templates in skipped namespaces are left alone',
      docs: [clusters, 'apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}', config('x').replace('shop', 'kube-public')],
      want: [],
    },
  ])('$name', ({ docs, want }) => {
    expect(warnings(...docs)).toEqual(want);
  });
});

describe('cross-object warnings: MultiClusterService', () => {
  const service = 'apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: shop}\nspec: {ports: [{port: 80}]}';
  const mcs = (spec: string) => `apiVersion: networking.karmada.io/v1alpha1\nkind: MultiClusterService\nmetadata: {name: web, namespace: shop}\nspec: ${spec}`;
  it.each<[string, string[], string[]]>([
    [
      'members the repository has, and its Service: nothing to say',
      [service, mcs('{types: [CrossCluster], providerClusters: [{name: staging}], consumerClusters: [{name: production}]}')],
      [],
    ],
    [
      'a member no Cluster is',
      [service, mcs('{types: [CrossCluster], providerClusters: [{name: stagign}]}')],
      ['19:51: MultiClusterService/shop/web: spec.providerClusters[0].name: no Cluster stagign in the repository; did you mean staging?'],
    ],
    [
      'no Service of its name',
      [mcs('{types: [CrossCluster]}')],
      [
        "11:1: MultiClusterService/shop/web: no Service shop/web in the repository: it is propagated nowhere, and only the providers' own Services are collected",
      ],
    ],
  ])('%s', (_name, docs, want) => {
    expect(warnings(clusters, ...docs)).toEqual(want);
  });
});

describe('cross-object warnings: MultiClusterIngress', () => {
  const service = 'apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: shop}\nspec: {ports: [{port: 80}]}';
  const mci = (backend: string) =>
    `apiVersion: networking.karmada.io/v1alpha1\nkind: MultiClusterIngress\nmetadata: {name: demo, namespace: shop}\nspec:\n  defaultBackend: {service: {name: web, port: {number: 80}}}\n  rules: [{http: {paths: [{path: /, pathType: Prefix, backend: {service: {name: ${backend}, port: {number: 80}}}}]}}]`;
  const policy =
    'apiVersion: policy.karmada.io/v1alpha1\nkind: PropagationPolicy\nmetadata: {name: svc, namespace: shop}\nspec: {resourceSelectors: [{apiVersion: v1, kind: Service}], placement: {clusterAffinity: {clusterNames: [staging]}}}';
  it.each<[string, string[], string[]]>([
    ['backends the repository defines: nothing to say', [service, mci('web'), policy], []],
    [
      'a backend Service the repository does not define, with the closest name',
      [service, mci('wbe'), policy],
      [
        '21:75: MultiClusterIngress/shop/demo: spec.rules[0].http.paths[0].backend.service.name: no Service shop/wbe in the repository: this backend runs nowhere; did you mean web?',
      ],
    ],
  ])('%s', (_name, docs, want) => {
    expect(warnings(clusters, ...docs)).toEqual(want);
  });
});
