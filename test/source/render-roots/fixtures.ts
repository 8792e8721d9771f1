import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Fleets as file maps: each case's root is `app/overlay` (overlays) or `app/release` (charts). */
export type FileMap = Record<string, string>;

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: registry.example.com/web:1.0.0
          envFrom:
            - configMapRef:
                name: web-config
          env:
            - name: TOKEN
              valueFrom:
                secretKeyRef:
                  name: web-token
                  key: token
`;

const service = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
    - port: 80
`;

const base: FileMap = {
  'app/base/kustomization.yaml': 'resources:\n  - deployment.yaml\n  - service.yaml\n',
  'app/base/deployment.yaml': deployment,
  'app/base/service.yaml': service,
};

/** Overlays over one base, one feature of kustomize each (and the usual ones together). */
export const OVERLAYS: [string, FileMap][] = [
  [
    'strategic-merge patch, namePrefix, nameSuffix, namespace, labels',
    {
      ...base,
      'app/overlay/kustomization.yaml':
        'resources:\n  - ../base\nnamespace: prod\nnamePrefix: prod-\nnameSuffix: -v2\nlabels:\n  - pairs:\n      team: shop\n    includeSelectors: true\npatches:\n  - path: patch.yaml\n',
      'app/overlay/patch.yaml':
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n        - name: web\n          args: ["--verbose"]\n',
    },
  ],
  [
    'JSON 6902 patch',
    {
      ...base,
      'app/overlay/kustomization.yaml':
        'resources:\n  - ../base\npatches:\n  - target:\n      kind: Service\n      name: web\n    patch: |-\n      - op: replace\n        path: /spec/ports/0/port\n        value: 8080\n',
    },
  ],
  [
    'components',
    {
      ...base,
      'app/components/debug/kustomization.yaml': 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\ncommonAnnotations:\n  debug: "on"\n',
      'app/overlay/kustomization.yaml': 'resources:\n  - ../base\ncomponents:\n  - ../components/debug\n',
    },
  ],
  [
    'replicas and images',
    {
      ...base,
      'app/overlay/kustomization.yaml':
        'resources:\n  - ../base\nreplicas:\n  - name: web\n    count: 5\nimages:\n  - name: registry.example.com/web\n    newName: mirror.example.com/web\n    newTag: 2.0.0\n',
    },
  ],
  [
    'configMap and secret generators whose hashed names flow into the Deployment',
    {
      ...base,
      'app/overlay/kustomization.yaml':
        'resources:\n  - ../base\nconfigMapGenerator:\n  - name: web-config\n    files:\n      - app.properties\n    literals:\n      - MODE=prod\nsecretGenerator:\n  - name: web-token\n    literals:\n      - token=s3cr3t-token-value\n',
      'app/overlay/app.properties': 'cache=on\n',
    },
  ],
];

const chart = (name: string, extra: FileMap = {}, chartYamlTail = ''): FileMap => ({
  [`charts/${name}/Chart.yaml`]: `apiVersion: v2\nname: ${name}\nversion: 1.2.3\nappVersion: "4.5.6"\n${chartYamlTail}`,
  [`charts/${name}/values.yaml`]: 'replicas: 1\nmessage: default\n',
  [`charts/${name}/templates/_helpers.tpl`]: `{{- define "${name}.name" -}}{{ .Release.Name }}-${name}{{- end -}}\n`,
  [`charts/${name}/templates/configmap.yaml`]:
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ include "' +
    name +
    '.name" . }}\n  namespace: {{ .Release.Namespace }}\ndata:\n  message: {{ .Values.message | quote }}\n  replicas: {{ .Values.replicas | quote }}\n  kube: {{ .Capabilities.KubeVersion.Version | quote }}\n  hpa: {{ .Capabilities.APIVersions.Has "autoscaling/v2" | quote }}\n  custom: {{ .Capabilities.APIVersions.Has "example.com/v1" | quote }}\n',
  ...extra,
});

/** Releases of vendored charts through kustomize's helmCharts. */
export const CHARTS: [string, FileMap][] = [
  [
    'values file and inline values',
    {
      ...chart('hello'),
      'app/release/kustomization.yaml':
        'helmGlobals:\n  chartHome: ../../charts\nhelmCharts:\n  - name: hello\n    releaseName: one\n    namespace: web\n    valuesFile: prod-values.yaml\n    valuesInline:\n      message: inline\n',
      'app/release/prod-values.yaml': 'replicas: 3\n',
    },
  ],
  [
    'a dependency (subchart) and includeCRDs',
    {
      ...chart(
        'umbrella',
        {
          'charts/umbrella/charts/child/Chart.yaml': 'apiVersion: v2\nname: child\nversion: 0.1.0\n',
          'charts/umbrella/charts/child/templates/sa.yaml': 'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Release.Name }}-child\n',
          'charts/umbrella/crds/widget.yaml':
            'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  names:\n    kind: Widget\n    plural: widgets\n  scope: Namespaced\n  versions:\n    - name: v1\n      served: true\n      storage: true\n      schema:\n        openAPIV3Schema:\n          type: object\n',
        },
        'dependencies:\n  - name: child\n    version: 0.1.0\n',
      ),
      'app/release/kustomization.yaml':
        'helmGlobals:\n  chartHome: ../../charts\nhelmCharts:\n  - name: umbrella\n    releaseName: two\n    includeCRDs: true\n',
    },
  ],
  [
    '.Capabilities from kubeVersion and apiVersions',
    {
      ...chart('caps'),
      'app/release/kustomization.yaml':
        'helmGlobals:\n  chartHome: ../../charts\nhelmCharts:\n  - name: caps\n    releaseName: three\n    kubeVersion: "1.36.3"\n    apiVersions:\n      - example.com/v1\n',
    },
  ],
];

/**
 * Writes the chart `remote` 1.0.0 (one ConfigMap named after the release, its `message` from the
 * values) into `dir/remote` and returns that folder, for tests that serve charts from a repository.
 */
export function writeRemoteChart(dir: string, message: string): string {
  const chart = path.join(dir, 'remote');
  mkdirSync(path.join(chart, 'templates'), { recursive: true });
  writeFileSync(path.join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: remote\nversion: 1.0.0\n');
  writeFileSync(path.join(chart, 'values.yaml'), `message: ${message}\n`);
  writeFileSync(
    path.join(chart, 'templates', 'cm.yaml'),
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\ndata:\n  message: {{ .Values.message | quote }}\n',
  );
  return chart;
}
