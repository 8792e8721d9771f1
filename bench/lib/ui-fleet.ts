// The web view benchmark's fleet: N templates (Deployments and ConfigMaps, bench/lib/fleet-repo.ts's
// apps) over C clusters, each team namespace placed by a PropagationPolicy on its own PER clusters,
// and a status branch for all of it written by the project's status writer, as `apply` would.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClusterStatus } from '../../src/model/index.ts';
import { RECORD_SECTIONS } from '../../src/controllers/index.ts';
import { NativeGitStore } from '../../src/source/index.ts';
import { commitMessage, statusFiles, writeStatusBranch } from '../../src/status/index.ts';
import type { StatusReport, TemplateStatus } from '../../src/status/index.ts';
import { deploymentYaml } from './fleet-repo.ts';

export interface UiFleetShape {
  templates: number;
  clusters: number;
  /** Clusters each template is placed on. */
  perTemplate: number;
}

export const TEAMS = 20;

/** The clusters team `t` is placed on. */
const teamClusters = (t: number, shape: UiFleetShape): string[] =>
  Array.from({ length: shape.perTemplate }, (_, k) => `member${(t * shape.perTemplate + k) % shape.clusters}`);

function clusterYaml(i: number): string {
  return `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: member${i}, labels: {shard: s${i % 4}}}
spec: {provider: p${i % 3}, region: r${i % 5}, zones: [r${i % 5}a]}
`;
}

function teamPolicy(t: number, shape: UiFleetShape): string {
  return `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: team, namespace: team-${t}}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment}, {apiVersion: v1, kind: ConfigMap}]
  placement:
    clusterAffinity: {clusterNames: [${teamClusters(t, shape).join(', ')}]}
`;
}

export function gitIn(dir: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'b',
      GIT_AUTHOR_EMAIL: 'b@b',
      GIT_COMMITTER_NAME: 'b',
      GIT_COMMITTER_EMAIL: 'b@b',
    },
  });
}

/** The generated repository, committed and packed. */
export function makeUiFleetRepo(shape: UiFleetShape): string {
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-bench-ui-'));
  gitIn(dir, 'init', '-q', '-b', 'main');
  for (const sub of ['clusters', 'apps', 'policies']) mkdirSync(join(dir, sub));
  for (let i = 0; i < shape.clusters; i++) writeFileSync(join(dir, 'clusters', `member${i}.yaml`), clusterYaml(i));
  for (let i = 0; i < shape.templates / 2; i++) writeFileSync(join(dir, 'apps', `app-${i}.yaml`), deploymentYaml(i));
  for (let t = 0; t < TEAMS; t++) writeFileSync(join(dir, 'policies', `team-${t}.yaml`), teamPolicy(t, shape));
  gitIn(dir, 'add', '-A');
  gitIn(dir, 'commit', '-q', '-m', 'bench fleet');
  gitIn(dir, 'gc', '-q');
  return dir;
}

function clusterStatus(): ClusterStatus {
  return {
    conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady' }],
    resourceSummary: {
      allocatable: { cpu: '64', memory: '256Gi', pods: '1100' },
      allocated: { cpu: '20', memory: '80Gi', pods: '300' },
    },
  };
}

function templateStatus(
  kind: 'Deployment' | 'ConfigMap',
  i: number,
  shape: UiFleetShape,
  unready: Set<string>,
): TemplateStatus {
  const team = i % TEAMS;
  const replicas = kind === 'Deployment' ? 1 + (i % 4) : 0;
  const name = `app-${i}`;
  const clusters = teamClusters(team, shape);
  const sick = unready.has(name) && kind === 'Deployment';
  return {
    resource: { apiVersion: kind === 'Deployment' ? 'apps/v1' : 'v1', kind, namespace: `team-${team}`, name },
    policy: { kind: 'PropagationPolicy', namespace: `team-${team}`, name: 'team' },
    replicas,
    clusters: clusters.map((c) => ({ name: c, replicas })),
    conditions: [{ type: 'FullyApplied', status: 'True', reason: 'FullyAppliedSuccess' }],
    aggregatedStatus: clusters.map((clusterName, k) => ({
      clusterName,
      applied: true,
      health: sick && k === 0 ? 'Unhealthy' : 'Healthy',
      ...(kind === 'Deployment' ? { status: { replicas, readyReplicas: sick && k === 0 ? 0 : replicas } } : {}),
    })),
    health: sick ? 'Unhealthy' : 'Healthy',
    problems: sick ? [`${clusters[0]}: 0/${replicas} replicas ready`] : [],
  };
}

/** One status commit for the whole fleet; the Deployments named in `unready` are Unhealthy on their first cluster. */
export async function writeUiStatus(
  dir: string,
  shape: UiFleetShape,
  unready: Set<string>,
  at: string,
): Promise<string> {
  const templates: TemplateStatus[] = [];
  for (let i = 0; i < shape.templates / 2; i++) {
    templates.push(templateStatus('Deployment', i, shape, unready), templateStatus('ConfigMap', i, shape, unready));
  }
  const report: StatusReport = {
    sourceCommit: gitIn(dir, 'rev-parse', 'HEAD').trim(),
    reconciledAt: at,
    clusters: Array.from({ length: shape.clusters }, (_, i) => ({ name: `member${i}`, status: clusterStatus() })),
    templates,
  };
  const store = new NativeGitStore(join(dir, '.git'));
  return (await writeStatusBranch(store, statusFiles(report, RECORD_SECTIONS), { message: commitMessage(report) }))
    .commit;
}
