import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FleetShape {
  templates: number;
  clusters: number;
  overridePolicies: number;
  /**
   * Apps spread over this many team folders (`teams/t<k>/`), with a flotilla.yaml (prune settings),
   * each folder a tenant of it when `tenantsConfig`.
   */
  tenantFolders?: number;
  tenantsConfig?: boolean;
}

/** flotilla.yaml's settings, and one tenant per team folder granted every team namespace and every cluster. */
function fleetConfigYaml(folders: number, tenants: boolean): string {
  const settings = 'prune:\n  enabled: true\n  maxFraction: 0.25\n';
  if (!tenants) return settings;
  const list = Array.from(
    { length: folders },
    (_, k) => `  - name: t${k}
    paths: ["teams/t${k}/**"]
    namespaces: ["team-*"]
    clusters: {}
    owners: ["@acme/t${k}"]`,
  );
  return `${settings}tenants:\n${list.join('\n')}\n`;
}

function clusterYaml(i: number): string {
  const region = ['us-east-1', 'europe-west1', 'ap-south-1', 'us-west-2', 'eu-north-1'][i % 5];
  return `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata:
  name: member${i}
  labels: {env: ${i % 3 === 0 ? 'staging' : 'prod'}, shard: s${i % 4}}
spec:
  provider: p${i % 3}
  region: ${region}
  zones: [${region}a]
status:
  resourceSummary:
    allocatable: {cpu: "64", memory: 256Gi, pods: "1100"}
`;
}

/** One generated app: a Deployment and its ConfigMap, two YAML documents. */
export function deploymentYaml(i: number): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app-${i}
  namespace: team-${i % 20}
  labels: {app: app-${i}, tier: t${i % 3}}
spec:
  replicas: ${1 + (i % 4)}
  selector:
    matchLabels: {app: app-${i}}
  template:
    metadata:
      labels: {app: app-${i}}
    spec:
      containers:
        - name: app
          image: registry.example.com/team-${i % 20}/app-${i}:1.${i % 10}.0
          args: ["--port=8080", "--id=${i}"]
          resources:
            requests: {cpu: 100m, memory: 128Mi}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: app-${i}
  namespace: team-${i % 20}
data:
  settings.json: '{"id": ${i}, "mode": "default"}'
`;
}

function policiesYaml(overrides: number): string {
  const pp = `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata:
  name: everything
spec:
  resourceSelectors:
    - {apiVersion: apps/v1, kind: Deployment}
    - {apiVersion: v1, kind: ConfigMap}
`;
  const ops = Array.from(
    { length: overrides },
    (_, i) => `---
apiVersion: policy.karmada.io/v1alpha1
kind: ClusterOverridePolicy
metadata:
  name: override-${i}
spec:
  resourceSelectors:
    - {apiVersion: apps/v1, kind: Deployment, labelSelector: {matchLabels: {tier: t${i % 3}}}}
  overrideRules:
    - targetCluster: {labelSelector: {matchLabels: {shard: s${i % 4}}}}
      overriders:
        imageOverrider:
          - {component: Registry, operator: replace, value: mirror-${i}.example.com}
        labelsOverrider:
          - {operator: add, value: {override-${i}: applied}}
        argsOverrider:
          - {containerName: app, operator: add, value: ["--override=${i}"]}
`,
  ).join('');
  return pp + ops;
}

/**
 * A generated fleet repository (one file per template pair, packed), the same on every run, so
 * benchmarks compare like with like.
 */
export function makeFleetRepo(shape: FleetShape): string {
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-bench-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      stdio: 'pipe',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'b',
        GIT_AUTHOR_EMAIL: 'b@b',
        GIT_COMMITTER_NAME: 'b',
        GIT_COMMITTER_EMAIL: 'b@b',
        GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
        GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
      },
    });
  git('init', '-q', '-b', 'main');
  mkdirSync(join(dir, 'clusters'));
  mkdirSync(join(dir, 'apps'));
  for (let i = 0; i < shape.clusters; i++) writeFileSync(join(dir, 'clusters', `member${i}.yaml`), clusterYaml(i));
  const folders = shape.tenantFolders ?? 0;
  for (let k = 0; k < folders; k++) mkdirSync(join(dir, 'teams', `t${k}`), { recursive: true });
  for (let i = 0; i < shape.templates / 2; i++) {
    const folder = folders > 0 ? join('teams', `t${i % folders}`) : 'apps';
    writeFileSync(join(dir, folder, `app-${i}.yaml`), deploymentYaml(i));
  }
  if (folders > 0) writeFileSync(join(dir, 'flotilla.yaml'), fleetConfigYaml(folders, shape.tenantsConfig ?? false));
  writeFileSync(join(dir, 'policies.yaml'), policiesYaml(shape.overridePolicies));
  git('add', '-A');
  git('commit', '-q', '-m', 'bench fleet');
  git('gc', '-q');
  return dir;
}
