// A throw-away fleet repository for the web view's tests: three members, a Deployment whose
// annotations and commit message are hostile markup, a Secret with a known value, and a status
// branch written by the project's own status writer (what `apply` would have written).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RECORD_SECTIONS } from '../../../src/controllers/index.ts';
import { NativeGitStore } from '../../../src/source/index.ts';
import { commitMessage, statusFiles, writeStatusBranch } from '../../../src/status/index.ts';
import type { StatusReport, TemplateStatus } from '../../../src/status/index.ts';

export const SECRET_VALUE = 'hunter2-do-not-show';
export const HOSTILE = '<img src=x onerror="window.__pwned=1">';

const MEMBERS = ['member1', 'member2', 'member3'];

const clusters = MEMBERS.map(
  (name) => `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: ${name}, labels: {tier: gold}}
spec: {syncMode: Push, region: eu-${name}}
`,
).join('---\n');

const policy = `apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  propagateDeps: true
  placement:
    clusterAffinity: {clusterNames: [member1, member2]}
    replicaScheduling: {replicaSchedulingType: Duplicated}
`;

const web = JSON.stringify({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop', labels: { app: 'web' }, annotations: { note: HOSTILE } },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        containers: [{ name: 'web', image: 'nginx', env: [{ name: 'DB', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }] }],
      },
    },
  },
});

const secret = JSON.stringify({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 'db', namespace: 'shop' },
  stringData: { password: SECRET_VALUE },
});

export const WEB_ID = 'apps/Deployment/shop/web';

export class UiFleet {
  readonly dir = mkdtempSync(join(tmpdir(), 'flotilla-ui-'));

  constructor() {
    this.git('init', '-q', '-b', 'main');
    this.commit({ 'clusters.yaml': clusters, 'policy.yaml': policy, 'web.json': web, 'secret.json': secret }, 'first');
  }

  commit(files: Record<string, string>, message: string): string {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(this.dir, file)), { recursive: true });
      writeFileSync(join(this.dir, file), text);
    }
    this.git('add', '-A');
    this.git('commit', '-q', '-m', message);
    return this.head();
  }

  head(): string {
    return this.git('rev-parse', 'HEAD').trim();
  }

  /** Writes one status commit, as `apply` would after a pass; `ready` is each member's readyReplicas of web. */
  async writeStatus(ready: number, at = '2026-12-04T10:00:00Z'): Promise<string> {
    const report = statusReport(this.head(), ready, at);
    const store = new NativeGitStore(join(this.dir, '.git'));
    const result = await writeStatusBranch(store, statusFiles(report, RECORD_SECTIONS), { message: commitMessage(report) });
    return result.commit;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  git(...args: string[]): string {
    return execFileSync('git', args, {
      cwd: this.dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
    });
  }
}

function webStatus(ready: number): TemplateStatus {
  const health = ready >= 2 ? 'Healthy' : 'Unhealthy';
  return {
    resource: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' },
    policy: { kind: 'PropagationPolicy', namespace: 'shop', name: 'web' },
    replicas: 2,
    clusters: [
      { name: 'member1', replicas: 2 },
      { name: 'member2', replicas: 2 },
    ],
    conditions: [{ type: 'FullyApplied', status: 'True', reason: 'FullyAppliedSuccess', message: 'All works have been successfully applied' }],
    aggregatedStatus: ['member1', 'member2'].map((clusterName) => ({
      clusterName,
      applied: true,
      health,
      status: { replicas: 2, readyReplicas: ready },
    })),
    health,
    problems: ready >= 2 ? [] : [`member1: ${ready}/2 replicas ready`],
  };
}

function statusReport(sourceCommit: string, ready: number, reconciledAt: string): StatusReport {
  return {
    sourceCommit,
    reconciledAt,
    clusters: MEMBERS.map((name) => ({
      name,
      status: {
        conditions: [{ type: 'Ready', status: 'True', reason: 'ClusterReady', message: 'ready' }],
        resourceSummary: { allocatable: { cpu: '8', memory: '32Gi', pods: '110' }, allocated: { cpu: '1', memory: '2Gi', pods: '4' } },
      },
    })),
    templates: [webStatus(ready)],
    records: {
      autoscaling: {
        federatedHPAs: [
          {
            namespace: 'shop',
            name: 'web',
            scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
            status: { currentReplicas: 4, desiredReplicas: 4, lastScaleTime: '2026-12-04T09:30:00Z' },
            scaleEvents: [
              { time: '2026-12-04T09:30:00Z', from: 3, to: 4, reason: 'cpu above target' },
              { time: '2026-12-04T09:00:00Z', from: 2, to: 3, reason: 'cpu above target' },
            ],
          },
        ],
        cronFederatedHPAs: [],
        workloads: [],
      },
    },
  };
}
