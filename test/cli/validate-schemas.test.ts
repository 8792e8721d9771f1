import { afterAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { runCli } from './run-cli.ts';

afterAll(removeFixtures);

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
        - name: web
          image: nginx
          imagePullPolicy: Sometimes
          resources:
            requets: {cpu: 100m}
`;
const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, kind: Widget}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                size: {type: integer}
`;
const WIDGET = `apiVersion: example.com/v1
kind: Widget
metadata: {name: w, namespace: shop}
spec:
  size: large
`;
const SECRET = `apiVersion: v1
kind: Secret
metadata: {name: db, namespace: shop}
stringData:
  password: {value: hunter2}
tpye: Opaque
`;
const POLICY = `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: all}
spec:
  resourceSelectors:
    - {apiVersion: v1, kind: ConfigMap}
  placement: {}
`;
const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok, namespace: shop}\ndata: {a: b}\n';

interface Diagnostic {
  file: string;
  line: number;
  column: number;
  severity: string;
  message: string;
  object?: string;
  field?: string;
}

describe('validate checks templates against the Kubernetes and CRD schemas', { timeout: 120_000 }, () => {
  const repo = createGitRepo();
  repo.write('apps/web.yaml', DEPLOYMENT);
  repo.write('apps/secret.yaml', SECRET);
  repo.write('apps/ok.yaml', CONFIG_MAP);
  repo.write('crds/widget.yaml', CRD);
  repo.write('apps/widget.yaml', WIDGET);
  repo.write('policies/all.yaml', POLICY);
  repo.commit('schema mistakes');

  it('names file:line:col, the object and the field of each mistake, and exits 1', () => {
    const out = runCli(['validate', '--repo', repo.dir]);
    expect(out.code).toBe(1);
    const errors = out.stdout.split('\n').filter((line) => line.includes(': error: '));
    expect(errors).toEqual([
      'apps/secret.yaml:5:3: error: Secret/shop/db: stringData.password: must be of type string, got object (quote the value; it is not shown here)',
      'apps/secret.yaml:6:1: error: Secret/shop/db: tpye: unknown field "tpye", did you mean "type"?',
      'apps/web.yaml:16:11: error: Deployment/shop/web: spec.template.spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
      'apps/web.yaml:18:13: error: Deployment/shop/web: spec.template.spec.containers[0].resources.requets: unknown field "requets", did you mean "requests"?',
      'apps/widget.yaml:5:3: error: Widget/shop/w: spec.size: must be of type integer, got string',
    ]);
    expect(out.stdout).not.toContain('hunter2');
    expect(out.stdout).toMatch(/6 files, 6 objects at [0-9a-f]{12}: invalid \(5 errors, \d+ warnings?\)/);
  });

  it('carries the object and the field in JSON, and loads the rest', () => {
    const out = runCli(['validate', '--repo', repo.dir, '-o', 'json']);
    const doc = JSON.parse(out.stdout) as { valid: boolean; diagnostics: Diagnostic[] };
    expect(doc.valid).toBe(false);
    expect(doc.diagnostics).toContainEqual({
      file: 'apps/web.yaml',
      line: 18,
      column: 13,
      severity: 'error',
      message: 'Deployment/shop/web: spec.template.spec.containers[0].resources.requets: unknown field "requets", did you mean "requests"?',
      object: 'Deployment/shop/web',
      field: 'spec.template.spec.containers[0].resources.requets',
    });
    // The valid ConfigMap is still loaded: were it left out, its policy would select no template and say so.
    expect(doc.diagnostics.filter((d) => d.file === 'apps/ok.yaml' || d.file === 'policies/all.yaml')).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('hunter2');
  });

  it('a fixed repository validates clean', () => {
    const fixed = createGitRepo();
    fixed.write('apps/ok.yaml', CONFIG_MAP);
    fixed.write('crds/widget.yaml', CRD);
    fixed.write('apps/widget.yaml', WIDGET.replace('large', '3'));
    fixed.write(
      'policies/all.yaml',
      POLICY.replace(
        'kind: ConfigMap}',
        'kind: ConfigMap}\n    - {apiVersion: example.com/v1, kind: Widget}\n    - {apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition}',
      ),
    );
    fixed.commit('fixed');
    const out = runCli(['validate', '--repo', fixed.dir]);
    expect(out.stdout).toMatch(/: valid \(0 errors, 0 warnings\)/);
    expect(out.code).toBe(0);
  });
});
